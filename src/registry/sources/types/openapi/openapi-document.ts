import { InvalidSourceDocumentError } from './openapi-source.errors';

/** A JSON object as a document holds it. */
export type JsonObject = Record<string, unknown>;

/** An OpenAPI 3.0 or 3.1 document, checked only as far as importing it needs. */
export interface OpenApiDocument extends JsonObject {
  openapi: string;
  paths?: Record<string, JsonObject>;
  servers?: unknown;
}

/** The OpenAPI versions toolhub reads: their schema dialects differ, so each is named. */
export type OpenApiVersion = '3.0' | '3.1';

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `value` as an OpenAPI 3.0 or 3.1 document, or the reason it is not one: Swagger 2.0 is
 * refused with how to convert it rather than read half right (its parameters, bodies and
 * servers are described otherwise).
 */
export function checkedDocument(value: unknown): OpenApiDocument {
  if (!isJsonObject(value)) {
    throw new InvalidSourceDocumentError('it is not an object with an "openapi" version');
  }
  if (value.swagger !== undefined) {
    throw new InvalidSourceDocumentError(
      `it is a Swagger ${typeof value.swagger === 'string' ? value.swagger : '2'} document, which toolhub does not read: convert it ` +
        'to OpenAPI 3 first (for instance with the swagger2openapi converter or the Swagger ' +
        'Editor) and import the result',
      'swagger',
    );
  }
  if (typeof value.openapi !== 'string' || versionOf(value.openapi) === undefined) {
    throw new InvalidSourceDocumentError(
      `its "openapi" version is ${JSON.stringify(value.openapi) ?? 'missing'}; toolhub reads ` +
        'OpenAPI 3.0 and 3.1',
      'openapi',
    );
  }
  if (value.paths !== undefined && !isJsonObject(value.paths)) {
    throw new InvalidSourceDocumentError('its "paths" is not an object', 'paths');
  }
  for (const [path, item] of pathItemsOf(value as OpenApiDocument)) {
    if (!isJsonObject(item)) {
      throw new InvalidSourceDocumentError(`its path ${path} is not an object`, `paths.${path}`);
    }
  }
  return value as OpenApiDocument;
}

/** The document's paths and their items; `x-` extensions beside them are not paths. */
export function pathItemsOf(document: OpenApiDocument): [string, JsonObject][] {
  return Object.entries(document.paths ?? {}).filter(([path]) => path.startsWith('/'));
}

/** Which dialect a checked document's `openapi` version names. */
export function versionOf(openapi: string): OpenApiVersion | undefined {
  const match = /^3\.([01])(\.\d+)?(-[\w.]+)?$/.exec(openapi);
  return match ? (`3.${match[1]}` as OpenApiVersion) : undefined;
}
