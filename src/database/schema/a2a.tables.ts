import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { agents } from './registry.tables';
import { runs, sessions } from './runtime.tables';

/**
 * An A2A task: a run of an agent started by an A2A client, with the task as the protocol shows
 * it (its status, history and artifacts, in the protocol's JSON form). Any instance answers for
 * it from here; the run holds the work.
 */
export const a2aTasks = pgTable(
  'a2a_tasks',
  {
    /** Chosen by the protocol's request handler: all a client names the task by. */
    id: text('id').primaryKey(),
    owner: text('owner').notNull(),
    agent_id: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    /** The client's conversation; the session it continues is `session_id`. */
    context_id: text('context_id').notNull(),
    session_id: uuid('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    run_id: uuid('run_id').references(() => runs.id, { onDelete: 'cascade' }),
    task: jsonb('task').$type<Record<string, unknown>>().notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (table) => [
    index('a2a_tasks_owner_context_idx').on(table.owner, table.context_id),
    index('a2a_tasks_owner_updated_at_idx').on(table.owner, table.updated_at),
  ],
);

/**
 * Where an A2A client asked for a task's updates to be pushed: one row per push notification
 * config. No key to the task: a config given with the message that starts a task is stored
 * before the task is.
 */
export const a2aPushConfigs = pgTable(
  'a2a_push_configs',
  {
    task_id: text('task_id').notNull(),
    /** The client's id for the config, or one given it here. */
    id: text('id').notNull(),
    owner: text('owner').notNull(),
    agent_id: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** The token the receiver checks, sealed with the stored secrets' key; null for none. */
    sealed_token: text('sealed_token'),
    /** The `Authorization` scheme and its credentials (sealed), when the receiver asked for one. */
    auth_scheme: text('auth_scheme'),
    sealed_credentials: text('sealed_credentials'),
    /** The protocol version the config was made in: its notifications are shaped for it. */
    wire_version: text('wire_version').notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.task_id, table.id] })],
);
