import { type ServerResponse } from 'node:http';
import type { A2ARequestHandler, ServerCallContext } from '@a2a-js/sdk/server';
import { sendJson } from '../../core/http/node-http';
import { a2aLegacyServerSdk, a2aServerSdk } from '../loaded-on-first-use';
import { isAsyncGenerator, replyWithStream } from './sse-reply';
import { LEGACY_VERSION } from './spoken-version';

/** JSON-RPC's code for a body that is JSON but no request object. */
const INVALID_REQUEST = -32600;

/**
 * The JSON-RPC binding (POST to the agent's base URL), on Node's request and response so both
 * HTTP adapters serve it alike: the SDK's transport handler for v1.0 requests, its v0.3 one for
 * requests in 0.3. Errors are JSON-RPC errors with status 200, as the
 * binding has them; streaming methods answer with Server-Sent Events.
 */
export async function serveJsonRpc(
  handler: A2ARequestHandler,
  context: ServerCallContext,
  body: unknown,
  res: ServerResponse,
): Promise<void> {
  const legacy = context.requestedVersion === LEGACY_VERSION;
  const { JsonRpcTransportHandler, validateVersion } = a2aServerSdk();
  const { LegacyJsonRpcTransportHandler } = a2aLegacyServerSdk();
  const errorOf = (error: unknown) =>
    legacy
      ? LegacyJsonRpcTransportHandler.mapToLegacyJSONRPCError(error)
      : JsonRpcTransportHandler.mapToJSONRPCError(error);
  const replyError = (error: unknown) =>
    sendJson(res, 200, { jsonrpc: '2.0', id: idOf(body), error: errorOf(error) });
  if (!isJsonRpcRequest(body)) {
    return sendJson(res, 200, {
      jsonrpc: '2.0',
      id: idOf(body),
      error: { code: INVALID_REQUEST, message: 'Invalid Request: not a JSON-RPC 2.0 request' },
    });
  }
  try {
    validateVersion(context.requestedVersion, await handler.getAgentCard(), 'JSONRPC');
    const transport = legacy
      ? new LegacyJsonRpcTransportHandler(handler)
      : new JsonRpcTransportHandler(handler);
    const answer: unknown = await transport.handle(body as Record<string, unknown>, context);
    if (!isAsyncGenerator(answer)) return sendJson(res, 200, answer);
    await replyWithStream(
      res,
      answer,
      {
        event: (event) => event,
        error: (error) => ({ jsonrpc: '2.0', id: idOf(body), error: errorOf(error) }),
      },
      replyError,
    );
  } catch (error) {
    replyError(error);
  }
}

/**
 * Whether the body is a JSON-RPC 2.0 request object. Checked here because the SDK answers a
 * malformed envelope with INVALID_PARAMS, where JSON-RPC names INVALID_REQUEST.
 */
function isJsonRpcRequest(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const { jsonrpc, method, id } = body as Record<string, unknown>;
  const validId = id === undefined || id === null || typeof id === 'string' || Number.isInteger(id);
  return jsonrpc === '2.0' && typeof method === 'string' && method !== '' && validId;
}

function idOf(body: unknown): string | number | null {
  const id = (body as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}
