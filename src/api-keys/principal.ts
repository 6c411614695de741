import { type ApiKeyRole } from '../database/schema';

/** Who is calling: the API key of the request and the user it belongs to. */
export interface Principal {
  keyId: string;
  /** Owner of the sessions, runs and files the key creates. */
  user: string;
  role: ApiKeyRole;
}
