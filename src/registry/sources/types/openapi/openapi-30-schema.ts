import { type JsonSchema } from '../../../../core/json-schema';
import { isJsonObject } from './openapi-document';

/** What converting a document's schemas keeps from one to the next. */
export interface SchemaConversion {
  /** Each schema's conversion, made once. */
  converted: Map<object, JsonSchema>;
  /** Which `$ref` a resolved schema stood for. */
  references: WeakMap<object, string>;
}

/** The keywords whose value is a schema, or an object or list of schemas. */
const SCHEMA_KEYWORDS = ['items', 'not', 'additionalProperties'];
const SCHEMA_LIST_KEYWORDS = ['allOf', 'anyOf', 'oneOf'];
const SCHEMA_MAP_KEYWORDS = ['properties'];

/**
 * An OpenAPI 3.0 schema as the JSON Schema tool inputs are checked with: `nullable: true`
 * becomes `null` among the types (and the `enum`), and the boolean `exclusiveMinimum` and
 * `exclusiveMaximum` of draft 4 become the bounds themselves. Anything else of 3.0 means the same
 * in JSON Schema, or is a keyword the check ignores. A schema shared by several places is
 * converted once and stays shared (a cycle stays a cycle), known by the `$ref` it stood for.
 */
export function fromOpenApi30Schema(schema: JsonSchema, conversion: SchemaConversion): JsonSchema {
  const done = conversion.converted.get(schema);
  if (done) return done;
  const result: JsonSchema = { ...schema };
  conversion.converted.set(schema, result);
  const reference = conversion.references.get(schema);
  if (reference !== undefined) conversion.references.set(result, reference);
  const convert = (value: unknown) =>
    isJsonObject(value) ? fromOpenApi30Schema(value, conversion) : value;
  for (const keyword of SCHEMA_KEYWORDS) {
    if (keyword in result) result[keyword] = convert(result[keyword]);
  }
  for (const keyword of SCHEMA_LIST_KEYWORDS) {
    const list = result[keyword];
    if (Array.isArray(list)) result[keyword] = list.map(convert);
  }
  for (const keyword of SCHEMA_MAP_KEYWORDS) {
    const map = result[keyword];
    if (isJsonObject(map)) {
      result[keyword] = Object.fromEntries(Object.entries(map).map(([k, v]) => [k, convert(v)]));
    }
  }
  if (result.nullable === true) allowNull(result);
  delete result.nullable;
  exclusiveBound(result, 'exclusiveMinimum', 'minimum');
  exclusiveBound(result, 'exclusiveMaximum', 'maximum');
  return result;
}

function allowNull(schema: JsonSchema): void {
  if (typeof schema.type === 'string') schema.type = [schema.type, 'null'];
  if (Array.isArray(schema.enum) && !schema.enum.includes(null)) {
    schema.enum = [...(schema.enum as unknown[]), null];
  }
}

function exclusiveBound(schema: JsonSchema, exclusive: string, bound: string): void {
  if (typeof schema[exclusive] !== 'boolean') return;
  if (schema[exclusive] === true && typeof schema[bound] === 'number') {
    schema[exclusive] = schema[bound];
    delete schema[bound];
  } else {
    delete schema[exclusive];
  }
}
