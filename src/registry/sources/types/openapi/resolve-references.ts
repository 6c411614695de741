import { type DomainError } from '../../../../core/errors';
import { type OutboundFetch } from '../../../../tools/outbound/outbound-fetch';
import { ToolUrlForbiddenError } from '../../../../tools/outbound/outbound.errors';
import { type OpenApiDocument } from './openapi-document';
import { InvalidSourceDocumentError } from './openapi-source.errors';
import { loadRefParser } from './ref-parser';

/** Other documents one document's `$ref`s may read: each is a request, each as large as allowed. */
const EXTERNAL_DOCUMENTS_MAX = 20;
/** A bound on the work of resolving, far above what a document within the size bound needs. */
const RESOLVE_TIME_LIMIT_MS = 20_000;
/** Where the `$ref`s of a document given as text are read from: nowhere but itself. */
const INLINE_DOCUMENT_BASE = 'https://document.invalid/openapi';

/** A document with its `$ref`s resolved, and which `$ref` each value resolved stood for. */
export interface ResolvedDocument {
  document: OpenApiDocument;
  references: WeakMap<object, string>;
}

/**
 * `document` with every `$ref` replaced, in place, by what it points at: a target referred to
 * twice is one object, so resolving takes time in proportion to the targets, not to how often
 * they are referred to, and a `$ref` that refers back to itself through others makes a cycle
 * (which operations that leaves without end is for their reader to say). References to other
 * documents are read through the outbound guard, at most `EXTERNAL_DOCUMENTS_MAX` of them,
 * relative ones against `documentUrl`; never from a file. A reference that does not resolve,
 * or leads to an address tools may not reach, fails naming it.
 */
export async function resolveReferences(
  document: OpenApiDocument,
  documentUrl: string | undefined,
  outbound: OutboundFetch,
  signal: AbortSignal,
): Promise<ResolvedDocument> {
  const references = new WeakMap<object, string>();
  let reads = 0;
  let refusal: DomainError | undefined;
  const readExternal = async (url: string): Promise<Buffer> => {
    if (documentUrl === undefined) {
      refusal = new InvalidSourceDocumentError(
        `its $ref ${refOf(url)} points at another document, which a document given as text ` +
          'cannot read; give it by document_url or inline what it refers to',
      );
    } else if (++reads > EXTERNAL_DOCUMENTS_MAX) {
      refusal = new InvalidSourceDocumentError(
        `its $refs read more than ${EXTERNAL_DOCUMENTS_MAX} other documents`,
      );
    }
    if (refusal) throw refusal;
    try {
      const response = await outbound.fetch(url, { signal, redirect: 'error' });
      if (!response.ok) throw new Error(`answered HTTP ${response.status}`);
      return Buffer.from(await response.arrayBuffer());
    } catch (error) {
      refusal = externalFailure(url, error);
      throw refusal;
    }
  };
  const { dereference } = await loadRefParser();
  try {
    const resolved = await dereference<OpenApiDocument>(
      documentUrl ?? INLINE_DOCUMENT_BASE,
      document,
      {
        resolve: {
          file: false,
          http: false,
          outbound: {
            order: 1,
            canRead: /^https?:\/\//i,
            read: ({ url }: { url: string }) => readExternal(url),
          },
        },
        dereference: {
          // Not 'ignore', which also turns off resolving each target once: a chain of targets
          // that each refer to the next twice would take exponential time.
          circular: true,
          onDereference: (ref: string, value: object) => references.set(value, ref),
        },
        timeoutMs: RESOLVE_TIME_LIMIT_MS,
      },
    );
    return { document: resolved, references };
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    throw refusal ?? new InvalidSourceDocumentError(`a $ref does not resolve: ${messageOf(error)}`);
  }
}

function externalFailure(url: string, error: unknown): DomainError {
  if (error instanceof ToolUrlForbiddenError) {
    return new InvalidSourceDocumentError(`its $ref ${refOf(url)} is refused: ${error.message}`);
  }
  return new InvalidSourceDocumentError(
    `its $ref ${refOf(url)} could not be read: ${messageOf(error)}`,
  );
}

/** A referenced document's URL as errors show it: without a query that may hold a token. */
function refOf(url: string): string {
  const parsed = URL.parse(url);
  return parsed ? `${parsed.origin}${parsed.pathname}` : url;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
