import { NestFactory } from '@nestjs/core';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { Logger } from 'nestjs-pino';
import { AppModule } from '../app.module';
import { loadAppConfig } from '../core/config';
import { CorsPolicy } from '../core/http/cors';
import { EarlyRequestChecks } from '../core/http/early-request-checks';
import { McpServerFactory } from '../mcp/mcp-server.factory';

/**
 * `toolhub mcp`: the same tools as the HTTP server, over MCP's stdio transport, for desktop
 * clients. Every tool, private ones included: whoever runs it can open the database anyway.
 */
export async function serveMcpOverStdio(): Promise<void> {
  // stdout carries the protocol; every log line goes to stderr.
  const config = loadAppConfig(process.env).withLogsOnStderr();
  const app = await NestFactory.createApplicationContext(
    AppModule.forRoot({
      env: process.env,
      config,
      cors: new CorsPolicy(),
      checks: new EarlyRequestChecks(),
    }),
    { bufferLogs: true, abortOnError: false },
  );
  app.useLogger(app.get(Logger));
  await app.init();
  const server = app.get(McpServerFactory).create('all');
  server.onclose = () => void app.close();
  // The client closes stdin to end the session.
  process.stdin.once('end', () => void server.close());
  await server.connect(new StdioServerTransport());
}
