import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { runs, sessions } from './runtime.tables';
import { timestamps } from './timestamps';

/** A named artifact of a session: what a tool produced, in versions. */
export const artifacts = pgTable(
  'artifacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    session_id: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    /** The session's owner, kept here so owner-scoped reads need no join. */
    owner: text('owner').notNull(),
    name: text('name').notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('artifacts_session_id_name_idx').on(table.session_id, table.name),
    // A user's artifacts are listed newest first (MCP `resources/list`).
    index('artifacts_owner_created_at_idx').on(table.owner, table.created_at),
  ],
);

/** One version of an artifact; its bytes are in the blob store under `blob_key`. */
export const artifactVersions = pgTable(
  'artifact_versions',
  {
    artifact_id: uuid('artifact_id')
      .notNull()
      .references(() => artifacts.id, { onDelete: 'cascade' }),
    /** 0 for the first, then n + 1. */
    version: integer('version').notNull(),
    mime_type: text('mime_type').notNull(),
    size_bytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** Hex SHA-256 of the bytes: identical bytes saved again reuse their version. */
    sha256: text('sha256').notNull(),
    blob_key: text('blob_key').notNull(),
    /** What the piece came from: text, image, audio, resource, resource_link, structured, raw. */
    kind: text('kind').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    /** Meant for the user only: never listed or given to the model. */
    user_only: boolean('user_only').notNull().default(false),
    // Null once the run is gone; the artifact stays with its session.
    run_id: uuid('run_id').references(() => runs.id, { onDelete: 'set null' }),
    tool_use_id: text('tool_use_id'),
    created_at: timestamps.created_at,
  },
  (table) => [
    primaryKey({ columns: [table.artifact_id, table.version] }),
    index('artifact_versions_run_id_idx').on(table.run_id),
  ],
);
