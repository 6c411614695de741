import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

/** What a client reads on stdout: one JSON-RPC message a line. */
export interface StdioAnswer {
  jsonrpc: string;
  id?: string | number | null;
  result?: unknown;
  error?: { code: number; message: string };
}

/**
 * A process serving MCP over stdio, spoken to a line at a time: for lines no SDK client sends
 * (text that is not JSON, JSON that is no message).
 */
export class RawStdioSession {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly answers: AsyncIterator<string>;
  private stderr = '';
  private nextPingId = 1;

  constructor(command: string, args: string[], env: Record<string, string | undefined>) {
    this.child = spawn(command, args, {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    });
    this.child.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    this.answers = createInterface({ input: this.child.stdout })[Symbol.asyncIterator]();
  }

  /**
   * Sends `line`, then a ping, and returns what was answered before the ping's answer: the
   * answers to `line` (none when it was ignored), without waiting for anything that never comes.
   */
  async answersTo(line: string): Promise<StdioAnswer[]> {
    const pingId = `ping-${this.nextPingId++}`;
    this.child.stdin.write(
      `${line}\n${JSON.stringify({ jsonrpc: '2.0', id: pingId, method: 'ping' })}\n`,
    );
    const before: StdioAnswer[] = [];
    for (;;) {
      const answer = await this.next();
      if (answer.id === pingId) return before;
      before.push(answer);
    }
  }

  /** Ends stdin, as a client closing the session does, and waits for the process to exit. */
  async close(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = once(this.child, 'exit');
    this.child.stdin.end();
    await exited;
  }

  private async next(): Promise<StdioAnswer> {
    const { value, done } = await this.answers.next();
    if (done) throw new Error(`stdout closed; stderr:\n${this.stderr}`);
    return JSON.parse(value) as StdioAnswer;
  }
}
