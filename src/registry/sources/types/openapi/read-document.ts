import { type OutboundFetch } from '../../../../tools/outbound/outbound-fetch';
import { fetchDocumentText } from './fetch-document-text';
import { type OpenApiDocument, checkedDocument } from './openapi-document';
import { parseDocumentText } from './openapi-document-text';

/** The OpenAPI document at `url`, read with `headers`, parsed and checked. */
export async function readDocumentAt(
  outbound: OutboundFetch,
  url: string,
  headers: Headers,
  signal: AbortSignal,
): Promise<OpenApiDocument> {
  const text = await fetchDocumentText(outbound, url, headers, signal);
  return checkedDocument(await parseDocumentText(text, signal));
}
