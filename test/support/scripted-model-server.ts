/**
 * The common part of the fake model servers: a node:http server on loopback that answers each
 * request with the next turn a test scripted, records what it was sent, and notices when a
 * client hangs up on a response it held open.
 */
import {
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
  createServer,
} from 'node:http';
import { type AddressInfo } from 'node:net';

/** One request a fake model server received. */
export interface ReceivedModelRequest {
  method: string;
  /** The path and query, e.g. `/v1/messages`. */
  url: string;
  headers: IncomingHttpHeaders;
  /** The JSON body, parsed. */
  body: Record<string, unknown>;
}

/** What a fake server does with one turn: writes the whole answer, or leaves it open (`hold`). */
export type TurnWriter<Turn> = (
  turn: Turn,
  response: ServerResponse,
  request: ReceivedModelRequest,
  /** Counts requests from 1, for default ids. */
  requestNumber: number,
) => void;

export interface ScriptedModelServer<Turn> {
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  origin: string;
  /** Every request received, oldest first. */
  requests: ReceivedModelRequest[];
  /** Queues the answers to the next requests, one turn each. */
  push(...turns: Turn[]): void;
  /** Resolves once `count` requests have arrived (at once if they already have). */
  waitForRequests(count: number): Promise<void>;
  /** Resolves once a client has closed a response before it was finished. */
  waitForClientClose(): Promise<void>;
  close(): Promise<void>;
}

/** Starts a server on `path`; a request while no turn is queued is a test bug, answered 500. */
export async function startScriptedModelServer<Turn>(
  path: string,
  writeTurn: TurnWriter<Turn>,
): Promise<ScriptedModelServer<Turn>> {
  const turns: Turn[] = [];
  const requests: ReceivedModelRequest[] = [];
  const waiters: Array<{ isMet: () => boolean; resolve: () => void }> = [];
  let clientCloses = 0;
  const settleWaiters = () => {
    for (const waiter of [...waiters]) {
      if (!waiter.isMet()) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  };
  const waitFor = (isMet: () => boolean) =>
    isMet() ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ isMet, resolve }));

  const server = createServer((req, res) => {
    void readJson(req).then((body) => {
      const received = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      requests.push(received);
      res.on('close', () => {
        if (res.writableFinished) return;
        clientCloses += 1;
        settleWaiters();
      });
      settleWaiters();
      const turn = turns.shift();
      if (req.url !== path || turn === undefined) {
        const message = turn === undefined ? 'no scripted turn left' : `no route ${req.url}`;
        res.writeHead(500, { 'content-type': 'text/plain' }).end(`fake model server: ${message}`);
        return;
      }
      writeTurn(turn, res, received, requests.length);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    push: (...next) => turns.push(...next),
    waitForRequests: (count) => waitFor(() => requests.length >= count),
    waitForClientClose: () => waitFor(() => clientCloses > 0),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Starts a Server-Sent Events answer. */
export function startEventStream(response: ServerResponse): void {
  response.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
}

/** Answers with a JSON error body, as the real APIs do for an HTTP error. */
export function writeJsonError(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** Splits text before each whitespace, keeping it, so the deltas rejoin to the exact text. */
export function splitIntoWords(text: string): string[] {
  return text === '' ? [] : text.split(/(?=\s)/);
}

/** Cuts text into pieces of `size` characters, ignoring JSON tokens, as streamed arguments are. */
export function splitIntoPieces(text: string, size = 7): string[] {
  const pieces: string[] = [];
  for (let start = 0; start < text.length; start += size) {
    pieces.push(text.slice(start, start + size));
  }
  return pieces;
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? {} : (JSON.parse(text) as Record<string, unknown>);
}
