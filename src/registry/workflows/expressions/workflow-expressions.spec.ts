import { ExpressionFailedError } from './expression.errors';
import {
  MAX_EXPRESSION_LENGTH,
  evaluateCondition,
  evaluateExpression,
  expressionFault,
} from './workflow-expressions';

const ALL = ['input', 'steps', 'previous', 'item', 'index'] as const;

async function failureOf(work: Promise<unknown>): Promise<ExpressionFailedError> {
  const error: unknown = await work.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof ExpressionFailedError)) throw new Error(`Not refused: ${String(error)}`);
  return error;
}

describe('workflow expressions', () => {
  it('read the input, step outputs by key, the previous output, the item and its index', async () => {
    const values = {
      input: { limit: 2 },
      steps: { fetch: { output: { count: 2, names: ['a', 'b', 'c'] } } },
      previous: 'done',
      item: { name: 'x' },
      index: 3,
    };
    await expect(evaluateExpression('steps.fetch.output.count + 1', values)).resolves.toBe(3);
    await expect(evaluateExpression('item.name + "!" + string(index)', values)).resolves.toBe(
      'x!3',
    );
    await expect(
      evaluateExpression('steps.fetch.output.names.filter(n, n != "b")', values),
    ).resolves.toEqual(['a', 'c']);
    await expect(evaluateExpression('{"p": previous, "half": 1.5}', values)).resolves.toEqual({
      p: 'done',
      half: 1.5,
    });
    await expect(evaluateCondition('input.limit < index', values)).resolves.toBe(true);
    await expect(evaluateCondition('previous == "no"', values)).resolves.toBe(false);
  });

  it('refuses a condition that is not a bool, and a read of a missing field, with its position', async () => {
    const notBool = await failureOf(evaluateCondition('input.limit', { input: { limit: 2 } }));
    expect(notBool.message).toBe('The condition gave a number, not a bool');
    const missing = await failureOf(evaluateExpression('1 + input.nope', { input: {} }));
    expect(missing.code).toBe('EXPRESSION_FAILED');
    expect(missing.message).toMatch(/nope/u);
    expect(missing.details).toEqual({ position: 10 });
    const divided = await failureOf(evaluateExpression('input / 0', { input: 1 }));
    expect(divided.message).toMatch(/division by zero/u);
  });

  it('names the position of a syntax error and of a variable not visible where it is', async () => {
    await expect(expressionFault('input.a +', ALL)).resolves.toEqual({
      position: 9,
      message: expect.stringMatching(/Unexpected token/u) as string,
    });
    // `item` and `index` are only visible inside a map's steps.
    await expect(expressionFault('input.a && item.b', ['input', 'steps'])).resolves.toEqual({
      position: 11,
      message: 'Unknown variable: item',
    });
    await expect(expressionFault('input.a && item.b', ALL)).resolves.toBeUndefined();
  });

  it('gives the host nothing: no process, no JavaScript', async () => {
    await expect(expressionFault('process.env', ALL)).resolves.toMatchObject({ position: 0 });
    await expect(expressionFault('eval("1")', ALL)).resolves.toMatchObject({
      message: expect.stringMatching(/eval/u) as string,
    });
    const constructed = await failureOf(
      evaluateExpression('input.constructor', { input: { a: 1 } }),
    );
    expect(constructed.message).toMatch(/constructor/u);
  });

  it('refuses expressions past the bounds, as faults rather than crashes', async () => {
    const long = `input == "${'a'.repeat(1_000_000)}"`;
    await expect(expressionFault(long, ALL)).resolves.toEqual({
      position: MAX_EXPRESSION_LENGTH,
      message: `An expression is at most ${MAX_EXPRESSION_LENGTH} characters long`,
    });
    const deep = `${'['.repeat(1000)}1${']'.repeat(1000)}`;
    await expect(expressionFault(deep, ALL)).resolves.toMatchObject({
      message: expect.stringMatching(/depth/iu) as string,
    });
    const wide = `${'1+'.repeat(600)}1`;
    await expect(expressionFault(wide, ALL)).resolves.toMatchObject({
      message: expect.stringMatching(/maxAstNodes/u) as string,
    });
    await expect(
      expressionFault('input.l.map(x, input.l.filter(y, y > x).size())', ALL),
    ).resolves.toEqual({ position: 15, message: 'A comprehension cannot be nested in another' });
    // Backtracking regular expressions could take exponential time on a short text.
    await expect(
      expressionFault('input.s.startsWith("a") && input.s.matches("(a+)+$")', ALL),
    ).resolves.toEqual({ position: 27, message: 'matches() is not available in expressions' });
  });

  it('fails a result with more values than bounded', async () => {
    const input = { l: Array.from({ length: 60_000 }, (_, i) => i) };
    await expect(evaluateExpression('input.l.map(x, x * 2).size()', { input })).resolves.toBe(
      60_000,
    );
    const tooLarge = await failureOf(evaluateExpression('input.l + input.l', { input }));
    expect(tooLarge.message).toBe('The expression gave too large a result');
  });
});
