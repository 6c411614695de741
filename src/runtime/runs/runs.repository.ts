import { Injectable } from '@nestjs/common';
import { type SQL, type SQLWrapper, and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { ACTIVE_RUN_STATUSES, type RunStatus, runs } from '../../database/schema';
import { preparedQuery } from '../../database/prepared-queries';
import { rawRows } from '../../database/raw-rows';
import { Transactions } from '../../database/transactions';
import { type Beat, beatRows } from './beat-rows';
import { isUuid } from '../../database/uuid';
import { type TokenUsage } from '../../providers/model-provider.contract';
import { WebhookOutbox, type WebhookType } from '../../webhooks/webhook-outbox';
import { toRunDto } from './run-views';

export type RunRow = typeof runs.$inferSelect;

export interface NewRun {
  sessionId: string;
  owner: string;
  keyId?: string;
  model?: string;
  idempotencyKey?: string;
  requestHash?: string;
  thinkingBudget?: number;
  parentRunId?: string;
  depth?: number;
  traceParent?: string;
  workflowRunId?: string;
  webhookUrl?: string;
}

/** The columns of a new running run (with `id`, the run's id made beforehand). */
export function runValues(run: NewRun & { id?: string }) {
  return {
    id: run.id,
    session_id: run.sessionId,
    owner: run.owner,
    key_id: run.keyId,
    model: run.model,
    idempotency_key: run.idempotencyKey,
    request_hash: run.requestHash,
    thinking_budget: run.thinkingBudget,
    parent_run_id: run.parentRunId,
    depth: run.depth ?? 0,
    trace_parent: run.traceParent,
    workflow_run_id: run.workflowRunId,
    webhook_url: run.webhookUrl,
    heartbeat_at: sql`now()`,
  };
}

export interface RunEnding {
  status: Exclude<RunStatus, 'running' | 'awaiting_approval'>;
  stopReason: string | null;
  usage: TokenUsage;
  error?: { code: string; message: string };
}

/** A run's state as its heartbeat found it. */
export interface RunBeat {
  id: string;
  status: RunStatus;
  errorCode: string | null;
}

/** The unique index that keeps a session to one active (running or paused) run. */
export const ONE_ACTIVE_RUN_PER_SESSION = 'runs_one_active_per_session';

@Injectable()
export class RunsRepository {
  constructor(
    private readonly transactions: Transactions,
    private readonly webhooks: WebhookOutbox,
  ) {}

  async findOwned(id: string, owner: string): Promise<RunRow | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await this.transactions.db
      .select()
      .from(runs)
      .where(and(eq(runs.id, id), eq(runs.owner, owner)));
    return row;
  }

  /** The session's run that has not ended (running or paused for approval), if any. */
  async findActive(sessionId: string): Promise<RunRow | undefined> {
    const [row] = await this.transactions.db.select().from(runs).where(isActiveRunOf(sessionId));
    return row;
  }

  /** The runs this one delegated to that have not ended. */
  async findActiveChildren(parentRunId: string): Promise<RunRow[]> {
    return this.transactions.db
      .select()
      .from(runs)
      .where(
        and(eq(runs.parent_run_id, parentRunId), inArray(runs.status, [...ACTIVE_RUN_STATUSES])),
      );
  }

  /** Runs paused for approval whose parent was interrupted: nobody waits for their answer. */
  async findPausedOrphans(): Promise<RunRow[]> {
    return this.transactions.db
      .select()
      .from(runs)
      .where(
        and(
          eq(runs.status, 'awaiting_approval'),
          sql`EXISTS (SELECT 1 FROM ${runs} AS parent WHERE parent.id = ${runs.parent_run_id}
            AND parent.status = 'failed' AND parent.error->>'code' = 'RUN_INTERRUPTED')`,
        ),
      );
  }

  /** The ids of the runs this one delegated to, oldest first. */
  async childIds(parentRunId: string): Promise<string[]> {
    const rows = await this.transactions.db
      .select({ id: runs.id })
      .from(runs)
      .where(eq(runs.parent_run_id, parentRunId))
      .orderBy(asc(runs.created_at), asc(runs.id));
    return rows.map((row) => row.id);
  }

  async find(id: string): Promise<RunRow | undefined> {
    const [row] = await this.transactions.db.select().from(runs).where(eq(runs.id, id));
    return row;
  }

  /** Pauses a running run for approval, keeping its usage so far and its next event index. */
  async pause(id: string, usage: TokenUsage, nextEventIndex: number): Promise<void> {
    await this.transactions.run(async () => {
      const [row] = await this.transactions.db
        .update(runs)
        .set({
          status: 'awaiting_approval',
          input_tokens: usage.input_tokens,
          output_tokens: usage.output_tokens,
          next_event_index: nextEventIndex,
        })
        .where(and(eq(runs.id, id), eq(runs.status, 'running')))
        .returning();
      if (row) await this.notifyWebhook(row);
    });
  }

  /** Takes the next event index of a paused run; concurrent takers get distinct ones. */
  async takeEventIndex(id: string): Promise<number> {
    const [row] = await this.transactions.db
      .update(runs)
      .set({ next_event_index: sql`${runs.next_event_index} + 1` })
      .where(eq(runs.id, id))
      .returning({ taken: sql<number>`${runs.next_event_index} - 1` });
    return Number(row.taken);
  }

  /** Claims a paused run to resume it; undefined when another caller claimed it first. */
  async claimResume(id: string): Promise<RunRow | undefined> {
    const [row] = await this.transactions.db
      .update(runs)
      .set({ status: 'running', heartbeat_at: sql`now()` })
      .where(and(eq(runs.id, id), eq(runs.status, 'awaiting_approval')))
      .returning();
    return row;
  }

  async findByIdempotencyKey(owner: string, key: string): Promise<RunRow | undefined> {
    const [row] = await this.transactions.db
      .select()
      .from(runs)
      .where(and(eq(runs.owner, owner), eq(runs.idempotency_key, key)));
    return row;
  }

  /** Records how an active run ended; a run that already ended is left as it is. */
  async finish(id: string, ending: RunEnding): Promise<RunRow | undefined> {
    // Most runs have no webhook: their end is one statement, without a transaction around it.
    const [unwatched] = await this.finishWhere(id, ending, 'without a webhook');
    if (unwatched) return unwatched;
    return this.transactions.run(async () => {
      const [row] = await this.finishWhere(id, ending, 'any');
      if (row) await this.notifyWebhook(row);
      return row;
    });
  }

  /** A run's last statement, prepared: one form for any run, one for runs without a webhook. */
  private finishWhere(
    id: string,
    ending: RunEnding,
    which: 'without a webhook' | 'any',
  ): Promise<RunRow[]> {
    const unwatched = which === 'without a webhook';
    const db = this.transactions.db;
    const statement = preparedQuery(db, unwatched ? 'finish_unwatched_run' : 'finish_run', () =>
      db
        .update(runs)
        .set({
          status: valueOf('status'),
          stop_reason: valueOf('stopReason'),
          input_tokens: valueOf('inputTokens'),
          output_tokens: valueOf('outputTokens'),
          // SQL NULL without an error: a placeholder's jsonb encoder would store JSON's null.
          error: sql`${sql.placeholder('error')}::jsonb`,
          finished_at: sql`now()`,
        })
        .where(
          and(
            eq(runs.id, sql.placeholder('id')),
            inArray(runs.status, [...ACTIVE_RUN_STATUSES]),
            unwatched ? isNull(runs.webhook_url) : undefined,
          ),
        )
        .returning(),
    );
    return statement.execute({
      id,
      status: ending.status,
      stopReason: ending.stopReason,
      inputTokens: ending.usage.input_tokens,
      outputTokens: ending.usage.output_tokens,
      error: ending.error ? JSON.stringify(ending.error) : null,
    });
  }

  /**
   * Every change of a run's status to one a receiver is told of (ended, or paused for approval)
   * goes through `finish` or `pause`: the notice is recorded here, in the change's transaction.
   */
  private async notifyWebhook(row: RunRow): Promise<void> {
    if (!row.webhook_url) return;
    await this.webhooks.record({
      url: row.webhook_url,
      type: `run.${row.status}` as WebhookType,
      subject: { kind: 'run', id: row.id },
      data: toRunDto(row, await this.childIds(row.id)),
    });
  }

  /**
   * Records that this instance still executes these runs (those still running), and how far
   * each has numbered its events, so a sweeper ending it numbers its events after those.
   * Returns each run's status, and its error's code if it failed: one no longer `running` was
   * paused, ended or cancelled meanwhile.
   */
  async beat(beats: readonly Beat[], instanceId: string): Promise<RunBeat[]> {
    if (beats.length === 0) return [];
    return rawRows<RunBeat>(
      this.transactions.db,
      sql`
      WITH beat AS (${beatRows(beats)}), beaten AS (
        UPDATE ${runs}
        SET heartbeat_at = now(), instance_id = ${instanceId},
          next_event_index = GREATEST(${runs.next_event_index}, beat.next_event_index)
        FROM beat
        WHERE ${runs.id} = beat.id AND ${runs.status} = 'running'
      )
      SELECT ${runs.id} AS id, ${runs.status} AS status, ${runs.error}->>'code' AS "errorCode"
      FROM ${runs} JOIN beat USING (id)`,
    );
  }

  /**
   * Locks one running run whose last heartbeat (or start, or resumption) is more than
   * `seconds` old, or whose parent run was interrupted (nobody waits for its answer), for the
   * current transaction to end it. Rows another transaction holds are skipped, so two
   * sweepers never take the same run.
   */
  async lockStale(seconds: number): Promise<RunRow | undefined> {
    const [row] = await this.transactions.db
      .select()
      .from(runs)
      .where(
        and(
          eq(runs.status, 'running'),
          or(
            sql`coalesce(${runs.heartbeat_at}, ${runs.created_at}) <= now() - make_interval(secs => ${seconds})`,
            sql`EXISTS (SELECT 1 FROM ${runs} AS parent WHERE parent.id = ${runs.parent_run_id}
              AND parent.status = 'failed' AND parent.error->>'code' = 'RUN_INTERRUPTED')`,
          ),
        ),
      )
      .limit(1)
      .for('update', { skipLocked: true });
    return row;
  }
}

/** A run of the session (an id, or a column holding one) that has not ended. */
export function isActiveRunOf(sessionId: string | SQLWrapper): SQL | undefined {
  return and(eq(runs.session_id, sessionId), inArray(runs.status, [...ACTIVE_RUN_STATUSES]));
}

/** A set value filled when a prepared statement runs (`set` takes SQL, not a bare placeholder). */
function valueOf(name: string): SQL {
  return sql`${sql.placeholder(name)}`;
}
