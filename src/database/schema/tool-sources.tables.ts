import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { tools } from './registry.tables';
import { timestamps } from './timestamps';

/** A source's own fields (its type's), secret values sealed. */
export type ToolSourceSettings = Record<string, unknown>;

/** What later syncs do with what they find: hold it for review, or take it at once. */
export type ToolSourceOnChange = 'quarantine' | 'apply';

/**
 * Whether calls of a source's tools wait for approval: as the upstream's annotations say (a
 * read-only, non-destructive tool does not), always, or never.
 */
export type ToolSourceApprovalMode = 'annotations' | 'always' | 'never';

export type ToolSourceStatus = 'syncing' | 'ready' | 'error';

/** An upstream that supplies many tools: an MCP server, an OpenAPI document… (`type`). */
export const toolSources = pgTable(
  'tool_sources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull().unique(),
    description: text('description').notNull().default(''),
    type: text('type').notNull(),
    settings: jsonb('settings').$type<ToolSourceSettings>().notNull(),
    /** Globs on the upstream's names: only matching tools are imported (none: all of them). */
    include: jsonb('include').$type<string[]>().notNull().default([]),
    exclude: jsonb('exclude').$type<string[]>().notNull().default([]),
    on_change: text('on_change').$type<ToolSourceOnChange>().notNull().default('quarantine'),
    /** Whether its tools are served without an API key too, unless a tool says otherwise. */
    public: boolean('public').notNull().default(false),
    requires_approval: text('requires_approval')
      .$type<ToolSourceApprovalMode>()
      .notNull()
      .default('annotations'),
    sync_interval_seconds: integer('sync_interval_seconds').notNull().default(600),
    status: text('status').$type<ToolSourceStatus>().notNull().default('syncing'),
    last_synced_at: timestamp('last_synced_at', { withTimezone: true, mode: 'date' }),
    /**
     * When the source's periodic sync is due: the one queued job carrying this time is the
     * schedule; any other periodic job of the source is left over and does nothing.
     */
    next_sync_at: timestamp('next_sync_at', { withTimezone: true, mode: 'date' }),
    last_error: text('last_error'),
    ...timestamps,
  },
  (table) => [index('tool_sources_created_at_id_idx').on(table.created_at, table.id)],
);

/** How an imported tool looks as its upstream describes it: what a change compares. */
export interface UpstreamToolState {
  description: string;
  input_schema: Record<string, unknown>;
  output_schema: Record<string, unknown> | null;
  annotations: Record<string, unknown> | null;
}

export type ToolSourceChangeKind = 'added' | 'changed' | 'removed';
export type ToolSourceChangeStatus = 'pending' | 'approved' | 'rejected';

/** What a sync found changed upstream, and what an admin decided of it. */
export const toolSourceChanges = pgTable(
  'tool_source_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    source_id: uuid('source_id')
      .notNull()
      .references(() => toolSources.id, { onDelete: 'cascade' }),
    /** The imported tool it concerns; null once that tool is deleted. */
    tool_id: uuid('tool_id').references((): AnyPgColumn => tools.id, { onDelete: 'set null' }),
    upstream_name: text('upstream_name').notNull(),
    change: text('change').$type<ToolSourceChangeKind>().notNull(),
    status: text('status').$type<ToolSourceChangeStatus>().notNull().default('pending'),
    before: jsonb('before').$type<UpstreamToolState>(),
    after: jsonb('after').$type<UpstreamToolState>(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    decided_at: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    decided_by: text('decided_by'),
  },
  (table) => [
    index('tool_source_changes_source_id_status_idx').on(
      table.source_id,
      table.status,
      table.created_at,
    ),
  ],
);
