import { type SQL, sql } from 'drizzle-orm';
import { type PgColumn } from 'drizzle-orm/pg-core';

/** `column ILIKE %term%` with the term's own `%`, `_` and `\` matched literally. */
export function containsIgnoringCase(column: PgColumn, term: string): SQL {
  const escaped = term.replace(/[\\%_]/g, (character) => `\\${character}`);
  return sql`${column} ILIKE ${`%${escaped}%`}`;
}

/** The row count of the whole result, on every row of a page: one query for page and total. */
export const totalRows = sql<number>`cast(count(*) over () as integer)`.as('total_rows');
