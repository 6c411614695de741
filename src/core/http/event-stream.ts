import { type ServerResponse } from 'node:http';
import { takeOverResponse } from './node-http';

/** Responses that stream for as long as they live: latency metrics must not time them. */
const streamingResponses = new WeakSet<ServerResponse>();

export function isStreamingResponse(response: ServerResponse): boolean {
  return streamingResponses.has(response);
}

export interface EventFrame {
  id: string | number;
  event: string;
  data: unknown;
}

/**
 * A Server-Sent Events response on either adapter. Every frame carries the caller's own `id`
 * (so `Last-Event-ID` means the same on every connection), a `: ping` comment keeps idle
 * proxies from closing the connection, and nothing is compressed or buffered.
 */
export class EventStream {
  private readonly keepAlive: NodeJS.Timeout;
  private closed = false;

  private constructor(
    private readonly response: ServerResponse,
    keepAliveMs: number,
  ) {
    this.keepAlive = setInterval(() => this.write(': ping\n\n'), keepAliveMs).unref();
    response.once('close', () => this.stop());
  }

  /** Takes over the handler's response (`@Res()`) and starts the stream with a 200. */
  static open(
    response: unknown,
    options: { keepAliveMs: number; headers?: Record<string, string> },
  ): EventStream {
    const raw = takeOverResponse(response);
    streamingResponses.add(raw);
    raw.writeHead(200, {
      ...options.headers,
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      'X-Accel-Buffering': 'no',
      Connection: 'keep-alive',
    });
    // Headers now, so the client knows the stream is open before the first event.
    raw.flushHeaders();
    return new EventStream(raw, options.keepAliveMs);
  }

  /** Answers `204 No Content`, which tells `EventSource` not to reconnect. */
  static noContent(response: unknown): void {
    const raw = takeOverResponse(response);
    raw.writeHead(204).end();
  }

  get isClosed(): boolean {
    return this.closed;
  }

  send(frame: EventFrame): void {
    this.write(`id: ${frame.id}\nevent: ${frame.event}\ndata: ${JSON.stringify(frame.data)}\n\n`);
  }

  /** Called once the client has gone away or `end` was called. */
  onClose(listener: () => void): void {
    if (this.closed) listener();
    else this.response.once('close', listener);
  }

  end(): void {
    if (this.closed) return;
    this.stop();
    this.response.end();
  }

  private write(text: string): void {
    if (this.closed) return;
    // Frames written in the same tick leave in one packet instead of a syscall each.
    if (!this.response.writableCorked) {
      this.response.cork();
      process.nextTick(() => this.response.uncork());
    }
    this.response.write(text);
  }

  private stop(): void {
    this.closed = true;
    clearInterval(this.keepAlive);
  }
}
