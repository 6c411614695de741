import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn } from 'drizzle-orm/pg-core';

/** A row kept for `ttl_ms` milliseconds after its `created_at`. */
export interface Expiring {
  created_at: Date;
  ttl_ms: number;
}

/** Whether the row's time is up. */
export function hasExpired({ created_at, ttl_ms }: Expiring, now = Date.now()): boolean {
  return created_at.getTime() + ttl_ms < now;
}

/** When a row of a table with `created_at` and `ttl_ms` expires, in SQL. */
export function expiresAt(table: { created_at: AnyPgColumn; ttl_ms: AnyPgColumn }): SQL {
  return sql`${table.created_at} + ${table.ttl_ms} * interval '1 millisecond'`;
}
