import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { apiKeys } from './api-keys.tables';

/**
 * What the OAuth authorization server keeps between requests (clients, interactions, codes,
 * refresh tokens, grants), one row per object of each of its models, in the database every
 * instance shares: a code issued by one instance is redeemed at another.
 */
export const oauthState = pgTable(
  'oauth_state',
  {
    /** The authorization server's model: `Client`, `AuthorizationCode`, `Grant`, … */
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** The grant the object belongs to: revoking a grant deletes its codes and tokens. */
    grant_id: text('grant_id'),
    /** An interaction's uid, which sessions are found by. */
    uid: text('uid'),
    /** Unset for what lasts until deleted. */
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    /** When a single-use object (a code, a rotated refresh token) was used. */
    consumed_at: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    /** A grant's: when a token of it was last used or refreshed, to the minute. */
    last_used_at: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    primaryKey({ columns: [table.model, table.id] }),
    index('oauth_state_grant_idx').on(table.grant_id),
    index('oauth_state_uid_idx').on(table.uid),
    index('oauth_state_expires_idx').on(table.expires_at),
  ],
);

/** What an OAuth key is for. */
export type OAuthKeyKind = 'signing' | 'cookies';

/**
 * The authorization server's private keys, sealed with the stored secrets' key: the key that
 * signs access tokens (its public half published at `/oauth/jwks`) and the one that signs its
 * cookies. The newest of a kind is used; older signing keys stay published until deleted.
 */
export const oauthKeys = pgTable('oauth_keys', {
  id: text('id').primaryKey(),
  kind: text('kind').$type<OAuthKeyKind>().notNull(),
  sealed: text('sealed').notNull(),
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Console sign-ins a browser carries to the consent page, as an HttpOnly cookie: only the
 * token's hash is kept. Each lasts until `expires_at` or its sign-out, and only while its key
 * stands: a revoked key's sessions read as absent.
 */
export const consoleSessions = pgTable(
  'console_sessions',
  {
    /** SHA-256 of the cookie's token. */
    token_hash: text('token_hash').primaryKey(),
    key_id: uuid('key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (table) => [index('console_sessions_expires_idx').on(table.expires_at)],
);
