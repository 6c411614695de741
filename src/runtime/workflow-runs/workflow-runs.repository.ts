import { Injectable } from '@nestjs/common';
import { type SQL, and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  ACTIVE_RUN_STATUSES,
  isActiveRunStatus,
  type RunStatus,
  type WorkflowRunStep,
  workflowRunEvents,
  workflowRunSteps,
  workflowRuns,
} from '../../database/schema';
import { type Database } from '../../database/database';
import { placeholdersFor, preparedQuery } from '../../database/prepared-queries';
import { rawRows } from '../../database/raw-rows';
import { selectNewestFirst } from '../../database/select-newest-first';
import { Transactions } from '../../database/transactions';
import { type Beat, beatRows } from '../runs/beat-rows';
import { isUuid } from '../../database/uuid';
import { WebhookOutbox, type WebhookType } from '../../webhooks/webhook-outbox';
import { type WorkflowRunEvent } from './workflow-run-event.types';
import { type RowChange, addedEvents, addedEventsValue } from './workflow-run-events.repository';
import { type StepUpdate, changedStepsQuery, stepChangesValue } from './step-changes';
import { compareStepPaths } from './step-paths';
import { toWorkflowRunDto } from './workflow-run-views';

export type WorkflowRunRow = typeof workflowRuns.$inferSelect;
/** A step run at any depth of a workflow run's tree. */
export type StepRunRow = typeof workflowRunSteps.$inferSelect;
/** A top-level step's run: its `index` set. */
export type WorkflowRunStepRow = StepRunRow & { index: number };

export interface NewWorkflowRun {
  workflowId: string;
  owner: string;
  keyId?: string;
  input: unknown;
  steps: WorkflowRunStep[];
  idempotencyKey?: string;
  requestHash?: string;
  webhookUrl?: string;
  parentRunId?: string;
  depth: number;
  instanceId: string;
  /** The W3C `traceparent` of its first execution's span, when tracing is on. */
  traceParent?: string;
}

export type WorkflowRunEnding =
  | { status: 'completed'; output: unknown }
  | { status: 'failed'; error: { code: string; message: string } }
  | { status: 'cancelled' };

@Injectable()
export class WorkflowRunsRepository {
  constructor(
    private readonly transactions: Transactions,
    private readonly webhooks: WebhookOutbox,
  ) {}

  /**
   * The workflow run, held by this instance, with its steps and `opening`, its first events
   * (whose `workflowRunId` is the new run's id), numbered from 0: one statement, one round trip,
   * prepared (the events are one parameter, the steps a count). The steps are pending, but the
   * first one if `opening` tells its start: that one is running.
   */
  async insert(
    run: NewWorkflowRun,
    opening: readonly WorkflowRunEvent[],
  ): Promise<{ row: WorkflowRunRow; opening: WorkflowRunEvent[] }> {
    const db = this.transactions.db;
    const id = opening[0].workflowRunId;
    // Numbered from 0 (the counter's default is one below it), already counted in the row.
    const numbered = opening.map((event, sequenceNumber) => ({ ...event, sequenceNumber }));
    const columns = {
      id,
      workflow_id: run.workflowId,
      owner: run.owner,
      key_id: run.keyId ?? null,
      input: jsonText(run.input),
      steps: JSON.stringify(run.steps),
      idempotency_key: run.idempotencyKey ?? null,
      request_hash: run.requestHash ?? null,
      webhook_url: run.webhookUrl ?? null,
      parent_run_id: run.parentRunId ?? null,
      depth: run.depth,
      instance_id: run.instanceId,
      trace_parent: run.traceParent ?? null,
    };
    const [row] = await preparedQuery(db, 'start_workflow_run', () =>
      workflowRunStart(db, columns),
    ).execute({
      ...columns,
      event_count: opening.length,
      events: addedEventsValue(opening),
      step_count: run.steps.length,
      first_started: opening.some(({ type }) => type === 'step_started'),
    });
    return { row, opening: numbered };
  }

  async find(id: string): Promise<WorkflowRunRow | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await this.transactions.db
      .select()
      .from(workflowRuns)
      .where(eq(workflowRuns.id, id));
    return row;
  }

  async findOwned(id: string, owner: string): Promise<WorkflowRunRow | undefined> {
    const row = await this.find(id);
    return row?.owner === owner ? row : undefined;
  }

  async findByIdempotencyKey(owner: string, key: string): Promise<WorkflowRunRow | undefined> {
    const [row] = await this.transactions.db
      .select()
      .from(workflowRuns)
      .where(and(eq(workflowRuns.owner, owner), eq(workflowRuns.idempotency_key, key)));
    return row;
  }

  /** One page of the owner's runs of a workflow, newest first. */
  listOwned(owner: string, workflowId: string, page: { limit: number; offset: number }) {
    const where = and(eq(workflowRuns.owner, owner), eq(workflowRuns.workflow_id, workflowId));
    return selectNewestFirst(this.transactions.db, workflowRuns, where, page);
  }

  /** The runs of the workflow run's top-level steps, in their order. */
  async steps(workflowRunId: string): Promise<WorkflowRunStepRow[]> {
    const rows = await this.transactions.db
      .select()
      .from(workflowRunSteps)
      .where(
        and(eq(workflowRunSteps.workflow_run_id, workflowRunId), isNotNull(workflowRunSteps.index)),
      )
      .orderBy(asc(workflowRunSteps.index));
    return rows as WorkflowRunStepRow[];
  }

  /** Every step run of the workflow run, at any depth, in the order of their paths. */
  async stepRuns(workflowRunId: string): Promise<StepRunRow[]> {
    const rows = await this.transactions.db
      .select()
      .from(workflowRunSteps)
      .where(eq(workflowRunSteps.workflow_run_id, workflowRunId));
    return rows.sort((a, b) => compareStepPaths(a.path, b.path));
  }

  /**
   * Adds the nested step runs at `paths`, pending (or skipped: a branch's cases not taken),
   * when the step they are in reaches them; one there already (added by an execution before a
   * restart) is kept as it stands.
   */
  async addStepRuns(
    workflowRunId: string,
    paths: readonly string[],
    status: 'pending' | 'skipped' = 'pending',
  ): Promise<void> {
    if (paths.length === 0) return;
    await this.transactions.db
      .insert(workflowRunSteps)
      .values(paths.map((path) => ({ workflow_run_id: workflowRunId, path, status })))
      .onConflictDoNothing();
  }

  /** Cancels the nested step runs at work (running or waiting) of a workflow run that ends. */
  async cancelActiveStepRuns(
    workflowRunId: string,
    error: { code: string; message: string },
  ): Promise<void> {
    await this.transactions.db
      .update(workflowRunSteps)
      .set({ status: 'cancelled', error })
      .where(
        and(
          eq(workflowRunSteps.workflow_run_id, workflowRunId),
          isNull(workflowRunSteps.index),
          inArray(workflowRunSteps.status, [...ACTIVE_RUN_STATUSES]),
        ),
      );
  }

  async changeStep(workflowRunId: string, update: StepUpdate): Promise<void> {
    const db = this.transactions.db;
    await preparedQuery(db, 'change_workflow_run_steps', () => {
      const changed = changedStepsQuery(db);
      return db.with(changed).select().from(changed);
    }).execute({ workflow_run_id: workflowRunId, step_changes: stepChangesValue([update]) });
  }

  /** Marks a running workflow run as waiting for a human, or back at work; false if it ended. */
  async setActiveStatus(id: string, status: 'running' | 'awaiting_approval'): Promise<boolean> {
    return this.transactions.run(async () => {
      const [row] = await this.transactions.db
        .update(workflowRuns)
        .set({ status })
        .where(and(eq(workflowRuns.id, id), isActiveWorkflowRun()))
        .returning();
      if (row?.status === 'awaiting_approval') await this.notifyWebhook(row);
      return row !== undefined;
    });
  }

  /** Records how an active workflow run ended; one that already ended is left as it is. */
  async finish(
    id: string,
    ending: WorkflowRunEnding,
    nextEventIndex: number,
  ): Promise<WorkflowRunRow | undefined> {
    return this.transactions.run(async () => {
      const [row] = await this.transactions.db
        .update(workflowRuns)
        .set({
          status: ending.status,
          ...endedWith(ending),
          next_event_index: nextEventIndex,
          finished_at: sql`now()`,
        })
        .where(and(eq(workflowRuns.id, id), isActiveWorkflowRun()))
        .returning();
      if (row) await this.notifyWebhook(row);
      return row;
    });
  }

  /**
   * How a workflow run ended, as a change of its row while it is active, for the statement that
   * stores its end's event (`WorkflowRunEventStore.appendChanging`): one round trip. Only for a
   * run without a webhook: one with a webhook ends by `finish`, which records the notice too.
   */
  ending(ending: WorkflowRunEnding, nextEventIndex: number): RowChange {
    const { output, error } = endedWith(ending);
    return {
      name: 'ending',
      set: sql`status = ${sql.placeholder('status')}, output = ${sql.placeholder('output')}::jsonb,
        error = ${sql.placeholder('error')}::jsonb,
        next_event_index = ${sql.placeholder('next_event_index')}, finished_at = now()`,
      where: isActiveWorkflowRun(),
      values: {
        status: ending.status,
        output: jsonText(output),
        error: jsonText(error),
        next_event_index: nextEventIndex,
      },
    };
  }

  /**
   * Every change of a workflow run's status a receiver is told of (ended, or waiting for an
   * approval) goes through `finish` or `setActiveStatus`: the notice is recorded here, in the
   * change's transaction, with the workflow run as its GET shows it.
   */
  private async notifyWebhook(row: WorkflowRunRow): Promise<void> {
    if (!row.webhook_url) return;
    await this.webhooks.record({
      url: row.webhook_url,
      type: `workflow_run.${row.status}` as WebhookType,
      subject: { kind: 'workflow_run', id: row.id },
      data: toWorkflowRunDto(row, await this.stepRuns(row.id)),
    });
  }

  /**
   * Records that this instance still executes these workflow runs and how far their streams
   * got. Returns the ones it no longer holds: ended (cancelled elsewhere), or taken over by
   * another instance after heartbeats this one missed.
   */
  async beat(
    beats: readonly Beat[],
    instanceId: string,
  ): Promise<{ id: string; status: RunStatus; instance_id: string | null }[]> {
    if (beats.length === 0) return [];
    const found = await rawRows<{ id: string; status: RunStatus; instance_id: string | null }>(
      this.transactions.db,
      sql`
      WITH beat AS (${beatRows(beats)}), beaten AS (
        UPDATE ${workflowRuns}
        SET heartbeat_at = now(),
          next_event_index = GREATEST(${workflowRuns.next_event_index}, beat.next_event_index)
        FROM beat
        WHERE ${workflowRuns.id} = beat.id AND ${workflowRuns.instance_id} = ${instanceId}
          AND ${workflowRuns.status} IN ('running', 'awaiting_approval')
      )
      SELECT ${workflowRuns.id} AS id, ${workflowRuns.status} AS status,
        ${workflowRuns.instance_id} AS instance_id
      FROM ${workflowRuns} JOIN beat USING (id)`,
    );
    return found.filter((row) => !isActiveRunStatus(row.status) || row.instance_id !== instanceId);
  }

  /** Records how far a workflow run's stream got, for the execution that resumes it. */
  async recordNextEventIndex(id: string, nextEventIndex: number): Promise<void> {
    await this.transactions.db
      .update(workflowRuns)
      .set({ next_event_index: sql`GREATEST(${workflowRuns.next_event_index}, ${nextEventIndex})` })
      .where(eq(workflowRuns.id, id));
  }

  /**
   * Ends, cancelled, a workflow run silent for `seconds` (nobody executes it), with the step it
   * stood at; undefined when it is not silent (its executor ends it on the cancel notice) or has
   * ended. Returns the step's (agent) run, if any, for the caller to cancel.
   */
  async cancelSilent(
    id: string,
    seconds: number,
  ): Promise<{ run: WorkflowRunRow; stepRunId: string | null } | undefined> {
    return this.transactions.run(async () => {
      const [row] = await this.transactions.db
        .update(workflowRuns)
        .set({ status: 'cancelled', finished_at: sql`now()` })
        .where(and(eq(workflowRuns.id, id), staleFor(seconds)))
        .returning();
      if (!row) return undefined;
      // Every step run at work ends with it: each branch and item running, at any depth.
      const cancelled = await this.transactions.db
        .update(workflowRunSteps)
        .set({
          status: 'cancelled',
          error: { code: 'RUN_CANCELLED', message: 'The workflow run was cancelled' },
        })
        .where(
          and(
            eq(workflowRunSteps.workflow_run_id, id),
            inArray(workflowRunSteps.status, [...ACTIVE_RUN_STATUSES]),
          ),
        )
        .returning();
      await this.notifyWebhook(row);
      const step = cancelled.find((state) => state.index !== null);
      return { run: row, stepRunId: step?.run_id ?? null };
    });
  }

  /** Active workflow runs whose executor has been silent for `seconds` (all, with 0). */
  async findStale(seconds: number): Promise<WorkflowRunRow[]> {
    return this.transactions.db.select().from(workflowRuns).where(staleFor(seconds));
  }

  /**
   * Takes a workflow run silent for `seconds` over for this instance. Exactly one claimant
   * wins: a second one's update, once the first has committed, finds a fresh heartbeat.
   */
  async claim(
    id: string,
    seconds: number,
    instanceId: string,
  ): Promise<WorkflowRunRow | undefined> {
    const [row] = await this.transactions.db
      .update(workflowRuns)
      .set({ instance_id: instanceId, heartbeat_at: sql`now()` })
      .where(and(eq(workflowRuns.id, id), staleFor(seconds)))
      .returning();
    return row;
  }
}

/**
 * The statement that stores a new workflow run (with `columns` given by placeholders of their
 * names), its steps (`step_count`, all pending but the first if `first_started`: running, in
 * its first attempt) and its first events (`events`, numbered from 0 in their order, as
 * `event_count` counts them).
 */
function workflowRunStart(db: Database, columns: Record<string, unknown>) {
  const workflowRunId = sql`${sql.placeholder('id')}::uuid`;
  const inserted = db.$with('inserted_run').as(
    db
      .insert(workflowRuns)
      .values({
        ...placeholdersFor<typeof workflowRuns>(columns),
        heartbeat_at: sql`now()`,
        last_sequence_number: sql`${sql.placeholder('event_count')}::int - 1`,
      })
      .returning(),
  );
  const events = db.$with('inserted_events', {}).as(sql`
    INSERT INTO ${workflowRunEvents} (workflow_run_id, sequence_number, event_index, type, event)
    SELECT ${workflowRunId}, added.position, added.event_index, added.type, added.event
    FROM ${addedEvents()}`);
  const steps = db.$with('inserted_steps', {}).as(sql`
    INSERT INTO ${workflowRunSteps} (workflow_run_id, path, index, status, attempts)
    SELECT ${workflowRunId}, step.index::text, step.index,
      CASE WHEN first.started THEN 'running' ELSE 'pending' END, first.started::int
    FROM generate_series(0, ${sql.placeholder('step_count')}::int - 1) AS step (index),
      LATERAL (SELECT step.index = 0 AND ${sql.placeholder('first_started')}::boolean
        AS started) AS first`);
  return db.with(inserted, events, steps).select().from(inserted);
}

/** A workflow run that has not ended (running, or waiting for approval). */
function isActiveWorkflowRun(): SQL {
  return inArray(workflowRuns.status, [...ACTIVE_RUN_STATUSES]);
}

function staleFor(seconds: number) {
  return and(
    isActiveWorkflowRun(),
    sql`coalesce(${workflowRuns.heartbeat_at}, ${workflowRuns.created_at}) <= now() - make_interval(secs => ${seconds})`,
  );
}

/** `undefined` is not JSON: what has no value is stored as null. */
function jsonOrNull(value: unknown): unknown {
  return value === undefined ? null : value;
}

/** What an ended workflow run records: its output if it completed, its error if it failed. */
function endedWith(ending: WorkflowRunEnding): {
  output: unknown;
  error: { code: string; message: string } | null;
} {
  return {
    output: ending.status === 'completed' ? jsonOrNull(ending.output) : null,
    error: ending.status === 'failed' ? ending.error : null,
  };
}

/** A value as the text of a `jsonb` parameter; null (SQL NULL) as `jsonOrNull` stores it. */
function jsonText(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}
