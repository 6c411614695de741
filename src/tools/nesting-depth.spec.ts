import { nestsDeeperThan } from './nesting-depth';

/** `[[…[leaf]…]]`, `depth` arrays deep, built without recursion. */
function nestedArrays(depth: number, leaf: unknown = 1): unknown {
  let value = leaf;
  for (let level = 0; level < depth; level += 1) value = [value];
  return value;
}

describe('nestsDeeperThan', () => {
  it.each([
    ['a scalar', 0, false, 'text'],
    ['null', 0, false, null],
    ['an empty array', 0, true, []],
    ['an empty array', 1, false, []],
    ['three arrays', 2, true, nestedArrays(3)],
    ['three arrays', 3, false, nestedArrays(3)],
    ['objects and arrays mixed', 3, true, { a: [{ b: { c: 1 } }] }],
    ['objects and arrays mixed', 4, false, { a: [{ b: { c: 1 } }] }],
  ])('%s: deeper than %i is %p', (_name, maxDepth, expected, value) => {
    expect(nestsDeeperThan(value, maxDepth)).toBe(expected);
  });

  it('finds the one deep branch among shallow ones', () => {
    const value = { shallow: [1, 2, 3], also: { x: 'y' }, deep: nestedArrays(10) };
    expect(nestsDeeperThan(value, 10)).toBe(true);
    expect(nestsDeeperThan(value, 11)).toBe(false);
  });

  it('measures a value a million levels deep without overflowing the stack', () => {
    expect(nestsDeeperThan(nestedArrays(1_000_000), 256)).toBe(true);
    expect(() => JSON.stringify(nestedArrays(1_000_000))).toThrow(RangeError);
  });
});
