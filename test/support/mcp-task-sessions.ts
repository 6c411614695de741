import { randomUUID } from 'node:crypto';
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernHttpClientTransport,
  type Transport,
} from '@modelcontextprotocol/client';
import { StdioClientTransport as ModernStdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type * as TasksClient from '@modelcontextprotocol/ext-tasks/client';
import { MCP_ACCEPT, MODERN_PROTOCOL_VERSION, type McpClients } from './mcp-clients';

/**
 * The tasks extension's client, loaded as the ES module it only ships as: the tests are
 * CommonJS, and a dynamic `import()` compiled by TypeScript would become `require`. The source
 * differs per test file: V8 reuses a function compiled from the same source, and with it the
 * importer of the test file that compiled it first, whose Jest environment a later test file in
 * the same worker finds torn down.
 */
// eslint-disable-next-line @typescript-eslint/no-implied-eval -- a real import(), see above
export const loadTasksClient = new Function(
  `return import("@modelcontextprotocol/ext-tasks/client"); // ${randomUUID()}`,
) as () => Promise<typeof TasksClient>;

let dispatchedRequests = 0;

const TASK_ENDPOINT_ID = 'toolhub-e2e';

const TASKS_CAPABILITIES = { extensions: { 'io.modelcontextprotocol/tasks': {} } };

/** The headers a 2026-07-28 client routes a request with (`Mcp-Name` names its target). */
function routingHeaders(request: { method: string; params?: Record<string, unknown> }) {
  const target = request.params?.name ?? request.params?.taskId ?? request.params?.uri;
  return {
    'MCP-Protocol-Version': MODERN_PROTOCOL_VERSION,
    'Mcp-Method': request.method,
    ...(typeof target === 'string' && { 'Mcp-Name': target }),
  };
}

/** A JSON-RPC notification, as a reply's stream carried it before the response. */
export type OnNotification = (notification: Record<string, unknown>) => void;

/**
 * The JSON-RPC response in a reply to one request, sent as JSON or as a stream (SSE); the
 * notifications the stream carried before it go to `onNotification`.
 */
async function responseOf(
  reply: Response,
  onNotification?: OnNotification,
): Promise<Record<string, unknown>> {
  const text = await reply.text();
  if (!(reply.headers.get('content-type') ?? '').includes('text/event-stream')) {
    return JSON.parse(text) as Record<string, unknown>;
  }
  const messages = text
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => JSON.parse(line.slice(5)) as Record<string, unknown>);
  for (const message of messages.filter((sent) => !('id' in sent))) onNotification?.(message);
  const response = messages.find((message) => 'result' in message || 'error' in message);
  if (!response) throw new Error(`no response in the stream: ${text}`);
  return response;
}

/**
 * `fetch` whose JSON bodies are parsed in this test's realm. Jest runs a test in a realm of its
 * own while `fetch` parses in Node's, and the extension's client accepts only plain objects of
 * its own realm as JSON values.
 */
const fetchParsingHere: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  if (!(response.headers.get('content-type') ?? '').includes('application/json')) return response;
  const text = await response.text();
  const copy = new Response(text, { status: response.status, headers: response.headers });
  return Object.assign(copy, { json: () => Promise.resolve(JSON.parse(text) as unknown) });
};

type OnInputRequest = TasksClient.WithTasksOptions['onInputRequest'];

/** A JSON-RPC response as the extension's dispatcher hands it on. */
function dispatched(response: Record<string, unknown>): TasksClient.JsonRpcResponse {
  return 'error' in response
    ? { kind: 'error', error: response.error as TasksClient.JsonRpcResponseError['response'] }
    : { kind: 'result', result: response.result as never };
}

/**
 * A task session of the extension's client over the SDK v2 client pinned to 2026-07-28,
 * connected through `transport`. The extension sends its own task requests (their wire shapes
 * are the extension's, which the SDK client does not frame) through the dispatcher that
 * `dispatcherOf` makes for the connected transport.
 */
async function connectTaskSession<T extends Transport>(
  clients: McpClients,
  transport: T,
  dispatcherOf: (connected: T) => TasksClient.RawClientDispatch,
  onInputRequest?: OnInputRequest,
) {
  const tasks = await loadTasksClient();
  const client = new ModernClient(
    { name: 'toolhub-e2e-tasks', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: MODERN_PROTOCOL_VERSION } } },
  );
  await client.connect(transport);
  clients.track(client);
  const session = tasks.createTaskSessionFromClient(client, {
    // The server, not its port: a task handed off before a restart resumes on the new app.
    endpointId: TASK_ENDPOINT_ID,
    onInputRequest,
    v2RequestFraming: {
      protocolVersion: MODERN_PROTOCOL_VERSION,
      clientInfo: { name: 'toolhub-e2e-tasks', version: '1.0.0' },
      clientCapabilities: TASKS_CAPABILITIES,
    },
    rawDispatch: dispatcherOf(transport),
  });
  return { session, client };
}

/**
 * A task session over Streamable HTTP for the key `auth` (without one when undefined); task
 * requests are plain POSTs, and the notifications their replies carry go to `onNotification`.
 */
export function openTaskSession(
  clients: McpClients,
  baseUrl: string,
  auth: string | undefined,
  onInputRequest?: OnInputRequest,
  onNotification?: OnNotification,
) {
  const authorization: Record<string, string> = auth === undefined ? {} : { Authorization: auth };
  const transport = new ModernHttpClientTransport(new URL('/mcp', baseUrl), {
    requestInit: { headers: authorization },
    fetch: fetchParsingHere,
  });
  const post: TasksClient.RawClientDispatch = async (request, options) => {
    const message = request as { method: string; params?: Record<string, unknown> };
    const reply = await fetch(new URL('/mcp', baseUrl), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: MCP_ACCEPT,
        ...authorization,
        ...routingHeaders(message),
        ...options?.context?.headers,
      },
      // The port hands the request's method and params; the envelope is the dispatcher's.
      body: JSON.stringify({ jsonrpc: '2.0', id: ++dispatchedRequests, ...message }),
      signal: options?.signal,
    });
    return dispatched(await responseOf(reply, onNotification));
  };
  return connectTaskSession(clients, transport, () => post, onInputRequest);
}

/**
 * A task session over stdio with the CLI `args` runs as a child, with `env` as its environment.
 * Task requests share the client's pipe: they carry ids of their own, and their answers are
 * taken out of the stream before the SDK client, which knows none of them, sees it.
 */
export function openStdioTaskSession(
  clients: McpClients,
  args: string[],
  env: Record<string, string>,
  onInputRequest?: OnInputRequest,
) {
  const transport = new ModernStdioClientTransport({ command: process.execPath, args, env });
  return connectTaskSession(clients, transport, sendingOverStdio, onInputRequest);
}

/** Sends task requests on the client's own stdio transport and takes their answers back out. */
function sendingOverStdio(transport: Transport): TasksClient.RawClientDispatch {
  const waiting = new Map<string, (response: Record<string, unknown>) => void>();
  const toClient = transport.onmessage;
  transport.onmessage = (message, extra) => {
    const id = 'id' in message && typeof message.id === 'string' ? message.id : undefined;
    const answer = id === undefined ? undefined : waiting.get(id);
    if (id === undefined || !answer) {
      toClient?.(message, extra);
      return;
    }
    waiting.delete(id);
    answer(message);
  };
  return async (request, options) => {
    const id = `task-request-${++dispatchedRequests}`;
    const response = new Promise<Record<string, unknown>>((resolve, reject) => {
      waiting.set(id, resolve);
      options?.signal?.addEventListener('abort', () => {
        waiting.delete(id);
        reject(new Error('The task request was aborted', { cause: options.signal?.reason }));
      });
    });
    const message = request as { method: string; params?: Record<string, unknown> };
    await transport.send({ jsonrpc: '2.0', id, ...message });
    return dispatched(await response);
  };
}

/**
 * A task session of the extension's client over the SDK v2 client on the 2025 wire
 * (`initialize`), for the key `auth`: it asks for tasks through the 2025-11-25 core methods
 * (`task` in a call's params, `tasks/get`, `tasks/result`, `tasks/cancel`).
 */
export async function openLegacyTaskSession(clients: McpClients, baseUrl: string, auth: string) {
  const tasks = await loadTasksClient();
  const client = new ModernClient(
    { name: 'toolhub-e2e-tasks-2025', version: '1.0.0' },
    { versionNegotiation: { mode: 'legacy' } },
  );
  await client.connect(
    new ModernHttpClientTransport(new URL('/mcp', baseUrl), {
      requestInit: { headers: { Authorization: auth } },
      fetch: fetchParsingHere,
    }),
  );
  clients.track(client);
  return { session: tasks.createTaskSessionFromClient(client, { endpointId: baseUrl }), client };
}
