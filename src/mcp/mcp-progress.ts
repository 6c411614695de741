import { type ProgressToken, type ServerContext } from '@modelcontextprotocol/server';
import { type ProgressReporter } from '../tools/tool.contract';

/**
 * `notifications/progress` for a request that carries a `progressToken`: each report of the
 * call is one notification, numbered 1, 2, 3… (`progress` must increase; no `total` is known),
 * sent on the request's own stream so that clients and proxies see a long call is alive.
 */
export class McpProgress {
  private count = 0;
  /** The notifications in flight, chained so that they leave in the order reported. */
  private sent: Promise<void> = Promise.resolve();

  private constructor(
    private readonly token: ProgressToken,
    private readonly notify: ServerContext['mcpReq']['notify'],
    private readonly meta?: Record<string, unknown>,
  ) {}

  /** Progress for the request `ctx` handles; none when its client did not ask for it. */
  static of(ctx: ServerContext): McpProgress | undefined {
    const token = ctx.mcpReq._meta?.progressToken;
    return token === undefined ? undefined : new McpProgress(token, ctx.mcpReq.notify);
  }

  /**
   * Progress under the `token` of an earlier request, sent on the stream of the request `ctx`
   * handles, each notification carrying `meta` (the task it belongs to).
   */
  static under(token: ProgressToken, ctx: ServerContext, meta: Record<string, unknown>) {
    return new McpProgress(token, ctx.mcpReq.notify, meta);
  }

  readonly report: ProgressReporter = (message) => {
    this.count += 1;
    const params = {
      progressToken: this.token,
      progress: this.count,
      message,
      ...(this.meta && { _meta: this.meta }),
    };
    this.sent = this.sent
      .then(() => this.notify({ method: 'notifications/progress', params }))
      // A client gone away hears nothing more; the call itself learns so from its signal.
      .catch(() => undefined);
  };

  /** Resolves once every notification reported so far has been sent, before the result goes. */
  settled(): Promise<void> {
    return this.sent;
  }
}
