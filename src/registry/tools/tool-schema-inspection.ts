import { DomainError } from '../../core/errors';
import { UnsupportedPatternError, compileLinearPattern } from '../../tools/linear-regexp';
import {
  ToolSchemaNumberNotFiniteError,
  ToolSchemaPatternUnsupportedError,
  ToolSchemaTooLargeError,
} from './registered-tool.errors';
import { type ToolSchemaConfig } from './tool-schema.config';

type JsonObject = Record<string, unknown>;

/**
 * The first reason a tool input schema cannot be stored and served, short of compiling it: a
 * number JSON cannot store, a limit passed, a pattern the linear-time engine cannot run.
 * `field` names the schema in the refusal (`parameters` of a tool, `input_schema` of a
 * workflow). Cheap enough for every stored tool at start; the nesting is checked first,
 * without recursion, so no document can overflow the stack of what follows.
 */
export function schemaProblemOf(
  schema: JsonObject,
  limits: ToolSchemaConfig,
  field: string,
): DomainError | undefined {
  try {
    checkDocument(schema, limits.TOOL_SCHEMA_MAX_DEPTH, field);
    const bytes = Buffer.byteLength(JSON.stringify(schema));
    if (bytes > limits.TOOL_SCHEMA_MAX_BYTES) {
      throw new ToolSchemaTooLargeError(
        field,
        'size in bytes',
        bytes,
        limits.TOOL_SCHEMA_MAX_BYTES,
        'TOOL_SCHEMA_MAX_BYTES',
      );
    }
    checkSchemas(schema, limits.TOOL_SCHEMA_MAX_PROPERTIES, field);
    return undefined;
  } catch (problem) {
    // The checks below report a problem by throwing it, to stop at the first one.
    if (problem instanceof DomainError) return problem;
    throw problem;
  }
}

interface Visit {
  value: unknown;
  depth: number;
  parent?: Visit;
  key?: string;
}

/** Every value of the document: nesting within `maxDepth`, every number finite. */
function checkDocument(document: JsonObject, maxDepth: number, field: string): void {
  const pending: Visit[] = [{ value: document, depth: 1 }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    const { value, depth } = visit;
    if (typeof value === 'number' && !Number.isFinite(value)) {
      throw new ToolSchemaNumberNotFiniteError(field, pointerOf(visit));
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth > maxDepth) {
      throw new ToolSchemaTooLargeError(
        field,
        'nesting depth',
        depth,
        maxDepth,
        'TOOL_SCHEMA_MAX_DEPTH',
      );
    }
    for (const [key, child] of Object.entries(value)) {
      pending.push({ value: child, depth: depth + 1, parent: visit, key });
    }
  }
}

/** The JSON Pointer of a visited value, built only for the one a problem is reported at. */
function pointerOf(visit: Visit): string {
  const keys: string[] = [];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) keys.push(at.key);
  return keys
    .reverse()
    .map((key) => `/${escapePointer(key)}`)
    .join('');
}

function escapePointer(key: string): string {
  return key.replaceAll('~', '~0').replaceAll('/', '~1');
}

// The keywords whose values are subschemas (JSON Schema 2020-12 and draft-07), by shape.
const SUBSCHEMA = [
  'additionalItems',
  'items',
  'contains',
  'additionalProperties',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contentSchema',
];
const SUBSCHEMA_LISTS = ['items', 'prefixItems', 'allOf', 'anyOf', 'oneOf'];
const SUBSCHEMA_MAPS = [
  '$defs',
  'definitions',
  'properties',
  'patternProperties',
  'dependentSchemas',
  'dependencies',
];

/**
 * The schema keywords (not data such as `const`, `enum` or `default`): at most
 * `maxProperties` entries of `properties` and `patternProperties` in all, and every pattern
 * one the linear-time engine runs.
 */
function checkSchemas(root: JsonObject, maxProperties: number, field: string): void {
  let properties = 0;
  forEachSchema(root, '', (schema, path) => {
    properties += sizeOf(schema.properties) + sizeOf(schema.patternProperties);
    if (properties > maxProperties) {
      throw new ToolSchemaTooLargeError(
        field,
        'count of properties',
        properties,
        maxProperties,
        'TOOL_SCHEMA_MAX_PROPERTIES',
      );
    }
    if (typeof schema.pattern === 'string') {
      checkPattern(field, `${path}/pattern`, schema.pattern);
    }
    if (isObject(schema.patternProperties)) {
      for (const pattern of Object.keys(schema.patternProperties)) {
        checkPattern(field, `${path}/patternProperties/${escapePointer(pattern)}`, pattern);
      }
    }
  });
}

function forEachSchema(
  schema: unknown,
  path: string,
  visit: (schema: JsonObject, path: string) => void,
): void {
  // Booleans are schemas too, with nothing inside.
  if (!isObject(schema)) return;
  visit(schema, path);
  for (const keyword of SUBSCHEMA) forEachSchema(schema[keyword], `${path}/${keyword}`, visit);
  for (const keyword of SUBSCHEMA_LISTS) {
    const list = schema[keyword];
    if (!Array.isArray(list)) continue;
    list.forEach((item, index) => forEachSchema(item, `${path}/${keyword}/${index}`, visit));
  }
  for (const keyword of SUBSCHEMA_MAPS) {
    const map = schema[keyword];
    if (!isObject(map)) continue;
    for (const [name, item] of Object.entries(map)) {
      forEachSchema(item, `${path}/${keyword}/${escapePointer(name)}`, visit);
    }
  }
}

function checkPattern(field: string, path: string, pattern: string): void {
  try {
    compileLinearPattern(pattern);
  } catch (error) {
    if (!(error instanceof UnsupportedPatternError)) throw error;
    throw new ToolSchemaPatternUnsupportedError(field, path, pattern, error.reason);
  }
}

function sizeOf(map: unknown): number {
  return isObject(map) ? Object.keys(map).length : 0;
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
