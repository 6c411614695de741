import { DrizzleQueryError } from 'drizzle-orm';
import { withoutQueryParameters } from './without-query-parameters';

const STATEMENT = 'insert into "tools" ("name", "implementation") values ($1, $2)';
const SECRET = 'Bearer sk-live-1234';

function failedQuery(): DrizzleQueryError {
  const driverError = new Error('invalid byte sequence for encoding "UTF8": 0x00');
  return new DrizzleQueryError(
    STATEMENT,
    ['a\u0000b', JSON.stringify({ secret_headers: { Authorization: SECRET } })],
    driverError,
  );
}

/** Everything pino would write of the arguments (message, stack, own fields, causes). */
function written(args: unknown[]): string {
  const [first] = args;
  const error = first instanceof Error ? first : (first as { err: Error }).err;
  const texts: unknown[] = [];
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    texts.push(current.message, current.stack, { ...current });
  }
  return JSON.stringify(texts);
}

describe('withoutQueryParameters', () => {
  it.each([
    ['the error itself', (error: Error) => [error]],
    ['an err field, as Nest and pino log one', (error: Error) => [{ err: error, context: 'X' }]],
  ])('keeps the failed statement but not its parameters when logging %s', (_how, argsOf) => {
    const error = failedQuery();
    expect(written(argsOf(error))).toContain(SECRET);

    const logged = withoutQueryParameters(argsOf(error));
    expect(written(logged)).not.toContain(SECRET);
    expect(written(logged)).not.toContain('params');
    const loggedError = logged[0] instanceof Error ? logged[0] : (logged[0] as { err: Error }).err;
    expect(loggedError).toBeInstanceOf(DrizzleQueryError);
    expect(loggedError.message).toBe(`Failed query: ${STATEMENT}`);
    expect(loggedError.stack).toMatch(/^Error: Failed query: .*\$2\)\n {4}at /);
    expect((loggedError.cause as Error).message).toContain('invalid byte sequence');
  });

  it('leaves the error as it was for whoever handles it', () => {
    const error = failedQuery();
    withoutQueryParameters([error]);
    expect(error.message).toContain(SECRET);
    expect(error.stack).toContain(SECRET);
    expect(error.params).toHaveLength(2);
  });

  it('cleans a failed query that is the cause of another error, even in a loop of causes', () => {
    const wrapper = new Error('the write failed', { cause: failedQuery() });
    (wrapper.cause as Error).cause = wrapper;
    const logged = withoutQueryParameters([{ err: wrapper }, 'saving a tool']);
    expect(written(logged)).not.toContain(SECRET);
    expect(logged[1]).toBe('saving a tool');
    expect((logged[0] as { err: Error }).err.message).toBe('the write failed');
  });

  it('passes any other log call through untouched', () => {
    const plain = [{ reqId: '1', req: { url: '/x' } }, 'request failed'];
    expect(withoutQueryParameters(plain)).toBe(plain);
    const other = [new Error('boom')];
    expect(withoutQueryParameters(other)).toBe(other);
    expect(withoutQueryParameters(['text'])).toEqual(['text']);
  });
});
