import { createHash } from 'node:crypto';
import { canonicalize } from 'json-canonicalize';
import { type AuditOutcome, type auditEntries } from '../database/schema';

/** The `prev_hash` of the first entry ever written. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * An entry as the API shows it and as its hash covers it: optional fields are left out rather
 * than null, so that what a client downloads is exactly what it can hash again.
 */
export interface AuditEntry {
  id: string;
  seq: number;
  at: string;
  type: string;
  user: string;
  key_id?: string;
  oauth_client_id?: string;
  transport?: string;
  target?: string;
  outcome: AuditOutcome;
  error_code?: string;
  duration_ms?: number;
  details: Record<string, unknown>;
  prev_hash: string;
  hash: string;
}

export type AuditRow = typeof auditEntries.$inferSelect;

/** `sha256(prev_hash ‖ canonical JSON (RFC 8785) of the entry without its hash)`, in hex. */
export function hashOf(entry: Omit<AuditEntry, 'hash'>): string {
  return createHash('sha256').update(entry.prev_hash).update(canonicalize(entry)).digest('hex');
}

/** The SHA-256 of the canonical JSON of a value, in hex: how a tool call's arguments are kept. */
export function sha256OfJson(value: unknown): string {
  return createHash('sha256')
    .update(canonicalize(value ?? null))
    .digest('hex');
}

export function entryOf(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    seq: row.seq,
    at: row.at.toISOString(),
    type: row.type,
    user: row.user_name,
    ...present('key_id', row.key_id),
    ...present('oauth_client_id', row.oauth_client_id),
    ...present('transport', row.transport),
    ...present('target', row.target),
    outcome: row.outcome,
    ...present('error_code', row.error_code),
    ...present('duration_ms', row.duration_ms),
    details: row.details,
    prev_hash: row.prev_hash,
    hash: row.hash,
  };
}

export function rowOf(entry: AuditEntry): AuditRow {
  return {
    seq: entry.seq,
    id: entry.id,
    at: new Date(entry.at),
    type: entry.type,
    user_name: entry.user,
    key_id: entry.key_id ?? null,
    oauth_client_id: entry.oauth_client_id ?? null,
    transport: entry.transport ?? null,
    target: entry.target ?? null,
    outcome: entry.outcome,
    error_code: entry.error_code ?? null,
    duration_ms: entry.duration_ms ?? null,
    details: entry.details,
    prev_hash: entry.prev_hash,
    hash: entry.hash,
  };
}

function present<K extends string, V>(key: K, value: V | null): { [P in K]?: V } {
  return (value === null ? {} : { [key]: value }) as { [P in K]?: V };
}
