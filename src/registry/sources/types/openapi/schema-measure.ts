/** What one walk of a resolved schema found. */
export interface SchemaMeasure {
  /** About the length of its JSON, every shared part counted where it appears. */
  bytes: number;
  /** The `$ref` through which it contains itself, if it does: it has no end. */
  circularRef?: string;
}

/** What measuring a document's schemas keeps from one to the next. */
export interface SchemaMeasuring {
  /** Each part's measure, taken once. */
  measured: Map<object, SchemaMeasure>;
  /** Which `$ref` a resolved part stood for, to name a cycle by. */
  references: WeakMap<object, string>;
}

/**
 * Measures a resolved schema as it would be written out. A part shared by many places is
 * measured once and counted at each, so a chain of references to references that would write
 * out as an exponentially long schema is measured in time proportional to its parts; a part
 * met again inside itself is a cycle, named by its `$ref`.
 */
export function measureSchema(
  value: unknown,
  measuring: SchemaMeasuring,
  inside = new Set<object>(),
): SchemaMeasure {
  if (typeof value !== 'object' || value === null) {
    return { bytes: JSON.stringify(value)?.length ?? 4 };
  }
  if (inside.has(value)) {
    return { bytes: 0, circularRef: measuring.references.get(value) ?? '(unnamed)' };
  }
  const known = measuring.measured.get(value);
  if (known) return known;
  inside.add(value);
  const result: SchemaMeasure = { bytes: 2 };
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((item) => ['', item])
    : Object.entries(value);
  for (const [key, item] of entries) {
    const part = measureSchema(item, measuring, inside);
    result.bytes += part.bytes + key.length + 4;
    result.circularRef ??= part.circularRef;
  }
  inside.delete(value);
  measuring.measured.set(value, result);
  return result;
}
