import { type JsonSchema } from '../../../../core/json-schema';
import { type UpstreamTool } from '../../tool-source-type.contract';
import { type SchemaConversion, fromOpenApi30Schema } from './openapi-30-schema';
import { type JsonObject, type OpenApiVersion, isJsonObject } from './openapi-document';
import { type HttpMethod, type OperationEntry } from './openapi-operations';
import { InvalidSourceDocumentError } from './openapi-source.errors';
import { annotationsOf } from './operation-annotations';
import { type SchemaMeasure, type SchemaMeasuring, measureSchema } from './schema-measure';

/**
 * The most an operation's input schema may write out as, its `$ref`s resolved: a document whose
 * references nest into an enormous schema is refused rather than stored and served.
 */
const OPERATION_SCHEMA_MAX_BYTES = 1024 * 1024;

const LOCATIONS = ['path', 'query', 'header', 'cookie'] as const;

export type ParameterLocation = (typeof LOCATIONS)[number];

/**
 * Headers a parameter may not set: OpenAPI says to ignore such parameters, as the request's
 * body and the source's credentials decide them.
 */
const IGNORED_HEADERS = new Set(['accept', 'content-type', 'authorization']);

/** An argument of a tool call and where in the request it goes. */
export interface OperationParameter {
  /** The input's property that holds it. */
  property: string;
  name: string;
  in: ParameterLocation;
  style?: string;
  explode?: boolean;
  /** Described by a media type (`content`) instead of a schema: sent as its JSON text. */
  asJson: boolean;
}

/** The request body an operation takes: the input's `body`. */
export interface OperationBody {
  contentType: string;
  /** Sent as JSON; else `body` is a string sent as it is. */
  json: boolean;
}

/** An operation made ready to be listed as a tool and called. */
export interface PreparedOperation {
  method: HttpMethod;
  path: string;
  parameters: OperationParameter[];
  body?: OperationBody;
  tool: UpstreamTool;
}

/** The input property a JSON or text body is given in. */
export const BODY_PROPERTY = 'body';

/** What reading one document's operations keeps from one to the next: the parts they share. */
export interface DocumentReading extends SchemaMeasuring, SchemaConversion {
  version: OpenApiVersion;
}

interface ReadParameter extends OperationParameter {
  schema: JsonSchema;
  required: boolean;
}

/**
 * An operation of a resolved document as a tool: its path, query, header and cookie parameters
 * and its body (under `body`) are the properties of one input object. A parameter whose name
 * another parameter or the body also has is named by its place as well (`header_id`). Its
 * description is its summary and description; its annotations follow its method.
 */
export function prepareOperation(
  entry: OperationEntry,
  reading: DocumentReading,
): PreparedOperation {
  const where = `paths.${entry.path}.${entry.method}`;
  const schemaOf = (schema: unknown): JsonSchema => {
    const read = isJsonObject(schema) ? schema : {};
    return reading.version === '3.0' ? fromOpenApi30Schema(read, reading) : read;
  };
  const read = parametersOf(entry, where, schemaOf);
  const body = bodyOf(entry.operation.requestBody, schemaOf);
  const taken = new Map<string, number>(body ? [[BODY_PROPERTY, 1]] : []);
  for (const { name } of read) taken.set(name, (taken.get(name) ?? 0) + 1);
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const parameters = read.map(({ schema, required: isRequired, ...parameter }) => {
    const property =
      (taken.get(parameter.name) ?? 0) > 1 ? `${parameter.in}_${parameter.name}` : parameter.name;
    properties[property] = schema;
    if (isRequired) required.push(property);
    return { ...parameter, property };
  });
  if (body) {
    properties[BODY_PROPERTY] = body.schema;
    if (body.required) required.push(BODY_PROPERTY);
  }
  const inputSchema: JsonSchema = {
    type: 'object',
    properties,
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
  };
  checkMeasure(measureSchema(inputSchema, reading), entry.name, where);
  const summary = textOf(entry.operation.summary);
  const description = [summary, textOf(entry.operation.description)].filter(Boolean).join('\n\n');
  return {
    method: entry.method,
    path: entry.path,
    parameters,
    body: body && { contentType: body.contentType, json: body.json },
    tool: {
      name: entry.name,
      description: description || `${entry.method.toUpperCase()} ${entry.path}`,
      inputSchema,
      annotations: annotationsOf(entry.method, summary),
    },
  };
}

/** The path item's parameters, then the operation's, which replace those of the same place. */
function parametersOf(
  { pathItem, operation }: OperationEntry,
  where: string,
  schemaOf: (schema: unknown) => JsonSchema,
): ReadParameter[] {
  const byPlace = new Map<string, ReadParameter>();
  for (const list of [pathItem.parameters, operation.parameters]) {
    if (list === undefined) continue;
    if (!Array.isArray(list)) {
      throw new InvalidSourceDocumentError(`the parameters of ${where} are not a list`, where);
    }
    for (const value of list) {
      const parameter = parameterOf(value, where, schemaOf);
      if (parameter) byPlace.set(`${parameter.in} ${parameter.name}`, parameter);
    }
  }
  return [...byPlace.values()];
}

function parameterOf(
  value: unknown,
  where: string,
  schemaOf: (schema: unknown) => JsonSchema,
): ReadParameter | undefined {
  if (
    !isJsonObject(value) ||
    typeof value.name !== 'string' ||
    !LOCATIONS.includes(value.in as ParameterLocation)
  ) {
    throw new InvalidSourceDocumentError(
      `a parameter of ${where} has no name, or no "in" of ${LOCATIONS.join(', ')}`,
      where,
    );
  }
  const location = value.in as ParameterLocation;
  if (location === 'header' && IGNORED_HEADERS.has(value.name.toLowerCase())) return undefined;
  const media = firstMediaOf(value.content);
  const schema = schemaOf(media ? media[1].schema : value.schema);
  const description = textOf(value.description);
  return {
    property: value.name,
    name: value.name,
    in: location,
    ...(typeof value.style === 'string' ? { style: value.style } : {}),
    ...(typeof value.explode === 'boolean' ? { explode: value.explode } : {}),
    asJson: media !== undefined,
    schema: description && schema.description === undefined ? { ...schema, description } : schema,
    required: location === 'path' || value.required === true,
  };
}

/**
 * The body as a JSON media type describes it, else as text in the first media type given: a
 * string sent as it is.
 */
function bodyOf(
  requestBody: unknown,
  schemaOf: (schema: unknown) => JsonSchema,
): (OperationBody & { schema: JsonSchema; required: boolean }) | undefined {
  if (!isJsonObject(requestBody) || !isJsonObject(requestBody.content)) return undefined;
  const media = Object.entries(requestBody.content).filter((entry): entry is [string, JsonObject] =>
    isJsonObject(entry[1]),
  );
  const json = media.find(([type]) => /^application\/([\w.+-]+\+)?json\b/i.test(type));
  const [contentType, described] = json ?? media[0] ?? [];
  if (contentType === undefined || described === undefined) return undefined;
  const description = textOf(requestBody.description);
  const schema = json
    ? schemaOf(described.schema)
    : { type: 'string', description: `Sent as ${contentType}` };
  return {
    contentType,
    json: json !== undefined,
    schema: description && schema.description === undefined ? { ...schema, description } : schema,
    required: requestBody.required === true,
  };
}

function firstMediaOf(content: unknown): [string, JsonObject] | undefined {
  if (!isJsonObject(content)) return undefined;
  const [first] = Object.entries(content);
  return first && isJsonObject(first[1]) ? [first[0], first[1]] : undefined;
}

function checkMeasure(measure: SchemaMeasure, name: string, where: string): void {
  if (measure.circularRef !== undefined) {
    throw new InvalidSourceDocumentError(
      `the input of operation ${name} refers to itself through $ref ${measure.circularRef}; ` +
        'a tool input cannot be a schema without end',
      where,
    );
  }
  if (measure.bytes > OPERATION_SCHEMA_MAX_BYTES) {
    throw new InvalidSourceDocumentError(
      `the input of operation ${name} is more than ${OPERATION_SCHEMA_MAX_BYTES} bytes once its ` +
        '$refs are resolved',
      where,
    );
  }
}

function textOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
