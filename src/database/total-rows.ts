import { sql } from 'drizzle-orm';

/** The row count of the whole result, on every row of a page: one query for page and total. */
export const totalRows = sql<number>`cast(count(*) over () as integer)`.as('total_rows');
