import { type ArgumentMetadata, Injectable, ValidationPipe } from '@nestjs/common';
import { type ValidatorOptions } from 'class-validator';
import { NumberOutOfRangeError, ValidationFailedError } from '../errors';
import { invalidUtf8ErrorOf } from '../http/json-body';
import { assertStorableText } from '../http/storable-text';
import { fieldIssuesOf } from '../validation/field-issues';
import { ValidatedQueries } from './validated-queries';

/**
 * Validates `/api/v1` bodies and queries against their DTOs: unknown fields are refused (a typo
 * must not be silently ignored) and every problem is reported as a 422 with field details.
 * Before that, text the database could not store as sent (bytes that are not UTF-8, lone
 * surrogates, NUL) is refused with its own 400, in bodies, queries and path parameters alike;
 * after it, a query number beyond the integers a double holds exactly.
 */
@Injectable()
export class ApiValidationPipe extends ValidationPipe {
  constructor() {
    super({
      transform: true,
      whitelist: true,
      forbidNonWhitelisted: true,
      // Each error keeps the value it judged, so a field left out can be told from a wrong one.
      validationError: { target: false, value: true },
      exceptionFactory: (errors) => new ValidationFailedError(fieldIssuesOf(errors)),
    });
  }

  private readonly validatedQueries = new ValidatedQueries();

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'custom') return super.transform(value, metadata);
    const dto = metadata.metatype;
    // A whole query (`@Query() query: SomeQueryDto`) passes or fails the same way every time.
    if (metadata.type === 'query' && metadata.data === undefined && dto && isPlainObject(value)) {
      const query = JSON.stringify(value);
      const validated = this.validatedQueries.get(dto, query);
      if (validated) return validated;
      const transformed = await this.validateAfresh(value, metadata);
      if (isPlainObject(transformed)) this.validatedQueries.set(dto, query, transformed);
      return transformed;
    }
    return this.validateAfresh(value, metadata);
  }

  private async validateAfresh(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    // No body at all is an empty object: the DTO then names each required field.
    if (metadata.type === 'body' && value === undefined) value = {};
    if (metadata.type === 'body' && !isPlainObject(value)) {
      throw new ValidationFailedError([{ field: '', messages: ['body must be a JSON object'] }]);
    }
    const notUtf8 = invalidUtf8ErrorOf(value);
    if (notUtf8) throw notUtf8;
    assertStorableText(value, metadata.data ?? '');
    const placeholders =
      metadata.type === 'body' && isPlainObject(value) ? this.setVerbatimAside(value) : [];
    let transformed: unknown;
    try {
      transformed = await super.transform(value, metadata);
    } finally {
      for (const placeholder of placeholders) this.verbatim.delete(placeholder);
    }
    if (metadata.type === 'query') assertQueryNumbersInRange(transformed);
    return transformed;
  }

  /** Free-form JSON set aside by `setVerbatimAside`, under the placeholder standing in for it. */
  private readonly verbatim = new Map<symbol, unknown>();

  /**
   * Free-form JSON fields of a body (a tool's `parameters`) must reach the DTO exactly as sent,
   * but Nest deletes `constructor`, `prototype` and `__proto__` keys at every depth, and
   * class-transformer drops keys named like Object's members (or fails on a `constructor`
   * holding an object). So each is replaced by a symbol, which both pass through untouched,
   * and put back before validation. JSON.parse made such keys own data properties, which
   * change no prototype.
   */
  private setVerbatimAside(body: Record<string, unknown>): symbol[] {
    return VERBATIM_JSON_PATHS.flatMap((path) =>
      slotsAt(body, path).map(([holder, field]) => {
        const placeholder = Symbol(field);
        this.verbatim.set(placeholder, holder[field]);
        holder[field] = placeholder;
        return placeholder;
      }),
    );
  }

  protected override validate(entity: object, options?: ValidatorOptions) {
    for (const path of VERBATIM_JSON_PATHS) {
      for (const [holder, field] of slotsAt(entity, path)) {
        const value = holder[field];
        if (typeof value === 'symbol' && this.verbatim.has(value)) {
          holder[field] = this.verbatim.get(value);
        }
      }
    }
    return super.validate(entity, options);
  }
}

/**
 * Where bodies hold free-form JSON, kept exactly as sent: a tool's `parameters`, a workflow
 * step's `input` template, a workflow run's `input`. `*` stands for each item of an array.
 */
const VERBATIM_JSON_PATHS: readonly (readonly string[])[] = [
  ['parameters'],
  ['input'],
  ['steps', '*', 'input'],
];

/** Each object holding a field at `path` under `value`, with that field's name. */
function slotsAt(value: unknown, path: readonly string[]): [Record<string, unknown>, string][] {
  const [head, ...rest] = path;
  if (head === '*') return Array.isArray(value) ? value.flatMap((item) => slotsAt(item, rest)) : [];
  if (!isPlainObject(value) || !Object.hasOwn(value, head)) return [];
  return rest.length === 0 ? [[value, head]] : slotsAt(value[head], rest);
}

/**
 * A query number is a count, a position or a sequence number: beyond 2^53 it is no longer
 * exact, and the database would refuse it (`offset=1e20` overflows a bigint).
 */
function assertQueryNumbersInRange(query: unknown): void {
  if (!isPlainObject(query)) return;
  for (const [field, value] of Object.entries(query)) {
    if (typeof value === 'number' && !(Math.abs(value) <= Number.MAX_SAFE_INTEGER)) {
      throw NumberOutOfRangeError.inQuery(field, value);
    }
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
