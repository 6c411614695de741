/** A JSON object: not null, not an array. Unvalidated tool output is read through this. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
