import { type AuditContext } from '../audit/audit-event';
import { type Principal } from './principal';

/** An API request's caller, as the audit log records it. */
export function auditContextOf(principal: Principal): AuditContext {
  return { actor: { user: principal.user, keyId: principal.keyId }, transport: 'rest' };
}
