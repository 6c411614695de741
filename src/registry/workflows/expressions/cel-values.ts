/** More values than this in one expression's result fail it rather than hold the memory. */
export const MAX_RESULT_VALUES = 100_000;

/** An expression's result holding more than `MAX_RESULT_VALUES` values. */
export class ResultTooLarge extends Error {}

/**
 * A JSON value as CEL sees it: whole numbers become CEL `int`s (so `steps.count.output + 1`
 * is an int, as a person writing it expects), other numbers stay `double`s.
 */
export function toCel(value: unknown): unknown {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? BigInt(value) : value;
  if (Array.isArray(value)) return value.map(toCel);
  if (isPlainObject(value)) {
    // Object.fromEntries defines own properties, so a `__proto__` key stays a plain key.
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, toCel(item)]));
  }
  return value;
}

/**
 * A CEL result as JSON: ints as numbers, maps as objects, timestamps as ISO text, bytes as
 * base64. Throws `ResultTooLarge` past `MAX_RESULT_VALUES` values.
 */
export function fromCel(value: unknown): unknown {
  let count = 0;
  const convert = (item: unknown): unknown => {
    if (++count > MAX_RESULT_VALUES) throw new ResultTooLarge();
    if (typeof item === 'bigint') return Number(item);
    if (item instanceof Date) return item.toISOString();
    if (item instanceof Uint8Array) return Buffer.from(item).toString('base64');
    if (Array.isArray(item)) return item.map(convert);
    if (item instanceof Map) {
      return Object.fromEntries([...item].map(([key, entry]) => [String(key), convert(entry)]));
    }
    if (item !== null && typeof item === 'object') {
      return Object.fromEntries(Object.entries(item).map(([key, entry]) => [key, convert(entry)]));
    }
    return item;
  };
  return convert(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
