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
    let response: Response;
    try {
      response = await this.outbound.fetch(endpoint.url, {
        method: 'POST',
        headers,
        body: JSON.stringify(params),
        signal,
        redirect: 'error',
      });
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (error instanceof ToolUrlForbiddenError) throw error;
      throw new ToolExecutionFailedError(
        `Tool endpoint ${displayUrlOf(endpoint)} could not be reached: ${reasonOf(error)}`,
      );
    }
    const text = await readText(response, endpoint, signal);
    const body = isJson(response) ? parseJson(text, endpoint) : text;
    if (!response.ok) {
      throw new ToolExecutionFailedError(
        `Tool endpoint ${displayUrlOf(endpoint)} answered HTTP ${response.status}`,
        { status: response.status, body: bodyForDetails(text, body) },
      );
    }
    return body;
  }
}

/** The answer's text; a body past the limit fails with TOOL_RESPONSE_TOO_LARGE. */
async function readText(
  response: Response,
  endpoint: ToolEndpoint,
  signal: AbortSignal,
): Promise<string> {
  try {
    return await response.text();
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    if (error instanceof DomainError) throw error;
    throw new ToolExecutionFailedError(
      `Tool endpoint ${displayUrlOf(endpoint)} broke off its answer: ${reasonOf(error)}`,
    );
  }
}

function isJson(response: Response): boolean {
  return /^application\/([\w.+-]+\+)?json\b/i.test(response.headers.get('content-type') ?? '');
}

function parseJson(text: string, endpoint: ToolEndpoint): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ToolExecutionFailedError(
      `Tool endpoint ${displayUrlOf(endpoint)} answered malformed JSON`,
    );
  }
}

function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}
