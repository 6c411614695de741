import { type IncomingMessage } from 'node:http';
import { type Principal } from './principal';

/**
 * Who stands behind a bearer credential that is no API key (an OAuth access token), for the
 * feature that issues such credentials to plug into the one authenticator every route uses.
 */
export interface BearerTokenAuthority {
  /** Whether `credential` is one of its tokens rather than an API key. */
  recognizes(credential: string): boolean;
  /**
   * The principal of a valid token allowed on `request`'s path; throws the `DomainError` the
   * client gets otherwise (401 for an invalid token, 403 for a missing scope).
   */
  identify(credential: string, request: IncomingMessage): Promise<Principal>;
}
