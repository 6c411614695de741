import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './timestamps';

export const apiKeys = pgTable('api_keys', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** SHA-256 of the key; the key itself is shown once and never stored. */
  key_hash: text('key_hash').notNull().unique(),
  /** The key's first characters, so an operator can tell keys apart. */
  prefix: text('prefix').notNull(),
  revoked_at: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  ...timestamps,
});
