import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

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
