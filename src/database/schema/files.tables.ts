import {
  bigint,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { runs } from './runtime.tables';
import { timestamps } from './timestamps';

/** A file a user uploaded; its bytes are in the blob store under the file's id. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey(),
    owner: text('owner').notNull(),
    name: text('name').notNull(),
    /** The Content-Type the client gave the part, as given (not trusted). */
    declared_type: text('declared_type'),
    /** The type sniffed from the bytes: what the file is served and given to models as. */
    mime_type: text('mime_type').notNull(),
    size_bytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** Hex SHA-256 of the bytes. */
    sha256: text('sha256').notNull(),
    created_at: timestamps.created_at,
  },
  (table) => [index('files_owner_created_at_idx').on(table.owner, table.created_at)],
);

/** Which run used a file as an attachment, and when the run ended. */
export const fileUsages = pgTable(
  'file_usages',
  {
    file_id: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    run_id: uuid('run_id')
      .notNull()
      .references(() => runs.id, { onDelete: 'cascade' }),
    used_at: timestamp('used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.file_id, table.run_id] }),
    index('file_usages_run_id_idx').on(table.run_id),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  // node-postgres gives a Buffer, PGlite a Uint8Array.
  fromDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * Blob bytes kept in PostgreSQL (when `DATABASE_URL` is set), in chunks so neither side holds
 * a whole file; every instance reads every blob. Unused on the embedded database.
 */
export const blobs = pgTable(
  'blobs',
  {
    key: text('key').notNull(),
    chunk_index: integer('chunk_index').notNull(),
    data: bytea('data').notNull(),
  },
  (table) => [primaryKey({ columns: [table.key, table.chunk_index] })],
);
