import { type ClientRequest, type IncomingHttpHeaders, request } from 'node:http';

export interface SseFrame {
  id: string;
  event: string;
  /** The parsed `data` line. */
  data: Record<string, unknown>;
}

export interface EventStreamConnection {
  status: number;
  headers: IncomingHttpHeaders;
  /** Every frame received so far, in order. */
  frames: SseFrame[];
  /** Comment lines received (`: ping`). */
  comments: string[];
  /** Resolves with all frames once the server ends the stream. */
  ended: Promise<SseFrame[]>;
  /** Resolves once a frame satisfies `predicate` (at once if one already has). */
  waitFor(predicate: (frame: SseFrame) => boolean): Promise<SseFrame>;
  /** Resolves with the next comment line (`: ping`) that arrives. */
  nextComment(): Promise<string>;
  /** Drops the connection, as a closed tab or a lost network would. */
  close(): void;
  /** The body of a response that was not an event stream. */
  text: Promise<string>;
}

/**
 * Opens an SSE request over a real socket and parses frames as they arrive, so tests can drop
 * the connection mid-run and reconnect with `Last-Event-ID`.
 */
export function openEventStream(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<EventStreamConnection> {
  return new Promise((resolve, reject) => {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const outgoing: ClientRequest = request(url, {
      method: options.method ?? 'GET',
      headers: {
        Accept: 'text/event-stream',
        ...(body !== undefined && { 'Content-Type': 'application/json' }),
        ...options.headers,
      },
    });
    outgoing.on('error', reject);
    outgoing.on('response', (response) => {
      const frames: SseFrame[] = [];
      const comments: string[] = [];
      const waiters: { predicate: (frame: SseFrame) => boolean; resolve(f: SseFrame): void }[] = [];
      let commentWaiters: ((comment: string) => void)[] = [];
      let buffer = '';
      let raw = '';
      let endStream: (frames: SseFrame[]) => void = () => undefined;
      let endText: (text: string) => void = () => undefined;
      const ended = new Promise<SseFrame[]>((done) => (endStream = done));
      const text = new Promise<string>((done) => (endText = done));
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        raw += chunk;
        buffer += chunk;
        let boundary: number;
        while ((boundary = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          const frame = parseBlock(block, comments);
          if (!frame) {
            const comment = comments[comments.length - 1];
            commentWaiters.forEach((resolveComment) => resolveComment(comment));
            commentWaiters = [];
            continue;
          }
          frames.push(frame);
          for (const waiter of [...waiters]) {
            if (waiter.predicate(frame)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(frame);
            }
          }
        }
      });
      const finish = () => {
        endStream(frames);
        endText(raw);
      };
      response.on('end', finish);
      response.on('close', finish);
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        frames,
        comments,
        ended,
        text,
        waitFor: (predicate) => {
          const found = frames.find(predicate);
          if (found) return Promise.resolve(found);
          return new Promise((done) => waiters.push({ predicate, resolve: done }));
        },
        nextComment: () => new Promise((done) => commentWaiters.push(done)),
        close: () => outgoing.destroy(),
      });
    });
    outgoing.end(body);
  });
}

function parseBlock(block: string, comments: string[]): SseFrame | undefined {
  const fields: Record<string, string> = {};
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) {
      comments.push(line);
      continue;
    }
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    fields[line.slice(0, colon)] = line.slice(colon + 1).replace(/^ /, '');
  }
  if (fields.data === undefined) return undefined;
  return {
    id: fields.id ?? '',
    event: fields.event ?? 'message',
    data: JSON.parse(fields.data) as Record<string, unknown>,
  };
}
