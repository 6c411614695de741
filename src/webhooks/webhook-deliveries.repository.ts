import { Injectable } from '@nestjs/common';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  type WebhookDeliveryStatus,
  type WebhookSubjectKind,
  webhookDeliveries,
} from '../database/schema';
import { Transactions } from '../database/transactions';

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

export interface NewWebhookDelivery {
  url: string;
  type: string;
  subjectKind: WebhookSubjectKind;
  subjectId: string;
  body: string;
  contentType?: string;
  sealedHeaders?: string;
}

/** What one attempt left: how the delivery stands after it. */
export interface AttemptRecord {
  status: WebhookDeliveryStatus;
  lastError: string | null;
}

@Injectable()
export class WebhookDeliveriesRepository {
  constructor(private readonly transactions: Transactions) {}

  async insert(delivery: NewWebhookDelivery): Promise<WebhookDeliveryRow> {
    const [row] = await this.transactions.db
      .insert(webhookDeliveries)
      .values({
        url: delivery.url,
        type: delivery.type,
        subject_kind: delivery.subjectKind,
        subject_id: delivery.subjectId,
        body: delivery.body,
        content_type: delivery.contentType,
        sealed_headers: delivery.sealedHeaders,
      })
      .returning();
    return row;
  }

  async find(id: string): Promise<WebhookDeliveryRow | undefined> {
    const [row] = await this.transactions.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, id));
    return row;
  }

  /** The subject's latest delivery. */
  async latestOf(
    kind: WebhookSubjectKind,
    subjectId: string,
  ): Promise<WebhookDeliveryRow | undefined> {
    const [row] = await this.transactions.db
      .select()
      .from(webhookDeliveries)
      .where(
        and(eq(webhookDeliveries.subject_kind, kind), eq(webhookDeliveries.subject_id, subjectId)),
      )
      .orderBy(desc(webhookDeliveries.created_at), desc(webhookDeliveries.id))
      .limit(1);
    return row;
  }

  /**
   * Counts the attempt that followed `attemptsBefore` and records its outcome; false when that
   * attempt was recorded already (a job run twice), so it is counted once.
   */
  async recordAttempt(
    id: string,
    attemptsBefore: number,
    outcome: AttemptRecord,
  ): Promise<boolean> {
    const rows = await this.transactions.db
      .update(webhookDeliveries)
      .set({
        status: outcome.status,
        attempts: attemptsBefore + 1,
        last_error: outcome.lastError,
        updated_at: sql`now()`,
      })
      .where(
        and(
          eq(webhookDeliveries.id, id),
          eq(webhookDeliveries.status, 'pending'),
          eq(webhookDeliveries.attempts, attemptsBefore),
        ),
      )
      .returning({ id: webhookDeliveries.id });
    return rows.length === 1;
  }
}
