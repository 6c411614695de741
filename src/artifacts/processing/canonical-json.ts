import { isRecord } from './is-record';

/**
 * JSON with the keys of every object sorted, so equal values give the same text, and size,
 * whatever order their keys came in. Like JSON.stringify it honours `toJSON` and leaves out
 * undefined properties (`undefined` alone gives `null`); integer-like keys still come first, in
 * numeric order, as JavaScript enumerates them. Throws, as JSON.stringify does, on a BigInt or a
 * cycle.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, sortKeys) ?? 'null';
}

function sortKeys(_key: string, value: unknown): unknown {
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, value[key]]),
  );
}
