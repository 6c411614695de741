import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A tool call an MCP client took as a task: the stored work it is (a run, a workflow run) and
 * whose it is. The work holds the state; this row only lets any instance find it by task id.
 */
export const mcpTasks = pgTable(
  'mcp_tasks',
  {
    /** Random and unguessable: it is all a client names the task by. */
    id: text('id').primaryKey(),
    owner: text('owner').notNull(),
    /** The `implementation.type` of the tool called, whose kind follows the work. */
    kind: text('kind').notNull(),
    /** The id of the work within its kind (a run id, a workflow run id). */
    work_id: text('work_id').notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    /** How long after its creation the task is kept. */
    ttl_ms: integer('ttl_ms').notNull(),
    /**
     * The `progressToken` of the 2025-11-25 `tools/call` that asked for the task: that revision
     * sends the task's progress under it until the task ends, on whichever stream is open then.
     */
    progress_token: jsonb('progress_token').$type<string | number>(),
  },
  (table) => [index('mcp_tasks_owner_created_at_idx').on(table.owner, table.created_at)],
);

/**
 * A 2025-era MCP client's session, opened by an `initialize` that declared elicitation: what any
 * instance needs to know about the client on its later requests, which never repeat it.
 */
export const mcpSessions = pgTable('mcp_sessions', {
  /** Random and unguessable: the `Mcp-Session-Id` the client sends. */
  id: text('id').primaryKey(),
  owner: text('owner').notNull(),
  protocol_version: text('protocol_version').notNull(),
  client_capabilities: jsonb('client_capabilities').$type<Record<string, unknown>>().notNull(),
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** How long after its creation the session is kept. */
  ttl_ms: integer('ttl_ms').notNull(),
});
