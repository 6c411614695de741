import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
  },
  (table) => [index('mcp_tasks_owner_created_at_idx').on(table.owner, table.created_at)],
);
