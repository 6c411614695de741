import { DrizzleQueryError } from 'drizzle-orm';

/**
 * The arguments of a log call, with the parameters of every failed query taken out of the error
 * it logs. Drizzle writes a failed statement's parameters (the row being written: secret headers,
 * key hashes, users' content) into the error's message, stack and `params`; the statement alone
 * says what failed.
 */
export function withoutQueryParameters(args: unknown[]): unknown[] {
  const [first, ...rest] = args;
  const error =
    first instanceof Error ? first : isObject(first) && first.err instanceof Error && first.err;
  if (!error) return args;
  const clean = withoutParametersOf(error);
  if (clean === error) return args;
  return [first === error ? clean : { ...(first as object), err: clean }, ...rest];
}

function withoutParametersOf(error: Error): Error {
  const chain = causeChainOf(error);
  const leaks = chain.flatMap(parameterTextOf);
  return leaks.length === 0 ? error : scrubbed(chain, leaks);
}

/** The error and its causes, each once (a cause chain may loop). */
function causeChainOf(error: Error): Error[] {
  const chain: Error[] = [];
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if (chain.includes(current)) break;
    chain.push(current);
  }
  return chain;
}

/** What Drizzle appended to a failed query's message: `\nparams: …`. */
function parameterTextOf(error: Error): string[] {
  if (!(error instanceof DrizzleQueryError)) return [];
  const statement = `Failed query: ${error.query}`;
  return error.message.startsWith(statement) ? [error.message.slice(statement.length)] : [];
}

/**
 * Copies of the chain's errors (same class, so logs name it) without the leaked texts, each
 * the cause of the one before; the errors themselves are left as they are for their handlers.
 */
function scrubbed(chain: Error[], leaks: string[]): Error {
  const scrub = (text: string) => leaks.reduce((result, leak) => result.replaceAll(leak, ''), text);
  const copies = chain.map((error) => {
    const copy = Object.create(Object.getPrototypeOf(error) as object) as Error;
    Object.defineProperties(copy, Object.getOwnPropertyDescriptors(error));
    copy.message = scrub(error.message);
    if (error.stack !== undefined) copy.stack = scrub(error.stack);
    if (copy instanceof DrizzleQueryError) Reflect.deleteProperty(copy, 'params');
    return copy;
  });
  copies.forEach((copy, index) => {
    // The last one's cause is not an error, or, in a loop, one of the originals: left out.
    if (index + 1 < copies.length || copy.cause instanceof Error) copy.cause = copies[index + 1];
  });
  return copies[0];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
