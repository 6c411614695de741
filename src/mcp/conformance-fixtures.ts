import { type IncomingMessage, type ServerResponse } from 'node:http';
import { type McpServer, type ServerNotifier } from '@modelcontextprotocol/server';
import { type McpConfig } from './mcp.config';

/**
 * What MCP_CONFORMANCE_FIXTURES=true adds to /mcp for callers without a key: the official
 * conformance suite's fixtures instead of toolhub's tools (see `McpHttpEndpoint`).
 */
export interface ConformanceFixtures {
  /** A fixture server for one stateless request. */
  createServer(): McpServer;
  /** Serves a 2025-era request that opens or names a fixture session; false for any other. */
  serveSession(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<boolean>;
  /** Ends fixture session `id`; false if there is no such session. */
  endSession(id: string): Promise<boolean>;
  closeSessions(): Promise<void>;
}

/** Starts fixture mode on the MCP handler's notifier (its `subscriptions/listen` streams). */
export type ConformanceFixturesStarter = (notify: ServerNotifier) => ConformanceFixtures;

/**
 * The fixtures' starter with MCP_CONFORMANCE_FIXTURES, and null without: the fixtures are code
 * for the suite only, so they are imported here, on demand, and by nothing else (the layer check
 * holds every other file to that).
 */
export async function loadConformanceFixtures(
  config: McpConfig,
): Promise<ConformanceFixturesStarter | null> {
  if (!config.MCP_CONFORMANCE_FIXTURES) return null;
  const { startConformanceFixtures } = await import('./conformance/fixture-mode');
  return startConformanceFixtures;
}
