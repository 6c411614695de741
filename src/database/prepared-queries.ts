import { type Placeholder, sql } from 'drizzle-orm';
import { type PgInsertValue, type PgTable } from 'drizzle-orm/pg-core';
import { type Database } from './database';

/** A statement that runs with values for its `sql.placeholder`s. */
export interface PreparedQuery<Result> {
  execute(values?: Record<string, unknown>): Promise<Result>;
}

/** A statement of Drizzle's query builder, before it is prepared. */
export interface PreparableQuery<Result> {
  prepare(name: string): PreparedQuery<Result>;
}

/** Each database handle's prepared statements, by name. */
const preparedOf = new WeakMap<Database, Map<string, PreparedQuery<unknown>>>();

/**
 * The statement `build` makes on `db`, with `sql.placeholder`s where its values go, prepared as
 * `name` the first time and kept with `db`. Drizzle builds a statement's SQL anew each time it
 * runs (100–200 µs for a join or an update returning its row): on the database itself, a
 * statement prepared here is built once for the life of the process, and the server parses and
 * plans it once per connection. In a transaction (a handle of its own, used for one unit of
 * work) it is built once per transaction. `name` must always go with the same statement, as the
 * server keeps it by name.
 */
export function preparedQuery<Result>(
  db: Database,
  name: string,
  build: () => PreparableQuery<Result>,
): PreparedQuery<Result> {
  let byName = preparedOf.get(db);
  if (!byName) preparedOf.set(db, (byName = new Map<string, PreparedQuery<unknown>>()));
  let prepared = byName.get(name) as PreparedQuery<Result> | undefined;
  if (!prepared) {
    prepared = build().prepare(name);
    byName.set(name, prepared);
  }
  return prepared;
}

/**
 * An insert's values for a prepared statement: for each of `columns`, the `sql.placeholder` of
 * its name, to be given the column's value when the statement runs (null, not undefined, where
 * there is none: a placeholder without a value is an error).
 */
export function placeholdersFor<Table extends PgTable>(
  columns: Record<string, unknown>,
): PgInsertValue<Table> {
  const entries: [string, Placeholder][] = Object.keys(columns).map((name) => [
    name,
    sql.placeholder(name),
  ]);
  return Object.fromEntries(entries) as PgInsertValue<Table>;
}
