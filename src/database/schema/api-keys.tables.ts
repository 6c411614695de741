import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './timestamps';

export const API_KEY_ROLES = ['admin', 'member'] as const;
export type ApiKeyRole = (typeof API_KEY_ROLES)[number];

export const apiKeys = pgTable('api_keys', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** Whose key it is: sessions and runs made with it belong to this user. */
  user_name: text('user_name').notNull(),
  /** What the key may do: `admin` everything, `member` all but registry writes and keys. */
  role: text('role').$type<ApiKeyRole>().notNull().default('admin'),
  /** SHA-256 of the key; the key itself is shown once and never stored. */
  key_hash: text('key_hash').notNull().unique(),
  /** The key's first characters, so an operator can tell keys apart. */
  prefix: text('prefix').notNull(),
  revoked_at: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  ...timestamps,
});
