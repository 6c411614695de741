import {
  bigint,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/** How an audited action ended. */
export type AuditOutcome = 'ok' | 'error' | 'denied';

/**
 * The audit log: one row per audited event, never updated or deleted except by retention, which
 * removes the oldest. `seq` is gap-free and `hash` chains each row to the one before it, so a
 * changed or missing row breaks the chain (see `src/audit/`).
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey(),
    // Random: unique without an index of its own, which every insert would have to update.
    id: uuid('id').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    type: text('type').notNull(),
    user_name: text('user_name').notNull(),
    key_id: text('key_id'),
    oauth_client_id: text('oauth_client_id'),
    transport: text('transport'),
    target: text('target'),
    outcome: text('outcome').$type<AuditOutcome>().notNull(),
    error_code: text('error_code'),
    duration_ms: doublePrecision('duration_ms'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    prev_hash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  // Few indexes: each costs every insert, and tool calls insert the most. A member's listing
  // reads by user; retention by time; other filters scan in `seq` order.
  (table) => [
    index('audit_entries_user_idx').on(table.user_name, table.seq),
    index('audit_entries_at_idx').on(table.at),
  ],
);

/**
 * The head of the audit chain, one row: the last entry's `seq` and `hash`, and the last `seq`
 * retention removed with its `hash`, which the oldest kept entry's `prev_hash` must equal. Every append locks it, so appends from every instance form one chain.
 */
export const auditChainHead = pgTable('audit_chain_head', {
  id: integer('id').primaryKey().default(1),
  last_seq: bigint('last_seq', { mode: 'number' }).notNull(),
  last_hash: text('last_hash').notNull(),
  pruned_through_seq: bigint('pruned_through_seq', { mode: 'number' }).notNull(),
  pruned_through_hash: text('pruned_through_hash').notNull(),
});
