import { type PoolClient } from 'pg';

/** The most statements one connection keeps prepared; other texts are parsed each time. */
const MAX_PREPARED = 200;

type Query = PoolClient['query'];

/**
 * Makes the connection prepare each parameterised statement once and run it again by name: a
 * run repeats the same dozen statements, and the database then parses and plans each once per
 * connection. That matters most on PGlite, which does both in WebAssembly, several times slower
 * than a server. Names are per connection, as node-postgres keeps them; a new connection to the
 * embedded database starts with none (the worker resets the session for it).
 */
export function prepareRepeatedStatements(client: PoolClient): void {
  const names = new Map<string, string>();
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const nameOf = (text: string): string | undefined => {
    const known = names.get(text);
    if (known !== undefined || names.size >= MAX_PREPARED) return known;
    const name = `toolhub_${names.size}`;
    names.set(text, name);
    return name;
  };
  client.query = ((config: unknown, ...rest: unknown[]) => {
    if (!isPlainQuery(config) || !hasParameters(config, rest[0])) return query(config, ...rest);
    const name = nameOf(config.text);
    return query(name === undefined ? config : { ...config, name }, ...rest);
  }) as Query;
}

/** A query given as text and options (not a submittable such as a cursor), with no name yet. */
function isPlainQuery(config: unknown): config is { text: string; values?: unknown[] } {
  if (typeof config !== 'object' || config === null) return false;
  const query = config as { text?: unknown; name?: unknown; submit?: unknown };
  return typeof query.text === 'string' && query.name === undefined && query.submit === undefined;
}

/** Only a statement with parameters goes by the extended protocol, which names statements. */
function hasParameters(config: { values?: unknown[] }, values: unknown): boolean {
  return (Array.isArray(values) ? values : (config.values ?? [])).length > 0;
}
