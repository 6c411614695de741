import { type SQL, and, eq, or, sql } from 'drizzle-orm';
import { type PgColumn } from 'drizzle-orm/pg-core';

/** One condition of a list request: SQL with a placeholder, and the value that fills it. */
export interface ListCondition {
  /** The placeholder's name; names the condition in the filter's shape. */
  name: string;
  where: SQL;
  value: unknown;
}

/**
 * The conditions a list request uses, as SQL with placeholders and the values that fill them:
 * lists filtered alike, whatever the values, have the same `shape` and so share one prepared
 * statement (see `selectPage`).
 */
export interface ListFilter {
  shape: string;
  where: SQL | undefined;
  values: Record<string, unknown>;
}

/** The filter of the conditions in use; none: every row. */
export function listFilter(...conditions: (ListCondition | undefined)[]): ListFilter {
  const used = conditions.filter((condition) => condition !== undefined);
  return {
    shape: used.map(({ name }) => name).join('_and_') || 'all',
    where: and(...used.map(({ where }) => where)),
    values: Object.fromEntries(used.map(({ name, value }) => [name, value])),
  };
}

/** `column = value`; no condition when the value is not given. */
export function columnEquals(column: PgColumn, value: unknown): ListCondition | undefined {
  if (value === undefined) return undefined;
  const name = `${column.name}_equals`;
  return { name, where: eq(column, sql.placeholder(name)), value };
}

/**
 * Rows whose `name` or `description` contains `search`, ignoring case, with the term's own `%`,
 * `_` and `\` matched literally; no condition without a term.
 */
export function nameOrDescriptionContains(
  table: { name: PgColumn; description: PgColumn },
  search: string | undefined,
): ListCondition | undefined {
  if (!search) return undefined;
  const pattern = sql.placeholder('search');
  return {
    name: 'search',
    where: or(sql`${table.name} ILIKE ${pattern}`, sql`${table.description} ILIKE ${pattern}`)!,
    value: `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`,
  };
}
