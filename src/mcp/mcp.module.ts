import { Module } from '@nestjs/common';
import { ApiKeyAuthenticator } from '../api-keys/api-key-authenticator';
import { provideFeatureConfig } from '../core/config';
import { ArtifactsModule } from '../artifacts/artifacts.module';
import { CorsPolicy } from '../core/http/cors';
import { EarlyRequestChecks } from '../core/http/early-request-checks';
import { ArtifactResources } from './artifact-resources';
import { loadConformanceFixtures } from './conformance-fixtures';
import { McpController } from './mcp.controller';
import { McpConfig } from './mcp.config';
import { McpHttpEndpoint } from './mcp-http-endpoint';
import { McpServerFactory } from './mcp-server.factory';
import { OriginPolicy } from './origin-policy';
import { ExpiredMcpTasks } from './tasks/expired-mcp-tasks';
import { McpTasksRepository } from './tasks/mcp-tasks.repository';
import { McpTasks } from './tasks/mcp-tasks.service';
import { ApprovalAnswers } from './sessions/approval-answers';
import { McpSessionsRepository } from './sessions/mcp-sessions.repository';
import { McpSessions } from './sessions/mcp-sessions.service';
import { RuntimeModule } from '../runtime/runtime.module';
import { MCP_CONFORMANCE_FIXTURES, MCP_ORIGIN_POLICY } from './mcp.tokens';

/** The tools over the Model Context Protocol: Streamable HTTP at /mcp (and stdio, see cli.ts). */
@Module({
  imports: [ArtifactsModule, RuntimeModule],
  controllers: [McpController],
  providers: [
    ArtifactResources,
    McpServerFactory,
    McpHttpEndpoint,
    McpTasks,
    McpTasksRepository,
    ExpiredMcpTasks,
    McpSessions,
    McpSessionsRepository,
    ApprovalAnswers,
    provideFeatureConfig(McpConfig),
    {
      provide: MCP_ORIGIN_POLICY,
      inject: [McpConfig],
      useFactory: (config: McpConfig) => new OriginPolicy(config.MCP_ALLOWED_ORIGINS),
    },
    { provide: MCP_CONFORMANCE_FIXTURES, inject: [McpConfig], useFactory: loadConformanceFixtures },
  ],
  exports: [McpServerFactory],
})
export class McpModule {
  constructor(cors: CorsPolicy, checks: EarlyRequestChecks, authenticator: ApiKeyAuthenticator) {
    // A key is optional here; with one, the client sees the private tools too.
    authenticator.identifyBeforeBody(checks, '/mcp', 'optional');
    // Browser MCP clients (e.g. MCP Inspector) also send and read the protocol's own headers;
    // 2026-07-28 clients name each request's method and target in Mcp-Method and Mcp-Name.
    cors.allow('/mcp', {
      requestHeaders: [
        'Authorization',
        'Mcp-Protocol-Version',
        'Mcp-Session-Id',
        'Last-Event-ID',
        'Mcp-Method',
        'Mcp-Name',
      ],
      exposedHeaders: ['Mcp-Session-Id'],
    });
  }
}
