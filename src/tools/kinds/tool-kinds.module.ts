import { Module } from '@nestjs/common';
import { OUTBOUND_FETCH } from '../../core/http/outbound-fetch.token';
import { SecretsModule } from '../../secrets/secrets.module';
import { OutboundFetch } from '../outbound/outbound-fetch';
import { OutboundPolicy } from '../outbound/outbound-policy';
import { OUTBOUND_PROVIDERS } from '../outbound/outbound.providers';
import { A2aToolKind } from './a2a/a2a-tool.kind';
import { A2aToolRunner } from './a2a/a2a-tool-runner';
import { HttpToolKind } from './http/http-tool.kind';
import { HttpToolRunner } from './http/http-tool-runner';
import { McpToolKind } from './mcp/mcp-tool.kind';
import { McpToolRunner } from './mcp/mcp-tool-runner';

/**
 * The kinds of registered tools that call an endpoint, with the outbound guard they call through.
 * Kinds are found by their decorator; the module exports only the guard.
 */
@Module({
  imports: [SecretsModule],
  providers: [
    ...OUTBOUND_PROVIDERS,
    // For the lower layers that call out too (OAuth), by a token they can name.
    {
      provide: OUTBOUND_FETCH,
      inject: [OutboundFetch],
      useFactory: (outbound: OutboundFetch) => outbound.fetch,
    },
    HttpToolRunner,
    McpToolRunner,
    A2aToolRunner,
    HttpToolKind,
    McpToolKind,
    A2aToolKind,
  ],
  // Tool sources reach their upstreams through the same guard.
  exports: [OutboundFetch, OutboundPolicy, OUTBOUND_FETCH],
})
export class ToolKindsModule {}
