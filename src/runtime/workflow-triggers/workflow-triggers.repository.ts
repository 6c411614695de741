import { Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { type Page } from '../../core/api/page.dto';
import {
  type RunStatus,
  type TriggerFireOutcome,
  workflowRuns,
  workflowTriggerFires,
  workflowTriggers,
} from '../../database/schema';
import { Transactions } from '../../database/transactions';
import { rawRows } from '../../database/raw-rows';
import { isUuid } from '../../database/uuid';

export type WorkflowTriggerRow = typeof workflowTriggers.$inferSelect;
export type WorkflowTriggerFireRow = typeof workflowTriggerFires.$inferSelect;
export type NewWorkflowTrigger = typeof workflowTriggers.$inferInsert;

/** What a change of a trigger may set. */
export type WorkflowTriggerChanges = Partial<
  Pick<
    WorkflowTriggerRow,
    'enabled' | 'verification' | 'input' | 'cron' | 'timezone' | 'overlap' | 'deliveries_per_minute'
  >
>;

/** A delivery's place in its trigger's minute: taken, or refused until the minute ends. */
export type DeliverySlot = { taken: true } | { taken: false; retryAfterSeconds: number };

@Injectable()
export class WorkflowTriggersRepository {
  constructor(private readonly transactions: Transactions) {}

  async insert(trigger: NewWorkflowTrigger): Promise<WorkflowTriggerRow> {
    const [row] = await this.transactions.db.insert(workflowTriggers).values(trigger).returning();
    return row;
  }

  /** Never a row for an id that is not a UUID. */
  find(id: string): Promise<WorkflowTriggerRow | undefined> {
    return isUuid(id) ? this.select(id) : Promise.resolve(undefined);
  }

  /** The workflow's triggers, oldest first. */
  listOf(workflowId: string): Promise<WorkflowTriggerRow[]> {
    return this.transactions.db
      .select()
      .from(workflowTriggers)
      .where(eq(workflowTriggers.workflow_id, workflowId))
      .orderBy(asc(workflowTriggers.created_at), asc(workflowTriggers.id));
  }

  async update(
    id: string,
    changes: WorkflowTriggerChanges,
  ): Promise<WorkflowTriggerRow | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await this.transactions.db
      .update(workflowTriggers)
      .set({ ...changes, updated_at: new Date() })
      .where(eq(workflowTriggers.id, id))
      .returning();
    return row;
  }

  async delete(id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    const deleted = await this.transactions.db
      .delete(workflowTriggers)
      .where(eq(workflowTriggers.id, id))
      .returning({ id: workflowTriggers.id });
    return deleted.length > 0;
  }

  /** Records what a fire did (at its time, default now); one with the same key is kept as it was. */
  async recordFire(
    triggerId: string,
    dedupeKey: string,
    outcome: TriggerFireOutcome,
    workflowRunId?: string,
    firedAt?: Date,
  ): Promise<void> {
    await this.transactions.db
      .insert(workflowTriggerFires)
      .values({
        trigger_id: triggerId,
        dedupe_key: dedupeKey,
        outcome,
        workflow_run_id: workflowRunId,
        fired_at: firedAt,
      })
      .onConflictDoNothing();
  }

  /** The run a fire with this key started, if one did. */
  async firedRun(triggerId: string, dedupeKey: string): Promise<string | undefined> {
    const [row] = await this.transactions.db
      .select({ runId: workflowTriggerFires.workflow_run_id })
      .from(workflowTriggerFires)
      .where(
        and(
          eq(workflowTriggerFires.trigger_id, triggerId),
          eq(workflowTriggerFires.dedupe_key, dedupeKey),
        ),
      );
    return row?.runId ?? undefined;
  }

  /**
   * Counts a delivery in the webhook's current minute (the database's clock) if the minute has
   * room. One conditional update of the trigger's row: PostgreSQL re-checks the condition under
   * the row's lock, so deliveries racing on any number of instances never pass the limit.
   */
  async takeDeliverySlot(id: string): Promise<DeliverySlot> {
    const minute = sql`date_trunc('minute', now(), 'UTC')`;
    const taken = await rawRows<{ id: string }>(
      this.transactions.db,
      sql`UPDATE workflow_triggers SET
            delivery_window_count = CASE WHEN delivery_window_start = ${minute}
              THEN delivery_window_count + 1 ELSE 1 END,
            delivery_window_start = ${minute}
          WHERE id = ${id} AND (delivery_window_start IS DISTINCT FROM ${minute}
            OR delivery_window_count < deliveries_per_minute)
          RETURNING id`,
    );
    if (taken.length > 0) return { taken: true };
    const [{ seconds }] = await rawRows<{ seconds: number }>(
      this.transactions.db,
      sql`SELECT ceil(extract(epoch FROM ${minute} + interval '1 minute' - now()))::int AS seconds`,
    );
    return { taken: false, retryAfterSeconds: Math.max(1, seconds) };
  }

  /** How the run of the trigger's latest fire but the one of `dedupeKey` stands, if any. */
  async previousRunStatus(triggerId: string, dedupeKey: string): Promise<RunStatus | undefined> {
    const [row] = await this.transactions.db
      .select({ status: workflowRuns.status })
      .from(workflowTriggerFires)
      .innerJoin(workflowRuns, eq(workflowRuns.id, workflowTriggerFires.workflow_run_id))
      .where(
        and(
          eq(workflowTriggerFires.trigger_id, triggerId),
          ne(workflowTriggerFires.dedupe_key, dedupeKey),
        ),
      )
      .orderBy(desc(workflowTriggerFires.fired_at))
      .limit(1);
    return row?.status;
  }

  /**
   * Sets a schedule's next fire time (null: none); with `replacing`, only while its plan is
   * still that one. Whether it was set.
   */
  async planNextFire(id: string, due: Date | null, replacing?: Date): Promise<boolean> {
    const current = replacing ? eq(workflowTriggers.next_fire_at, replacing) : undefined;
    const planned = await this.transactions.db
      .update(workflowTriggers)
      .set({ next_fire_at: due })
      .where(and(eq(workflowTriggers.id, id), current))
      .returning({ id: workflowTriggers.id });
    return planned.length > 0;
  }

  /** Enabled schedules without a plan: their plan was never made or was lost. */
  unplannedSchedules(): Promise<WorkflowTriggerRow[]> {
    return this.transactions.db
      .select()
      .from(workflowTriggers)
      .where(
        and(
          eq(workflowTriggers.type, 'schedule'),
          eq(workflowTriggers.enabled, true),
          isNull(workflowTriggers.next_fire_at),
        ),
      );
  }

  /** One page of the trigger's fires, newest first. */
  async fires(
    triggerId: string,
    page: { limit: number; offset: number },
  ): Promise<Page<WorkflowTriggerFireRow>> {
    const where = eq(workflowTriggerFires.trigger_id, triggerId);
    const [items, [{ total }]] = await Promise.all([
      this.transactions.db
        .select()
        .from(workflowTriggerFires)
        .where(where)
        .orderBy(desc(workflowTriggerFires.fired_at), desc(workflowTriggerFires.id))
        .limit(page.limit)
        .offset(page.offset),
      this.transactions.db.select({ total: count() }).from(workflowTriggerFires).where(where),
    ]);
    return { items, total, ...page };
  }

  private async select(id: string): Promise<WorkflowTriggerRow | undefined> {
    const [row] = await this.transactions.db
      .select()
      .from(workflowTriggers)
      .where(eq(workflowTriggers.id, id));
    return row;
  }
}
