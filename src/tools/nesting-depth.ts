/**
 * Whether `value` nests arrays and objects deeper than `maxDepth` (`[]` is 1, `[[]]` is 2).
 * Walks with a stack of its own, never recursing, so a value deep enough to overflow
 * `JSON.stringify` is measured safely; stops at the first path past the limit.
 */
export function nestsDeeperThan(value: unknown, maxDepth: number): boolean {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (typeof next.value !== 'object' || next.value === null) continue;
    const depth = next.depth + 1;
    if (depth > maxDepth) return true;
    for (const child of Object.values(next.value)) pending.push({ value: child, depth });
  }
  return false;
}
