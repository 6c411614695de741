import { createHash } from 'node:crypto';
import {
  type JsonObject,
  type OpenApiDocument,
  isJsonObject,
  pathItemsOf,
} from './openapi-document';
import { InvalidSourceDocumentError } from './openapi-source.errors';

/** The methods a path item may describe an operation for (OpenAPI's fixed fields). */
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export type HttpMethod = (typeof HTTP_METHODS)[number];

/** One operation of a document, with the name its tool has upstream. */
export interface OperationEntry {
  name: string;
  method: HttpMethod;
  path: string;
  pathItem: JsonObject;
  operation: JsonObject;
}

/**
 * The document's operations, in its order, each named by its `operationId`, else by its method
 * and path (`GET /pets/{id}` → `get_pets_id`). Names that two operations would share (equal
 * ids, `/pets/{id}` and `/pets/id`) are each suffixed with a hash of their method and path, so
 * every name is unique in the document and the same at every read. More than `limit`
 * operations fail before any is read further.
 */
export function operationsOf(document: OpenApiDocument, limit: number): OperationEntry[] {
  const found: Omit<OperationEntry, 'name'>[] = [];
  for (const [path, pathItem] of pathItemsOf(document)) {
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (operation === undefined) continue;
      if (!isJsonObject(operation)) {
        throw new InvalidSourceDocumentError(
          `the operation ${method.toUpperCase()} ${path} is not an object`,
          `paths.${path}.${method}`,
        );
      }
      if (found.push({ method, path, pathItem, operation }) > limit) {
        throw new InvalidSourceDocumentError(
          `it has more than ${limit} operations, the most a source may have`,
        );
      }
    }
  }
  const names = found.map(plainNameOf);
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  return found.map((entry, index) => {
    const name = names[index];
    return { ...entry, name: counts.get(name) === 1 ? name : `${name}_${hashOf(entry)}` };
  });
}

function plainNameOf({ method, path, operation }: Omit<OperationEntry, 'name'>): string {
  const { operationId } = operation;
  if (typeof operationId === 'string' && operationId.trim() !== '') return operationId;
  return `${method}_${path.replace(/[{}]/g, '')}`
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .replace(/_{2,}/g, '_')
    .replace(/_$/, '');
}

function hashOf({ method, path }: Omit<OperationEntry, 'name'>): string {
  return createHash('sha256').update(`${method} ${path}`).digest('hex').slice(0, 8);
}
