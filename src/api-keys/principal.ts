import { type ApiKeyRole } from '../database/schema';

/** Who is calling: the API key of the request and the user it belongs to. */
export interface Principal {
  keyId: string;
  /** Owner of the sessions, runs and files the key creates. */
  user: string;
  role: ApiKeyRole;
}

/**
 * The user every caller without a key acts as (a public agent tool runs for it): no key may be
 * this user's, or it would read what every anonymous caller started.
 */
export const ANONYMOUS_USER = 'anonymous';
