import { DomainError, ValidationFailedError } from '../../../../core/errors';
import { type OutboundFetch } from '../../../../tools/outbound/outbound-fetch';
import {
  ToolResponseTooLargeError,
  ToolUrlForbiddenError,
} from '../../../../tools/outbound/outbound.errors';
import { InvalidSourceDocumentError } from './openapi-source.errors';

/**
 * The text at a source's `document_url`, read through the outbound guard with the source's
 * headers: no more of it than `TOOL_MAX_RESPONSE_BYTES`, no redirect followed (it would take
 * the source's secret headers along). An address tools may not reach is a 422 on
 * `document_url`; a document too large, or not answered, fails naming why.
 */
export async function fetchDocumentText(
  outbound: OutboundFetch,
  url: string,
  headers: Headers,
  signal: AbortSignal,
): Promise<string> {
  headers.set('accept', 'application/json, application/yaml;q=0.9, */*;q=0.1');
  try {
    const response = await outbound.fetch(url, { headers, signal, redirect: 'error' });
    const text = await response.text();
    if (!response.ok) {
      throw new InvalidSourceDocumentError(
        `document_url answered HTTP ${response.status}`,
        'document_url',
      );
    }
    return text;
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    if (error instanceof ToolUrlForbiddenError) {
      throw new ValidationFailedError([{ field: 'document_url', messages: [error.message] }]);
    }
    if (error instanceof ToolResponseTooLargeError) {
      const { max_bytes } = error.details as { max_bytes: number };
      throw new InvalidSourceDocumentError(
        `it is larger than ${max_bytes} bytes, the most of an answer toolhub reads ` +
          '(TOOL_MAX_RESPONSE_BYTES)',
        'document_url',
      );
    }
    if (error instanceof DomainError) throw error;
    const cause = (error as { cause?: { message?: string } }).cause?.message;
    throw new InvalidSourceDocumentError(
      `document_url could not be read: ${cause ?? (error as Error).message}`,
      'document_url',
    );
  }
}
