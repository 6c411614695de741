import { randomUUID } from 'node:crypto';
import { type IncomingMessage, type ServerResponse } from 'node:http';
import { type McpServer, isInitializeRequest } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';

/** Sessions kept at most; the oldest goes first. */
const CAPACITY = 100;

/**
 * Stateful 2025-era sessions for the conformance suite's keyless fixture caller: its
 * elicitation and sampling fixtures ask the client mid-call and wait in this process for the
 * answer, which the client posts with the session's id, so the session's transport (and the
 * server on it) must be the one that receives it. Kept in memory, so they hold on one instance
 * only: enough for the conformance server, and never offered outside MCP_CONFORMANCE_FIXTURES.
 */
export class FixtureSessions {
  private readonly transports = new Map<string, NodeStreamableHTTPServerTransport>();

  constructor(private readonly serverOf: () => McpServer) {}

  /**
   * Serves `req` if it opens a session or names one of these; false for a request that does
   * neither, for the caller to serve statelessly.
   */
  async serve(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<boolean> {
    const id = req.headers['mcp-session-id'];
    const transport =
      typeof id === 'string' ? this.transports.get(id) : isInitializeRequest(body) && this.open();
    if (!transport) return false;
    await transport.handleRequest(req, res, body);
    return true;
  }

  /** Ends session `id` if it is one of these (as `DELETE /mcp` asks); false otherwise. */
  async end(id: string): Promise<boolean> {
    const transport = this.transports.get(id);
    if (!transport) return false;
    this.transports.delete(id);
    await transport.close();
    return true;
  }

  async closeAll(): Promise<void> {
    const open = [...this.transports.values()];
    this.transports.clear();
    await Promise.all(open.map((transport) => transport.close()));
  }

  private open(): NodeStreamableHTTPServerTransport {
    const transport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        if (this.transports.size >= CAPACITY) this.evictOldest();
        this.transports.set(id, transport);
      },
      onsessionclosed: (id) => void this.transports.delete(id),
    });
    void this.serverOf().connect(transport);
    return transport;
  }

  private evictOldest(): void {
    const [oldest] = this.transports;
    if (!oldest) return;
    this.transports.delete(oldest[0]);
    void oldest[1].close();
  }
}
