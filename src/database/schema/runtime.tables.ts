import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { type StepOnError, type StepRetry, agents, workflows } from './registry.tables';
import { timestamps } from './timestamps';

export type RunStatus = 'running' | 'awaiting_approval' | 'completed' | 'failed' | 'cancelled';

/** Statuses of a run that has not ended: at most one such run per session. */
export const ACTIVE_RUN_STATUSES = ['running', 'awaiting_approval'] as const;

export function isActiveRunStatus(status: RunStatus): boolean {
  return (ACTIVE_RUN_STATUSES as readonly RunStatus[]).includes(status);
}

export type ApprovalStatus = 'pending' | 'approved' | 'rejected' | 'expired' | 'cancelled';

/** A conversation of one user with one agent; its events are numbered from 0 across its runs. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    owner: text('owner').notNull(),
    // Null once the agent is deleted: the history stays readable, new runs are refused.
    agent_id: uuid('agent_id').references(() => agents.id, { onDelete: 'set null' }),
    title: text('title').notNull().default(''),
    /** The sequence number of the session's last persisted event; -1 before the first. */
    last_sequence_number: bigint('last_sequence_number', { mode: 'number' }).notNull().default(-1),
    ...timestamps,
  },
  (table) => [index('sessions_owner_created_at_idx').on(table.owner, table.created_at)],
);

/** One message of the user and everything the agent did about it. */
export const runs = pgTable(
  'runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    session_id: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    owner: text('owner').notNull(),
    /**
     * The API key (or `oauth:` client) the run was asked for with, directly or through the
     * runs and workflow runs above it; null for runs nobody's key started (a public tool's).
     */
    key_id: text('key_id'),
    /** The model its agent had when it started: usage counts its tokens as that model's. */
    model: text('model'),
    status: text('status').$type<RunStatus>().notNull().default('running'),
    stop_reason: text('stop_reason'),
    input_tokens: integer('input_tokens').notNull().default(0),
    output_tokens: integer('output_tokens').notNull().default(0),
    error: jsonb('error').$type<{ code: string; message: string }>(),
    /** The run's extended-thinking budget, kept so a paused run resumes as it started. */
    thinking_budget: integer('thinking_budget'),
    /** The process running the run and when it last said so; a silent one is presumed dead. */
    instance_id: text('instance_id'),
    heartbeat_at: timestamp('heartbeat_at', { withTimezone: true, mode: 'date' }),
    /** The next event's `eventIndex` while the run is paused for approval (no process holds it). */
    next_event_index: integer('next_event_index').notNull().default(0),
    /** The client's `Idempotency-Key` and a hash of what it asked for under that key. */
    idempotency_key: text('idempotency_key'),
    request_hash: text('request_hash'),
    /** The run whose tool call started this one (an agent used as a tool); null at the top. */
    parent_run_id: uuid('parent_run_id').references((): AnyPgColumn => runs.id, {
      onDelete: 'set null',
    }),
    /** How many delegations lead to it: 0 for a run started directly. */
    depth: integer('depth').notNull().default(0),
    /** The W3C `traceparent` of its first span, when tracing is on: a resumed run joins it. */
    trace_parent: text('trace_parent'),
    /** The workflow run this run is a step of, if any. */
    workflow_run_id: uuid('workflow_run_id').references((): AnyPgColumn => workflowRuns.id, {
      onDelete: 'set null',
    }),
    /** Where its status changes are posted (`webhook_deliveries`); null without a webhook. */
    webhook_url: text('webhook_url'),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    finished_at: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    // One active run per session, whichever instance starts it.
    uniqueIndex('runs_one_active_per_session')
      .on(table.session_id)
      .where(sql`${table.status} IN ('running', 'awaiting_approval')`),
    uniqueIndex('runs_idempotency_key')
      .on(table.owner, table.idempotency_key)
      .where(sql`${table.idempotency_key} IS NOT NULL`),
    index('runs_session_id_idx').on(table.session_id),
    index('runs_parent_run_id_idx').on(table.parent_run_id),
    index('runs_workflow_run_id_idx').on(table.workflow_run_id),
  ],
);

/** The persisted events of a session's runs, numbered gap-free per session. */
export const runEvents = pgTable(
  'run_events',
  {
    session_id: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    sequence_number: bigint('sequence_number', { mode: 'number' }).notNull(),
    run_id: uuid('run_id')
      .notNull()
      .references(() => runs.id, { onDelete: 'cascade' }),
    event_index: integer('event_index').notNull(),
    type: text('type').notNull(),
    /** The whole event as clients receive it. */
    event: jsonb('event').$type<Record<string, unknown>>().notNull(),
    created_at: timestamps.created_at,
  },
  (table) => [
    primaryKey({ columns: [table.session_id, table.sequence_number] }),
    index('run_events_run_id_event_index_idx').on(table.run_id, table.event_index),
  ],
);

/** A tool call that waits for its user's decision; the paused run's state is in the database. */
export const approvals = pgTable(
  'approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    run_id: uuid('run_id')
      .notNull()
      .references(() => runs.id, { onDelete: 'cascade' }),
    session_id: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    owner: text('owner').notNull(),
    tool_use_id: text('tool_use_id').notNull(),
    tool_name: text('tool_name').notNull(),
    args: jsonb('args').$type<Record<string, unknown>>().notNull(),
    description: text('description').notNull(),
    status: text('status').$type<ApprovalStatus>().notNull().default('pending'),
    reason: text('reason'),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    created_at: timestamps.created_at,
    resolved_at: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('approvals_run_id_idx').on(table.run_id),
    index('approvals_owner_status_idx').on(table.owner, table.status),
  ],
);

/** `skipped`: a step of a branch's case not taken. */
export type WorkflowStepStatus = 'pending' | 'skipped' | RunStatus;

/** What a workflow run runs, fixed when it starts: later edits of the workflow don't move it. */
export interface WorkflowRunStep {
  type: string;
  /** An agent or tool step's agent's or tool's id. */
  ref_id?: string;
  /** The agent's or the tool's name when the run started. */
  name?: string;
  key?: string;
  input?: unknown;
  retry?: StepRetry;
  timeout_seconds?: number;
  on_error?: StepOnError;
  /** The fields of a step holding others (a branch's `cases`, a map's `items`…), as its type has them. */
  [field: string]: unknown;
}

/** One run of a workflow: its steps one after the other, each fed by the ones before. */
export const workflowRuns = pgTable(
  'workflow_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workflow_id: uuid('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    owner: text('owner').notNull(),
    /** The API key (or `oauth:` client) it was asked for with, as on `runs`. */
    key_id: text('key_id'),
    status: text('status').$type<RunStatus>().notNull().default('running'),
    /** Null stands for the JSON `null` too. */
    input: jsonb('input').$type<unknown>(),
    output: jsonb('output').$type<unknown>(),
    error: jsonb('error').$type<{ code: string; message: string }>(),
    steps: jsonb('steps').$type<WorkflowRunStep[]>().notNull(),
    /** The sequence number of its last persisted event; -1 before the first. */
    last_sequence_number: bigint('last_sequence_number', { mode: 'number' }).notNull().default(-1),
    /** The `eventIndex` its stream reached, as its last heartbeat (or end) recorded it. */
    next_event_index: integer('next_event_index').notNull().default(0),
    /** The process executing it and when it last said so; a silent one is presumed dead. */
    instance_id: text('instance_id'),
    heartbeat_at: timestamp('heartbeat_at', { withTimezone: true, mode: 'date' }),
    idempotency_key: text('idempotency_key'),
    request_hash: text('request_hash'),
    webhook_url: text('webhook_url'),
    /** The agent run whose tool call started it (a workflow used as a tool), if any. */
    parent_run_id: uuid('parent_run_id').references((): AnyPgColumn => runs.id, {
      onDelete: 'set null',
    }),
    depth: integer('depth').notNull().default(0),
    trace_parent: text('trace_parent'),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    finished_at: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('workflow_runs_owner_workflow_idx').on(table.owner, table.workflow_id, table.created_at),
    index('workflow_runs_active_idx')
      .on(table.status)
      .where(sql`${table.status} IN ('running', 'awaiting_approval')`),
    uniqueIndex('workflow_runs_idempotency_key')
      .on(table.owner, table.idempotency_key)
      .where(sql`${table.idempotency_key} IS NOT NULL`),
  ],
);

/**
 * Where each step run of a workflow run stands, and what it produced: one row per step run,
 * a step nested in another (a branch's case, a map's item, a parallel branch) included, named
 * by its `path` in the tree (see `step-paths.ts`). A completed row is what a resumed run goes
 * past, at any depth.
 */
export const workflowRunSteps = pgTable(
  'workflow_run_steps',
  {
    workflow_run_id: uuid('workflow_run_id')
      .notNull()
      .references(() => workflowRuns.id, { onDelete: 'cascade' }),
    /** `"2"` for the third top-level step, `"3/items/7/0"` for the first step of item 7 of step 3. */
    path: text('path').notNull(),
    /** A top-level step's position; null for a step nested in another. */
    index: integer('index'),
    status: text('status').$type<WorkflowStepStatus>().notNull().default('pending'),
    /** How often the step started: its retries and its runs again after a cut-off included. */
    attempts: integer('attempts').notNull().default(0),
    /** An agent step's (latest) run. */
    run_id: uuid('run_id').references((): AnyPgColumn => runs.id, { onDelete: 'set null' }),
    output: jsonb('output').$type<unknown>(),
    error: jsonb('error').$type<{ code: string; message: string }>(),
  },
  (table) => [primaryKey({ columns: [table.workflow_run_id, table.path] })],
);

/** The persisted events of a workflow run, numbered gap-free from 0. */
export const workflowRunEvents = pgTable(
  'workflow_run_events',
  {
    workflow_run_id: uuid('workflow_run_id')
      .notNull()
      .references(() => workflowRuns.id, { onDelete: 'cascade' }),
    sequence_number: bigint('sequence_number', { mode: 'number' }).notNull(),
    event_index: integer('event_index').notNull(),
    type: text('type').notNull(),
    event: jsonb('event').$type<Record<string, unknown>>().notNull(),
    created_at: timestamps.created_at,
  },
  (table) => [
    primaryKey({ columns: [table.workflow_run_id, table.sequence_number] }),
    index('workflow_run_events_index_idx').on(table.workflow_run_id, table.event_index),
  ],
);
