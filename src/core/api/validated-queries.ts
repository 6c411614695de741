/** Distinct queries kept per DTO; when full, the one kept longest goes. */
const CAPACITY = 256;

/**
 * The DTOs queries were validated into, by DTO class and query. Validating a query depends on
 * nothing but its text, and class-validator costs a page query about as much as the rest of a
 * list served from memory, while the same few queries (a page size, a filter) come again and
 * again. Only queries that passed are kept; each caller gets its own copy.
 */
export class ValidatedQueries {
  private readonly byDto = new WeakMap<object, Map<string, object>>();

  /** A copy of what `query` was validated into as a `dto` before, if it was. */
  get(dto: object, query: string): object | undefined {
    const validated = this.byDto.get(dto)?.get(query);
    return validated && copyOf(validated);
  }

  set(dto: object, query: string, validated: object): void {
    let queries = this.byDto.get(dto);
    if (!queries) this.byDto.set(dto, (queries = new Map<string, object>()));
    if (queries.size >= CAPACITY) queries.delete(queries.keys().next().value as string);
    queries.set(query, copyOf(validated));
  }
}

/** A query DTO holds values and lists of values: a copy of its fields and lists is its own. */
function copyOf(dto: object): object {
  const copy = Object.create(Object.getPrototypeOf(dto) as object | null) as Fields;
  for (const [field, value] of Object.entries(dto)) {
    copy[field] = Array.isArray(value) ? [...(value as unknown[])] : value;
  }
  return copy;
}

type Fields = Record<string, unknown>;
