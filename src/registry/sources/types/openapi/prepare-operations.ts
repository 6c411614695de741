import { type OutboundFetch } from '../../../../tools/outbound/outbound-fetch';
import {
  type JsonObject,
  type OpenApiDocument,
  isJsonObject,
  pathItemsOf,
  versionOf,
} from './openapi-document';
import { operationsOf } from './openapi-operations';
import { type PreparedOperation, prepareOperation } from './prepared-operation';
import { resolveReferences } from './resolve-references';

/** What of an operation its tool needs; its responses, examples and callbacks are left unread. */
const OPERATION_PARTS = ['operationId', 'summary', 'description', 'parameters', 'requestBody'];

/**
 * A checked document's operations as tools, their `$ref`s resolved. More than `limit`
 * operations fail before anything is resolved; so does a document with no way to call its
 * operations. Only what the tools need is resolved, so that the responses of a large API's
 * document cost nothing.
 */
export async function prepareOperations(
  document: OpenApiDocument,
  limit: number,
  documentUrl: string | undefined,
  outbound: OutboundFetch,
  signal: AbortSignal,
): Promise<PreparedOperation[]> {
  operationsOf(document, limit);
  // A copy to resolve in place: the document may be a source's stored settings. Copying it
  // first takes a fraction of the time the resolver's own copy would.
  const parts = structuredClone(toolPartsOf(document));
  const resolved = await resolveReferences(parts, documentUrl, outbound, signal);
  const reading = {
    version: versionOf(document.openapi) ?? '3.1',
    converted: new Map(),
    measured: new Map(),
    references: resolved.references,
  };
  return operationsOf(resolved.document, limit).map((entry) => prepareOperation(entry, reading));
}

function toolPartsOf(document: OpenApiDocument): OpenApiDocument {
  const paths = Object.fromEntries(
    pathItemsOf(document).map(([path, item]) => [path, pathPartsOf(item)]),
  );
  return { openapi: document.openapi, paths, components: document.components };
}

function pathPartsOf(item: JsonObject): JsonObject {
  return Object.fromEntries(
    Object.entries(item).map(([key, value]) => [
      key,
      isJsonObject(value) ? pick(value, OPERATION_PARTS) : value,
    ]),
  );
}

function pick(object: JsonObject, keys: readonly string[]): JsonObject {
  return Object.fromEntries(keys.filter((key) => key in object).map((key) => [key, object[key]]));
}
