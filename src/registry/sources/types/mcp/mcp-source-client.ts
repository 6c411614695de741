import { PACKAGE_VERSION } from '../../../../core/package-version';
import { mcpCallAnswer, mcpCallFailure } from '../../../../tools/kinds/mcp/mcp-call-answer';
import { type UpstreamListing } from '../../tool-source-type.contract';
import { upstreamToolsOf } from './mcp-upstream-tools';

/** The caller's time limit or the sync's applies, not the SDK's default of 60 s. */
export const NO_SDK_TIMEOUT_MS = 2 ** 31 - 1;

/** The client SDK (v2), loaded when a source first connects, not by every start. */
export const loadClientSdk = () => import('@modelcontextprotocol/client');
type ClientSdk = Awaited<ReturnType<typeof loadClientSdk>>;
export type SourceClient = InstanceType<ClientSdk['Client']>;

/** How a source's client settles the protocol era with its server. */
export interface SourceClientOptions {
  /**
   * `auto`: the modern era where the server offers it (a `server/discover` probe), else
   * `initialize`; `legacy`: `initialize` at once.
   */
  era: 'auto' | 'legacy';
  maxTools: number;
  /** Told of the server's `notifications/tools/list_changed`. */
  onToolsChanged: () => void;
}

/**
 * A client of a source's MCP server, whatever carries it (Streamable HTTP, a process's stdio),
 * its pages bounded by the tool limit.
 */
export function newSourceClient(
  Client: ClientSdk['Client'],
  { era, maxTools, onToolsChanged }: SourceClientOptions,
): SourceClient {
  return new Client(
    { name: 'toolhub', version: PACKAGE_VERSION },
    {
      versionNegotiation: { mode: era },
      // Each page holds one tool at least: more pages than tools allowed is a cursor that
      // never ends.
      listMaxPages: maxTools + 1,
      listChanged: { tools: { autoRefresh: false, onChanged: onToolsChanged } },
    },
  );
}

/** The server's tools, every page, at most `limit` of them. */
export async function listSourceTools(
  client: SourceClient,
  { signal, limit }: { signal: AbortSignal; limit: number },
): Promise<UpstreamListing> {
  // The SDK walks the pages (as many as `listMaxPages`), each bounded by the response limit.
  const result = await client.listTools(undefined, {
    signal,
    timeout: NO_SDK_TIMEOUT_MS,
    cacheMode: 'bypass',
  });
  return upstreamToolsOf(result, limit);
}

/** Calls one of the server's tools; `what` names the tool and server in a failure's message. */
export async function callSourceTool(
  client: SourceClient,
  call: { name: string; args: Record<string, unknown>; signal: AbortSignal; what: string },
): Promise<unknown> {
  const result = await client.callTool(
    { name: call.name, arguments: call.args },
    { signal: call.signal, timeout: NO_SDK_TIMEOUT_MS },
  );
  return mcpCallAnswer(result, call.what);
}

/**
 * Runs `work` with a source's client once it is there. The caller's abort ends the wait with its
 * reason; any other failure is told to `failed`, then reported as the server's (`server` names
 * it in the message).
 */
export async function usingSourceClient<T>(
  client: Promise<SourceClient>,
  { signal, server, failed }: { signal: AbortSignal; server: string; failed?: () => void },
  work: (client: SourceClient) => Promise<T>,
): Promise<T> {
  try {
    return await work(await abortable(client, signal));
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    failed?.();
    throw mcpCallFailure(error, server);
  }
}

/** `promise`, or the signal's reason as soon as it aborts. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
