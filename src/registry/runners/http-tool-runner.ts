import { Injectable } from '@nestjs/common';
import { ToolExecutionFailedError } from '../../tools/tool.errors';
import { ToolUrlForbiddenError } from '../tools/registered-tool.errors';
import { OutboundFetch } from './outbound/outbound-fetch';
import { bodyForDetails } from './remote-body-excerpt';
import { type ToolEndpoint, displayUrlOf, requestHeadersOf } from './tool-endpoint';

/** Largest response accepted from a tool endpoint; a runaway endpoint must not exhaust memory. */
export const MAX_HTTP_TOOL_RESPONSE_BYTES = 10 * 1024 * 1024;

/**
 * Runs an `http` tool: POSTs the parameters as JSON to its URL and returns the JSON (or text)
 * it answers. Aborting the signal aborts the request. Only addresses the outbound policy
 * permits are reached, and redirects are refused (one could lead anywhere).
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
    const text = await readLimited(response, endpoint);
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

async function readLimited(response: Response, endpoint: ToolEndpoint): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of (response.body ?? []) as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > MAX_HTTP_TOOL_RESPONSE_BYTES) {
      await response.body?.cancel();
      throw new ToolExecutionFailedError(
        `Tool endpoint ${displayUrlOf(endpoint)} answered more than ` +
          `${MAX_HTTP_TOOL_RESPONSE_BYTES} bytes`,
      );
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
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
