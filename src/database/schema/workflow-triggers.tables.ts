import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
  unique,
} from 'drizzle-orm/pg-core';
import { workflows } from './registry.tables';
import { workflowRuns } from './runtime.tables';
import { timestamps } from './timestamps';

export type WorkflowTriggerType = 'webhook' | 'schedule';

/** Whether a schedule's fire starts a run while its previous run is still going. */
export type ScheduleOverlap = 'skip' | 'allow';

/**
 * What a fire did: started a run, skipped as its previous run was still going, or failed to
 * start one (the workflow refused its input).
 */
export type TriggerFireOutcome = 'started' | 'skipped' | 'failed';

/** How a webhook trigger tells its sender's deliveries from anyone else's. */
export type WebhookVerification = 'standard_webhooks' | 'none';

/** What starts runs of a workflow on its own, as the user who made it. */
export const workflowTriggers = pgTable(
  'workflow_triggers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workflow_id: uuid('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    /** The user whose runs it starts: its creator. */
    owner: text('owner').notNull(),
    type: text('type').$type<WorkflowTriggerType>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    verification: text('verification').$type<WebhookVerification>(),
    /** The template of the run's input; null: the delivery's body. */
    input: jsonb('input').$type<unknown>(),
    /** The webhook's signing secret, sealed with the stored secrets' key. */
    secret: text('secret'),
    /** A schedule's cron expression (seconds allowed), read in `timezone`. */
    cron: text('cron'),
    timezone: text('timezone'),
    overlap: text('overlap').$type<ScheduleOverlap>(),
    /**
     * A schedule's next fire time: the one queued job carrying this time is the schedule; any
     * other job of the trigger is left over and does nothing. Null while disabled.
     */
    next_fire_at: timestamp('next_fire_at', { withTimezone: true, mode: 'date' }),
    /** A webhook's: how many new deliveries start runs per minute; null for a schedule. */
    deliveries_per_minute: integer('deliveries_per_minute'),
    /**
     * The minute (by the database's clock) a webhook's deliveries are counted in, and how many
     * started runs in it: one row every instance updates under its lock, so the limit is exact.
     */
    delivery_window_start: timestamp('delivery_window_start', { withTimezone: true, mode: 'date' }),
    delivery_window_count: integer('delivery_window_count').notNull().default(0),
    ...timestamps,
  },
  (table) => [index('workflow_triggers_workflow_idx').on(table.workflow_id, table.created_at)],
);

/**
 * Each time a trigger fired. `dedupe_key` (a delivery's `webhook-id`, a schedule's fire time)
 * is unique per trigger, so a delivery repeated, or a fire time met by two instances, names the
 * run it started the first time.
 */
export const workflowTriggerFires = pgTable(
  'workflow_trigger_fires',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    trigger_id: uuid('trigger_id')
      .notNull()
      .references(() => workflowTriggers.id, { onDelete: 'cascade' }),
    dedupe_key: text('dedupe_key').notNull(),
    outcome: text('outcome').$type<TriggerFireOutcome>().notNull().default('started'),
    workflow_run_id: uuid('workflow_run_id').references(() => workflowRuns.id, {
      onDelete: 'set null',
    }),
    fired_at: timestamp('fired_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    unique('workflow_trigger_fires_dedupe').on(table.trigger_id, table.dedupe_key),
    index('workflow_trigger_fires_trigger_idx').on(table.trigger_id, table.fired_at),
  ],
);
