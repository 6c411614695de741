/**
 * Whether `value` nests arrays and objects deeper than `maxDepth` (`[]` is 1, `[[]]` is 2).
 * Walks with a stack of its own, never recursing, so a value deep enough to overflow
 * `JSON.stringify` is measured safely; stops at the first path past the limit. Only arrays and
 * objects are stacked: a result's strings and numbers cost a type check, nothing more.
 */
export function nestsDeeperThan(value: unknown, maxDepth: number): boolean {
  if (!isContainer(value)) return false;
  const pending: { container: object; depth: number }[] = [{ container: value, depth: 1 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (next.depth > maxDepth) return true;
    for (const child of Object.values(next.container)) {
      if (isContainer(child)) pending.push({ container: child, depth: next.depth + 1 });
    }
  }
  return false;
}

function isContainer(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}
