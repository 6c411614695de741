import { type OpenApiDocument, isJsonObject } from './openapi-document';
import { InvalidSourceDocumentError } from './openapi-source.errors';

/**
 * Where a source's operations are called: `base_url` when given, else the document's first
 * server, its variables at their defaults, a relative one read against the document's URL
 * (OpenAPI's default server is `/`). Without a trailing slash: operation paths start with one.
 */
export function baseUrlOf(
  document: OpenApiDocument,
  settings: { base_url?: string; document_url?: string },
): string {
  const url = settings.base_url ?? serverUrlOf(document, settings.document_url);
  return url.replace(/\/+$/, '');
}

function serverUrlOf(document: OpenApiDocument, documentUrl: string | undefined): string {
  const [server] = Array.isArray(document.servers) ? (document.servers as unknown[]) : [];
  const written =
    isJsonObject(server) && typeof server.url === 'string'
      ? withDefaults(server.url, server.variables)
      : '/';
  const url = URL.parse(written, documentUrl);
  if (!url || !['http:', 'https:'].includes(url.protocol)) {
    throw new InvalidSourceDocumentError(
      documentUrl === undefined && !URL.canParse(written)
        ? `its first server's URL ${JSON.stringify(written)} is relative and the document has ` +
            'no URL to read it against; give base_url'
        : `its first server's URL ${JSON.stringify(written)} is not an http or https URL; give base_url`,
      'servers',
    );
  }
  return url.toString();
}

/** A server URL's `{variables}` replaced by their default values. */
function withDefaults(url: string, variables: unknown): string {
  return url.replace(/\{([^}]+)\}/g, (written, name: string) => {
    const variable = isJsonObject(variables) ? variables[name] : undefined;
    return isJsonObject(variable) && typeof variable.default === 'string'
      ? variable.default
      : written;
  });
}
