import { Injectable } from '@nestjs/common';
import { DomainError } from '../../../core/errors';
import { ToolExecutionFailedError } from '../../tool.errors';
import { ToolUrlForbiddenError } from '../../outbound/outbound.errors';
import { OutboundFetch } from '../../outbound/outbound-fetch';
import { bodyForDetails } from '../endpoint/remote-body-excerpt';
import { type ToolEndpoint, displayUrlOf, requestHeadersOf } from '../endpoint/tool-endpoint';

/**
 * Runs an `http` tool: POSTs the parameters as JSON to its URL and returns the JSON (or text)
 * it answers. Aborting the signal aborts the request. Only addresses the outbound policy
 * permits are reached, redirects are refused (one could lead anywhere), and no more of the
 * answer is read than the outbound limit allows.
 */
@Injectable()
export class HttpToolRunner {
  constructor(private readonly outbound: OutboundFetch) {}

  async run(endpoint: ToolEndpoint, params: unknown, signal: AbortSignal): Promise<unknown> {
    const headers = requestHeadersOf(endpoint);
    if (!headers.has('accept')) headers.set('accept', 'application/json');
    headers.set('content-type', 'application/json');
    const displayUrl = displayUrlOf(endpoint);
    const response = await sendToEndpoint(
      this.outbound,
      endpoint.url,
      { method: 'POST', headers, body: JSON.stringify(params), signal },
      displayUrl,
    );
    return jsonOrTextOf(response, displayUrl, signal);
  }
}

/**
 * Sends a tool's request through the outbound guard, redirects refused. A request that does not
 * reach the endpoint fails with the caller's abort, the policy's refusal, or why it failed.
 */
export async function sendToEndpoint(
  outbound: OutboundFetch,
  url: string,
  init: RequestInit & { signal: AbortSignal },
  displayUrl: string,
): Promise<Response> {
  try {
    return await outbound.fetch(url, { ...init, redirect: 'error' });
  } catch (error) {
    if (init.signal.aborted) throw init.signal.reason;
    if (error instanceof ToolUrlForbiddenError) throw error;
    throw new ToolExecutionFailedError(
      `Tool endpoint ${displayUrl} could not be reached: ${reasonOf(error)}`,
    );
  }
}

/**
 * An endpoint's answer as a tool's result: its JSON, or its text. A non-2xx answer fails,
 * carrying the status and the body (an excerpt of it when long).
 */
export async function jsonOrTextOf(
  response: Response,
  displayUrl: string,
  signal: AbortSignal,
): Promise<unknown> {
  const text = await readAnswer(() => response.text(), displayUrl, signal);
  const body = isJson(response) ? parseJson(text, displayUrl) : text;
  if (!response.ok) {
    throw new ToolExecutionFailedError(
      `Tool endpoint ${displayUrl} answered HTTP ${response.status}`,
      {
        status: response.status,
        body: bodyForDetails(text, body),
      },
    );
  }
  return body;
}

/** The answer's body as `read` reads it; a body past the limit fails with TOOL_RESPONSE_TOO_LARGE. */
export async function readAnswer<Body>(
  read: () => Promise<Body>,
  displayUrl: string,
  signal: AbortSignal,
): Promise<Body> {
  try {
    return await read();
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    if (error instanceof DomainError) throw error;
    throw new ToolExecutionFailedError(
      `Tool endpoint ${displayUrl} broke off its answer: ${reasonOf(error)}`,
    );
  }
}

function isJson(response: Response): boolean {
  return /^application\/([\w.+-]+\+)?json\b/i.test(response.headers.get('content-type') ?? '');
}

function parseJson(text: string, displayUrl: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ToolExecutionFailedError(`Tool endpoint ${displayUrl} answered malformed JSON`);
  }
}

function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}
