import { type ToolAnnotations } from '../../../../tools/tool.contract';
import { type HttpMethod } from './openapi-operations';

/**
 * What HTTP says of a method, as MCP hints: safe methods only read; PUT and DELETE may be
 * repeated with the same effect; DELETE destroys. Every operation reaches beyond toolhub.
 */
const METHOD_HINTS: Record<HttpMethod, ToolAnnotations> = {
  get: { readOnlyHint: true },
  head: { readOnlyHint: true },
  options: { readOnlyHint: true },
  trace: { readOnlyHint: true },
  put: { readOnlyHint: false, idempotentHint: true },
  delete: { readOnlyHint: false, destructiveHint: true, idempotentHint: true },
  post: { readOnlyHint: false },
  patch: { readOnlyHint: false },
};

/** An operation's tool annotations: its method's hints, titled by its summary. */
export function annotationsOf(method: HttpMethod, summary: string | undefined): ToolAnnotations {
  return { ...(summary ? { title: summary } : {}), ...METHOD_HINTS[method], openWorldHint: true };
}
