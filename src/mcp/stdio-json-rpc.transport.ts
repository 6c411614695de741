import { type Readable, type Writable } from 'node:stream';
import {
  type JSONRPCMessage,
  STDIO_DEFAULT_MAX_BUFFER_SIZE,
  type Transport,
} from '@modelcontextprotocol/server';
import { jsonRpcMessageProblemOf } from './json-rpc-messages';
import { invalidRequestReply, parseErrorReply } from './json-rpc-replies';

/**
 * MCP's stdio transport, server side: one JSON-RPC message per line on stdin, answers on stdout.
 * A line that is no message is answered as JSON-RPC asks (-32700 for text that is not JSON,
 * -32600 for JSON that is not a message, a batch included: stdio carries single messages). The
 * SDK's transport only reports such a line to its error handler, so a client that sent a
 * request would wait for its answer for ever.
 */
export class StdioJsonRpcTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: Transport['onmessage'];
  /** Bytes read after the last complete line. */
  private pending = Buffer.alloc(0);

  constructor(
    private readonly input: Readable = process.stdin,
    private readonly output: Writable = process.stdout,
  ) {}

  start(): Promise<void> {
    this.input.on('data', this.receive);
    this.input.on('error', this.fail);
    return Promise.resolve();
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.write(message);
  }

  close(): Promise<void> {
    this.input.off('data', this.receive);
    this.input.off('error', this.fail);
    // Stop reading unless someone else still listens, so the process can exit.
    if (this.input.listenerCount('data') === 0) this.input.pause();
    this.pending = Buffer.alloc(0);
    this.onclose?.();
    return Promise.resolve();
  }

  private readonly receive = (chunk: Buffer): void => {
    this.pending = Buffer.concat([this.pending, chunk]);
    let end: number;
    while ((end = this.pending.indexOf(0x0a)) >= 0) {
      const line = this.pending.toString('utf8', 0, end).replace(/\r$/, '');
      this.pending = this.pending.subarray(end + 1);
      if (line.trim() === '') continue;
      try {
        this.take(line);
      } catch (error) {
        // One bad line must not end the process, which serves the lines after it.
        this.fail(error as Error);
      }
    }
    // As the SDK's transport does: a line without end would hold memory without bound.
    if (this.pending.length > STDIO_DEFAULT_MAX_BUFFER_SIZE) {
      this.fail(new Error(`a line on stdin exceeds ${STDIO_DEFAULT_MAX_BUFFER_SIZE} bytes`));
      void this.close();
    }
  };

  private readonly fail = (error: Error): void => {
    this.onerror?.(error);
  };

  private take(line: string): void {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      void this.write(parseErrorReply((error as Error).message));
      return;
    }
    const problem = jsonRpcMessageProblemOf(value);
    if (problem) void this.write(invalidRequestReply(problem));
    else this.onmessage?.(value as JSONRPCMessage);
  }

  private write(message: object): Promise<void> {
    return new Promise((resolve) => {
      if (this.output.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.output.once('drain', resolve);
    });
  }
}
