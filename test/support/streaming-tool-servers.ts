/**
 * Tool endpoints whose answers are as large as the call asks, generated while they are sent:
 * the server holds one shared chunk, never the answer, and writes the next only once the client
 * took the last. So an answer of 200 MB costs the test process nothing, and what toolhub holds
 * can be measured; each answer records how much of it was sent before toolhub hung up.
 */
import { type ServerResponse } from 'node:http';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { type JsonPostServer, startJsonPostServer } from './json-post-server';

/** The input of a call to these servers' tools. */
export interface StreamedAnswerInput {
  /** Bytes of filler text in the answer. */
  bytes: number;
  /** MCP only: answer as one JSON body or as a server-sent event. */
  format?: 'json' | 'sse';
  /** MCP only: a tool error (`isError: true`) whose text is the filler. */
  is_error?: boolean;
  /**
   * Arrays the answer nests: `http`, the filler string inside them; MCP, beside the text as
   * `structuredContent: { nested: [[…[]…]] }`.
   */
  nesting?: number;
}

/** The JSON Schema of `StreamedAnswerInput`, as the registered tools' `parameters`. */
export const STREAMED_ANSWER_PARAMETERS = {
  type: 'object',
  properties: {
    bytes: { type: 'integer', minimum: 0 },
    format: { enum: ['json', 'sse'] },
    is_error: { type: 'boolean' },
    nesting: { type: 'integer', minimum: 0 },
  },
  required: ['bytes'],
};

/** Starts every MCP error text, so a test can count how often the text comes back. */
export const ERROR_TEXT_MARK = 'ERROR-TEXT-START';

/** One answer being sent. */
export interface StreamedAnswer {
  /** Resolves once the answer is over: sent whole, or cut short by the client. */
  ended: Promise<{ sentBytes: number; complete: boolean }>;
}

export interface StreamingToolServer extends JsonPostServer {
  answers: StreamedAnswer[];
}

const FILLER_CHUNK = Buffer.alloc(64 * 1024, 'x');

/**
 * An `http` tool endpoint: answers a POST of `{ bytes }` with a JSON string of that many
 * filler characters (no Content-Length: the size shows only while reading). `onChunk` runs
 * before each chunk is written.
 */
export function startStreamingHttpToolServer(
  onChunk: () => void = () => undefined,
): Promise<StreamingToolServer> {
  return startServer('/tool', (message, res, answers) => {
    const { bytes, nesting = 0 } = message as StreamedAnswerInput;
    res.writeHead(200, { 'content-type': 'application/json' });
    const [open, close] = ['['.repeat(nesting), ']'.repeat(nesting)];
    answers.push(streamAnswer(res, [`${open}"`, bytes, `"${close}`], onChunk));
  });
}

/**
 * A stateless MCP server (Streamable HTTP, written out by hand: the SDK's server builds each
 * answer whole) listing one tool, `any`, whose every tool answers `StreamedAnswerInput` with a text of that size, as
 * JSON or as a server-sent event, and as a result or a tool error.
 */
export function startStreamingMcpServer(
  onChunk: () => void = () => undefined,
): Promise<StreamingToolServer> {
  return startServer('/mcp', (message, res, answers) => {
    const { id, method, params } = message as {
      id?: number | string;
      method: string;
      params?: { arguments?: StreamedAnswerInput };
    };
    if (id === undefined) {
      res.writeHead(202).end();
    } else if (method === 'initialize') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          jsonrpc: '2.0',
          id,
          result: {
            protocolVersion: LATEST_PROTOCOL_VERSION,
            capabilities: { tools: {} },
            serverInfo: { name: 'streaming-tools', version: '1.0.0' },
          },
        }),
      );
    } else if (method === 'tools/list') {
      res.writeHead(200, { 'content-type': 'application/json' });
      const any = { name: 'any', inputSchema: STREAMED_ANSWER_PARAMETERS };
      res.end(JSON.stringify({ jsonrpc: '2.0', id, result: { tools: [any] } }));
    } else {
      const {
        bytes,
        format = 'json',
        is_error = false,
        nesting = 0,
      } = params?.arguments ?? { bytes: 0 };
      const sse = format === 'sse';
      res.writeHead(200, { 'content-type': sse ? 'text/event-stream' : 'application/json' });
      const head =
        `${sse ? 'event: message\ndata: ' : ''}{"jsonrpc":"2.0","id":${JSON.stringify(id)},` +
        `"result":{"isError":${is_error},"content":[{"type":"text","text":"` +
        (is_error ? ERROR_TEXT_MARK : '');
      const structured =
        nesting > 0
          ? `,"structuredContent":{"nested":${'['.repeat(nesting)}${']'.repeat(nesting)}}`
          : '';
      const tail = `"}]${structured}}}${sse ? '\n\n' : ''}`;
      answers.push(streamAnswer(res, [head, bytes, tail], onChunk));
    }
  });
}

/** Writes `parts` (texts, and numbers meaning that many filler bytes) at the client's pace. */
function streamAnswer(
  res: ServerResponse,
  parts: (string | number)[],
  onChunk: () => void,
): StreamedAnswer {
  const ended = (async () => {
    let sentBytes = 0;
    for (const chunk of chunksOf(parts)) {
      if (res.destroyed) return { sentBytes, complete: false };
      onChunk();
      sentBytes += chunk.length;
      if (!res.write(chunk)) await drainOrClose(res);
    }
    if (res.destroyed) return { sentBytes, complete: false };
    await new Promise<void>((resolve) => res.end(resolve));
    return { sentBytes, complete: true };
  })();
  return { ended };
}

function* chunksOf(parts: (string | number)[]): Generator<Buffer> {
  for (const part of parts) {
    if (typeof part === 'string') {
      yield Buffer.from(part);
      continue;
    }
    for (let left = part; left > 0; left -= FILLER_CHUNK.length) {
      yield FILLER_CHUNK.subarray(0, Math.min(left, FILLER_CHUNK.length));
    }
  }
}

function drainOrClose(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/** A loopback server at `path` handing each POST's JSON body to `respond`; other methods 405. */
async function startServer(
  path: string,
  respond: (message: unknown, res: ServerResponse, answers: StreamedAnswer[]) => void,
): Promise<StreamingToolServer> {
  const answers: StreamedAnswer[] = [];
  const server = await startJsonPostServer(path, (message, _req, res) =>
    respond(message, res, answers),
  );
  return { ...server, answers };
}
