import { NestFactory } from '@nestjs/core';
import { AppModule } from '../app.module';
import { OperatorError, loadAppConfig } from '../core/config';
import { NestLogger } from '../core/logging/nest-logger';
import { CorsPolicy } from '../core/http/cors';
import { EarlyRequestChecks } from '../core/http/early-request-checks';
import { DataDirectoryInUseError } from '../database/data-directory-lock';
import { McpServerFactory } from '../mcp/mcp-server.factory';
import { type McpEndpoint, StdioHttpBridge } from '../mcp/stdio-bridge';
import { StdioJsonRpcTransport } from '../mcp/stdio-json-rpc.transport';
import { checkRunningServer, runningServerOf } from './running-server';

/**
 * `toolhub mcp`: the tools over MCP's stdio transport, for desktop clients. With `TOOLHUB_URL`
 * it relays to that running server's `/mcp` (its database, its tools, the key's scope); without
 * it, it opens the database itself and serves every tool, private ones included (whoever runs it
 * can open the database anyway).
 *
 * A desktop client shows little more than "connection closed" when its server exits, and keeps
 * its stderr in a log: a failure to start is one line there, saying what to change.
 */
export async function serveMcpOverStdio(): Promise<void> {
  try {
    const server = runningServerOf(process.env);
    await (server ? bridgeTo(server) : serveFromDatabase());
  } catch (error) {
    // A bug keeps its stack (runEntryPoint prints it): that is what helps there.
    if (!(error instanceof OperatorError)) throw error;
    process.stderr.write(`toolhub mcp: ${startFailureOf(error)}\n`);
    process.exit(1);
  }
}

async function bridgeTo(server: McpEndpoint): Promise<void> {
  await checkRunningServer(server);
  const bridge = new StdioHttpBridge(server);
  // The client closes stdin to end the session; nothing is left to do then.
  process.stdin.once('end', () => void bridge.close().then(() => process.exit(0)));
  await bridge.start();
}

async function serveFromDatabase(): Promise<void> {
  // stdout carries the protocol; every log line goes to stderr.
  const config = loadAppConfig(process.env, AppModule.features()).withLogsOnStderr();
  const app = await NestFactory.createApplicationContext(
    AppModule.forRoot({
      env: process.env,
      config,
      cors: new CorsPolicy(),
      checks: new EarlyRequestChecks(),
    }),
    // Nest's own logger writes to stdout: its lines wait for pino, and a failure to start is
    // reported by serveMcpOverStdio alone.
    { bufferLogs: true, autoFlushLogs: false, abortOnError: false },
  );
  app.useLogger(app.get(NestLogger));
  app.flushLogs();
  await app.init();
  const connection = app
    .get(McpServerFactory)
    .serveStdio(STDIO_ACCESS, new StdioJsonRpcTransport());
  process.stdin.once('end', () => void connection.close().then(() => app.close()));
}

/**
 * Whoever starts the server on this machine holds its data already: every tool, acting as the
 * user `local` (whose sessions an agent tool call over stdio continues).
 */
const STDIO_ACCESS = { scope: 'all', origin: { user: 'local' } } as const;

function startFailureOf(error: OperatorError): string {
  const oneLine = error.message.replace(/\s*\n\s*/gu, ' ');
  if (!(error instanceof DataDirectoryInUseError)) return oneLine;
  // Most often the holder is the server itself (npm start): relaying to it serves its database.
  return (
    `${oneLine} If it is the toolhub server, set TOOLHUB_URL=http://127.0.0.1:` +
    `${process.env.PORT ?? 3000} and TOOLHUB_API_KEY=<its API key> to use it instead.`
  );
}
