/**
 * Approvals as `input_required` rounds for a 2026-07-28 client that takes elicitations but not
 * tasks, with the SDK v2 client, which answers the round's elicitations with its handler and
 * retries: approving lets the call complete, declining rejects the tool call, and a client
 * without elicitation waits for a decision made elsewhere.
 */
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernHttpClientTransport,
} from '@modelcontextprotocol/client';
import { agentTool, answering, httpTool } from './support/agent-tool-fixtures';
import { eventually } from './support/eventually';
import { McpClients, MODERN_PROTOCOL_VERSION, listeningUrl } from './support/mcp-clients';
import { type RuntimeUser, runtimeUser } from './support/runtime-client';
import { type TestApp, describeOnAdapter } from './support/test-app';
import { type ToolServer, startHttpToolServer } from './support/tool-servers';

type Decision = { action: 'accept'; content: { decision: string } } | { action: 'decline' };

describeOnAdapter(
  'MCP approvals as input_required rounds (2026-07-28)',
  (testApp: () => TestApp) => {
    const clients = new McpClients();
    let baseUrl: string;
    let alice: RuntimeUser;
    let crm: ToolServer;

    beforeAll(async () => {
      baseUrl = await listeningUrl(testApp());
      alice = await runtimeUser(testApp(), 'alice');
      crm = await startHttpToolServer();
    });

    afterEach(() => clients.closeAll());

    afterAll(() => crm?.close());

    /** The v2 client pinned to 2026-07-28; it takes elicitations when given `decide`. */
    async function connect(decide?: (message: string) => Decision) {
      const client = new ModernClient(
        { name: 'toolhub-e2e-rounds', version: '1.0.0' },
        {
          capabilities: decide ? { elicitation: { form: {} } } : {},
          versionNegotiation: { mode: { pin: MODERN_PROTOCOL_VERSION } },
        },
      );
      if (decide) {
        client.setRequestHandler('elicitation/create', (request) =>
          Promise.resolve(decide(request.params.message)),
        );
      }
      await client.connect(
        new ModernHttpClientTransport(new URL('/mcp', baseUrl), {
          requestInit: { headers: { Authorization: alice.auth } },
        }),
      );
      clients.track(client);
      return client;
    }

    /** An agent tool whose agent calls a tool that requires approval, then answers `text`. */
    async function gatedAgentTool(text: string) {
      const gated = await httpTool(alice, crm, true);
      const name = await agentTool(
        alice,
        answering(text, [{ name: gated.name, args: { customer: 'ACME' } }]),
        [gated.id],
      );
      return { name, gated };
    }

    const textOf = (result: { content: { type: string; text?: string }[] }) =>
      result.content.find((block) => block.type === 'text')?.text;

    it('asks for the approval in a round; approving completes the call with the run result', async () => {
      const { name, gated } = await gatedAgentTool('Created.');
      const asked: string[] = [];
      const client = await connect((message) => {
        asked.push(message);
        return { action: 'accept', content: { decision: 'approve' } };
      });
      const before = crm.requests.length;
      const result = (await client.callTool({ name, arguments: { message: 'Create ACME' } })) as {
        content: { type: string; text?: string }[];
      };
      expect(textOf(result)).toBe('Created.');
      expect(asked).toEqual([expect.stringContaining(gated.name)]);
      expect(asked[0]).toContain('"customer":"ACME"');
      expect(crm.requests.length).toBe(before + 1);
    });

    it('declining rejects the tool call; the call answers with what the agent said then', async () => {
      const { name, gated } = await gatedAgentTool('Not created.');
      const client = await connect(() => ({ action: 'decline' }));
      const before = crm.requests.length;
      const result = (await client.callTool({ name, arguments: { message: 'Create ACME' } })) as {
        content: { type: string; text?: string }[];
      };
      expect(textOf(result)).toBe('Not created.');
      expect(crm.requests.length).toBe(before);
      const rejected = await alice.get('/api/v1/approvals?status=rejected&limit=100');
      expect(
        (rejected.body.items as { tool_name: string }[]).map((item) => item.tool_name),
      ).toContain(gated.name);
    });

    it('lets a client without elicitation wait while the approval is decided over REST', async () => {
      const { name, gated } = await gatedAgentTool('Created.');
      const client = await connect();
      const call = client.callTool({ name, arguments: { message: 'Create ACME' } });
      const approval = await eventually('the approval is pending', async () => {
        const pending = await alice.get('/api/v1/approvals?status=pending&limit=100');
        return (pending.body.items as { id: string; tool_name: string }[]).find(
          (item) => item.tool_name === gated.name,
        );
      });
      expect(
        (await alice.post(`/api/v1/approvals/${approval.id}`, { decision: 'approve' })).status,
      ).toBe(200);
      const result = (await call) as { structuredContent: { response: string } };
      expect(result.structuredContent.response).toBe('Created.');
    });
  },
);
