import { Injectable } from '@nestjs/common';
import { type WebhookDeliveryStatus, type WebhookSubjectKind } from '../database/schema';
import { Transactions } from '../database/transactions';
import { JobQueue } from '../jobs/job-queue';
import { SecretBox } from '../secrets/secret-box';
import {
  type NewWebhookDelivery,
  WebhookDeliveriesRepository,
} from './webhook-deliveries.repository';

/** The queue whose jobs attempt deliveries. */
export const WEBHOOK_DELIVERY_QUEUE = 'webhook-delivery';

/** A delivery job: which outbox row to attempt. */
export interface WebhookDeliveryJob {
  deliveryId: string;
}

export type WebhookType =
  | 'run.completed'
  | 'run.failed'
  | 'run.cancelled'
  | 'run.awaiting_approval'
  | 'workflow_run.completed'
  | 'workflow_run.failed'
  | 'workflow_run.cancelled'
  | 'workflow_run.awaiting_approval';

export interface WebhookNotice {
  url: string;
  type: WebhookType;
  subject: { kind: WebhookSubjectKind; id: string };
  /** The run or workflow run as its GET shows it, at the change. */
  data: unknown;
}

/**
 * A notice whose body its sender shapes (a protocol's own payload, as A2A's push notifications
 * are), posted with its content type and the headers its receiver asked for besides the
 * signature's.
 */
export interface ShapedWebhookNotice {
  url: string;
  type: string;
  subject: { kind: WebhookSubjectKind; id: string };
  body: string;
  contentType: string;
  /** Kept sealed until sent: they may carry the receiver's credentials. */
  headers: Record<string, string>;
}

/** How the latest delivery about a run stands, for its GET view. */
export interface WebhookState {
  status: WebhookDeliveryStatus;
  attempts: number;
  last_error: string | null;
}

/**
 * Where the runtime records that a receiver is to be told of a change: the notice is stored,
 * and its first delivery job queued, in the transaction of the change itself, so it is sent
 * (at least once) exactly when the change is committed.
 */
@Injectable()
export class WebhookOutbox {
  constructor(
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly jobs: JobQueue,
    private readonly transactions: Transactions,
    private readonly box: SecretBox,
  ) {}

  /** Joins the caller's unit of work (or makes one of its own). */
  record(notice: WebhookNotice): Promise<void> {
    const body = JSON.stringify({
      type: notice.type,
      timestamp: new Date().toISOString(),
      data: notice.data,
    });
    return this.enqueue({
      url: notice.url,
      type: notice.type,
      subjectKind: notice.subject.kind,
      subjectId: notice.subject.id,
      body,
    });
  }

  /** Records a shaped notice, as `record` does. */
  recordShaped(notice: ShapedWebhookNotice): Promise<void> {
    const headers = Object.keys(notice.headers).length > 0 ? notice.headers : undefined;
    return this.enqueue({
      url: notice.url,
      type: notice.type,
      subjectKind: notice.subject.kind,
      subjectId: notice.subject.id,
      body: notice.body,
      contentType: notice.contentType,
      sealedHeaders: headers && this.box.seal(JSON.stringify(headers)),
    });
  }

  private enqueue(delivery: NewWebhookDelivery): Promise<void> {
    return this.transactions.run(async () => {
      const { id } = await this.deliveries.insert(delivery);
      await this.jobs.send<WebhookDeliveryJob>(
        WEBHOOK_DELIVERY_QUEUE,
        { deliveryId: id },
        { singletonKey: id },
      );
    });
  }

  /** The subject's latest delivery, or null when none was asked for. */
  async stateOf(kind: WebhookSubjectKind, id: string): Promise<WebhookState | null> {
    const latest = await this.deliveries.latestOf(kind, id);
    if (!latest) return null;
    return { status: latest.status, attempts: latest.attempts, last_error: latest.last_error };
  }
}
