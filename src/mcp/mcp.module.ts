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
import { CHALLENGED_SCOPES } from '../oauth/oauth-metadata';
import { SignInRequiredError } from '../oauth/oauth.errors';
import { OAuthUrls } from '../oauth/oauth-urls';
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
import { OAuthModule } from '../oauth/oauth.module';
import { MCP_CONFORMANCE_FIXTURES, MCP_ORIGIN_POLICY } from './mcp.tokens';

/** The tools over the Model Context Protocol: Streamable HTTP at /mcp (and stdio, see cli.ts). */
@Module({
  imports: [ArtifactsModule, RuntimeModule, OAuthModule],
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
  constructor(
    cors: CorsPolicy,
    checks: EarlyRequestChecks,
    authenticator: ApiKeyAuthenticator,
    config: McpConfig,
    urls: OAuthUrls,
  ) {
    // A key is optional here; with one, the client sees the private tools too.
    authenticator.identifyBeforeBody(checks, '/mcp', 'optional');
    // Without anonymous callers, the 401 tells OAuth clients where to sign in.
    if (!config.MCP_ANONYMOUS) {
      checks.add('/mcp', (request) =>
        request.headers.authorization === undefined
          ? Promise.reject(
              new SignInRequiredError(urls.protectedResourceMetadata(), CHALLENGED_SCOPES),
            )
          : authenticator.identify(request).then(() => undefined),
      );
    }
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
