import { mkdir } from 'node:fs/promises';
import { type SourceClient, loadClientSdk, newSourceClient } from '../mcp/mcp-source-client';
import { RestartBackoff } from './restart-backoff';
import { StderrLines } from './stderr-lines';
import { type StdioLaunch, environmentOf } from './stdio-launch';

/** The SDK's stdio transport, loaded when a source's process first starts, not by every start. */
const loadStdioTransport = () => import('@modelcontextprotocol/client/stdio');

/** What a source's process needs beside its launch settings. */
export interface StdioServerOptions {
  /** Its own working directory, made at its first start. */
  cwd: string;
  maxTools: number;
  /** How long its start may take, up to the server's answer to the first request. */
  startTimeoutMs: number;
  /** Where each line of its stderr goes (bounded by `StderrLines`). */
  logStderr: (line: string) => void;
  /** Told when the process exits on its own, and when it is started again. */
  logLifecycle: (message: string) => void;
}

/** One start of the process: when it began, whether it is over, and how to end it. */
interface RunState {
  startedAt: number;
  ended: boolean;
  /** Ends the process, even while the client is still connecting. */
  close?: () => Promise<void>;
}

/** One start of the process, with its client once connected. */
type Run = RunState & { client: Promise<SourceClient> };

/**
 * A source's MCP server as a process of this instance, kept running from its first need until
 * it is stopped: started with the SDK's stdio transport, and started again when it exits
 * (`RestartBackoff` says when). Until then a need fails at once, saying when it comes back,
 * rather than waiting. `listeners` hear the server's `tools/list_changed`.
 */
export class StdioServer {
  readonly listeners = new Set<() => void>();
  private run?: Run;
  private restart?: { timer: NodeJS.Timeout; at: number; exit: string };
  private stopped = false;
  private readonly backoff = new RestartBackoff();
  /** One for every run: the bound on what is logged holds however often the process restarts. */
  private readonly stderr: StderrLines;

  constructor(
    private readonly launch: StdioLaunch,
    private readonly options: StdioServerOptions,
  ) {
    this.stderr = new StderrLines(options.logStderr);
  }

  /** The running server's client, the process started if it is not running. */
  client(): Promise<SourceClient> {
    if (this.stopped) return Promise.reject(new Error('the process was stopped'));
    if (this.restart) {
      const seconds = Math.max(1, Math.ceil((this.restart.at - Date.now()) / 1000));
      return Promise.reject(
        new Error(`the process ${this.restart.exit}; it is started again in ${seconds} s`),
      );
    }
    this.run ??= this.start();
    return this.run.client;
  }

  /** Stops the process (and any restart to come), without waiting for a start under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.restart?.timer);
    this.restart = undefined;
    const run = this.run;
    this.run = undefined;
    await run?.close?.().catch(() => undefined);
  }

  private start(): Run {
    const state: RunState = { startedAt: Date.now(), ended: false };
    const client = this.connect(state);
    // The failure is the need's to report; the exit it comes with is handled already.
    client.catch(() => undefined);
    return Object.assign(state, { client });
  }

  private async connect(run: RunState): Promise<SourceClient> {
    const [{ Client }, { StdioClientTransport, DEFAULT_INHERITED_ENV_VARS }] = await Promise.all([
      loadClientSdk(),
      loadStdioTransport(),
      mkdir(this.options.cwd, { recursive: true }),
    ]);
    // Stopped while loading: a process started now would outlive its source.
    if (this.stopped) throw new Error('the process was stopped');
    const transport = new StdioClientTransport({
      command: this.launch.command,
      args: this.launch.args,
      env: environmentOf(this.launch, DEFAULT_INHERITED_ENV_VARS),
      cwd: this.options.cwd,
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk: Buffer) => this.stderr.write(chunk));
    transport.stderr?.on('end', () => this.stderr.flush());
    const client = newSourceClient(Client, {
      // The SDK would probe for the modern era on a second process run from the same command
      // (an `npx` package started twice over); stdio servers published today answer `initialize`.
      era: 'legacy',
      maxTools: this.options.maxTools,
      onToolsChanged: () => this.listeners.forEach((listener) => listener()),
    });
    client.onclose = () => this.ended(run);
    run.close = () => client.close();
    try {
      await client.connect(transport, { timeout: this.options.startTimeoutMs });
      return client;
    } catch (error) {
      await client.close().catch(() => undefined);
      this.ended(run, error);
      throw error;
    }
  }

  /** A run is over: unless stopped, the next start is scheduled, once per run. */
  private ended(run: RunState, error?: unknown): void {
    if (run.ended) return;
    run.ended = true;
    if (this.run === run) this.run = undefined;
    if (this.stopped) return;
    const delayMs = this.backoff.exited(Date.now() - run.startedAt);
    const exit = error instanceof Error ? `failed to start (${error.message})` : 'exited';
    this.options.logLifecycle(`the process ${exit}; it is started again in ${delayMs} ms`);
    const timer = setTimeout(() => {
      this.restart = undefined;
      if (this.stopped || this.run) return;
      this.options.logLifecycle('the process is started again');
      this.run = this.start();
    }, delayMs);
    timer.unref();
    this.restart = { timer, at: Date.now() + delayMs, exit };
  }
}
