/**
 * A step run's place in its workflow run's tree, as text: a top-level step is its index
 * (`"2"`); a nested step adds, after its parent's path, the group it is in and its index
 * there: a map's item (`"3/items/7/0"`), a branch's case (`"1/cases/0/0"`) or default
 * (`"1/default/0"`), a parallel branch (`"4/branches/b/0"`), a loop's iteration
 * (`"5/iterations/2/0"`). The default names no member; every other group does.
 */
export type StepGroup = 'items' | 'cases' | 'default' | 'branches' | 'iterations';

const GROUPS: ReadonlySet<string> = new Set<StepGroup>([
  'items',
  'cases',
  'default',
  'branches',
  'iterations',
]);

/** The path of top-level step `index`. */
export function topLevelPath(index: number): string {
  return String(index);
}

/** The path of step `index` of a group (and its member, unless `default`) of `parent`. */
export function nestedPath(
  parent: string,
  group: StepGroup,
  member: string | number | undefined,
  index: number,
): string {
  return group === 'default'
    ? `${parent}/default/${index}`
    : `${parent}/${group}/${String(member)}/${index}`;
}

/** The path of the step run `path` is nested in; undefined for a top-level one. */
export function parentPathOf(path: string): string | undefined {
  const segments = path.split('/');
  let end = 1;
  let parent: number | undefined;
  while (end < segments.length) {
    const group = segments[end];
    if (!GROUPS.has(group)) throw new Error(`Not a step path: ${path}`);
    parent = end;
    end += group === 'default' ? 2 : 3;
  }
  if (end !== segments.length) throw new Error(`Not a step path: ${path}`);
  return parent === undefined ? undefined : segments.slice(0, parent).join('/');
}

/**
 * Orders step paths as their runs are laid out: by each segment in turn, numbers by value
 * (item 10 after item 9), names as text.
 */
export function compareStepPaths(a: string, b: string): number {
  const left = a.split('/');
  const right = b.split('/');
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const order = compareSegments(left[i], right[i]);
    if (order !== 0) return order;
  }
  return left.length - right.length;
}

function compareSegments(a: string, b: string): number {
  const numeric = /^\d+$/u;
  if (numeric.test(a) && numeric.test(b)) return Number(a) - Number(b);
  return a < b ? -1 : a > b ? 1 : 0;
}
