/**
 * Approvals asked as `elicitation/create` of 2025-era clients that declare elicitation, with the
 * official v1 client: the session such a client gets, the approval asked on the call's stream
 * and decided by its answer (approve, decline, an answer that does not fit the form), clients
 * without elicitation as before, and sessions only their user can use.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  type CallToolResult,
  CallToolResultSchema,
  CreateTaskResultSchema,
  type ElicitRequest,
  type ElicitResult,
  ElicitRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { sql } from 'drizzle-orm';
import { DATABASE, type Database } from '../src/database/database';
import { rawRows } from '../src/database/raw-rows';
import { httpTool } from './support/agent-tool-fixtures';
import { eventually } from './support/eventually';
import { McpClients, jsonRpc, listeningUrl, postMcp } from './support/mcp-clients';
import { CLI } from './support/run-built';
import { type RuntimeUser, runtimeUser } from './support/runtime-client';
import { type TestApp, describeOnAdapter } from './support/test-app';
import { type ToolServer, startHttpToolServer } from './support/tool-servers';

const PROTOCOL_VERSION = '2025-11-25';

let counter = 0;
const unique = (base: string) => `${base}_${++counter}`;

/** A scripted agent that calls `tool` in its first turn, then answers `text`. */
function calling(tool: string, text: string) {
  return {
    provider: 'scripted',
    model: 'scripted',
    script: [
      { text: 'Let me see.', tool_calls: [{ id: 't0', name: tool, args: { customer: 'ACME' } }] },
      { text },
    ],
  };
}

type ElicitHandler = (request: ElicitRequest) => Promise<ElicitResult>;

describeOnAdapter(
  'MCP approvals as elicitations (2025-11-25, no tasks)',
  (testApp: () => TestApp) => {
    const clients = new McpClients();
    let baseUrl: string;
    let alice: RuntimeUser;
    let bob: RuntimeUser;
    let echo: ToolServer;

    beforeAll(async () => {
      baseUrl = await listeningUrl(testApp());
      alice = await runtimeUser(testApp(), 'alice');
      bob = await runtimeUser(testApp(), 'bob');
      echo = await startHttpToolServer();
    });

    afterEach(() => clients.closeAll());

    afterAll(() => echo?.close());

    /** An agent that calls a new tool requiring approval, then answers `answer`; its id. */
    async function agentCallingAGatedTool(answer: string) {
      const gated = await httpTool(alice, echo, true);
      const agent = await alice.post('/api/v1/agents', {
        name: unique('agent'),
        system_prompt: 'You are a test agent.',
        model_config: calling(gated.name, answer),
        tool_ids: [gated.id],
      });
      expect(agent.status).toBe(201);
      return { agentId: agent.body.id as string, gatedTool: gated.name };
    }

    /** A new tool of `implementation`; its name. */
    async function toolOf(implementation: Record<string, string>) {
      const tool = await alice.post('/api/v1/tools', {
        name: unique(`run_${implementation.type}`),
        description: `Runs a ${implementation.type}`,
        implementation,
      });
      expect(tool.status).toBe(201);
      return tool.body.name as string;
    }

    /** An agent tool whose agent calls a new tool that requires approval; both names. */
    async function approvalGatedAgentTool(answer: string) {
      const { agentId, gatedTool } = await agentCallingAGatedTool(answer);
      return { agentTool: await toolOf({ type: 'agent', agent_id: agentId }), gatedTool };
    }

    /** The v1 client, declaring elicitation when given a handler, which answers them all. */
    function clientOf(onElicit?: ElicitHandler): Client {
      const client = new Client(
        { name: 'toolhub-e2e-2025', version: '1.0.0' },
        { capabilities: onElicit ? { elicitation: { form: {} } } : {} },
      );
      if (onElicit) client.setRequestHandler(ElicitRequestSchema, (request) => onElicit(request));
      clients.track(client);
      return client;
    }

    /**
     * `clientOf(onElicit)` initialised over HTTP with `auth`. What the server answered each POST
     * of an elicitation's answer lands in `answered`.
     */
    async function connect(auth: string, onElicit?: ElicitHandler) {
      const answered: number[] = [];
      const fetchRecordingAnswers: typeof fetch = async (input, init) => {
        const response = await fetch(input, init);
        if (typeof init?.body === 'string' && init.body.includes('"id":"approval:')) {
          answered.push(response.status);
        }
        return response;
      };
      const client = clientOf(onElicit);
      const transport = new StreamableHTTPClientTransport(new URL('/mcp', baseUrl), {
        requestInit: { headers: { Authorization: auth } },
        fetch: fetchRecordingAnswers,
      });
      await client.connect(transport);
      return { client, transport, answered };
    }

    const textOf = (result: CallToolResult) =>
      result.content.find((block) => block.type === 'text')?.text;

    /** Alice's approvals of `toolName` with `status`. */
    async function approvalsOf(toolName: string, status: string) {
      const listed = await alice.get(`/api/v1/approvals?status=${status}&limit=100`);
      return (listed.body.items as { id: string; tool_name: string }[]).filter(
        (item) => item.tool_name === toolName,
      );
    }

    it('asks for the approval on the call stream; approving lets the call complete with the result', async () => {
      const { agentTool, gatedTool } = await approvalGatedAgentTool('Created.');
      const asked: ElicitRequest['params'][] = [];
      const { client, transport } = await connect(alice.auth, (request) => {
        asked.push(request.params);
        return Promise.resolve({ action: 'accept', content: { decision: 'approve' } });
      });
      expect(transport.sessionId).toEqual(expect.any(String));
      const before = echo.requests.length;

      const result = (await client.callTool({
        name: agentTool,
        arguments: { message: 'Create ACME' },
      })) as CallToolResult;

      expect(result.isError).toBeFalsy();
      expect(textOf(result)).toContain('Created.');
      expect(asked).toHaveLength(1);
      expect(asked[0].message).toContain(gatedTool);
      expect(asked[0].message).toContain('"customer":"ACME"');
      expect(asked[0]).toMatchObject({ mode: 'form', requestedSchema: { required: ['decision'] } });
      expect(echo.requests.length).toBe(before + 1);
      expect(await approvalsOf(gatedTool, 'approved')).toHaveLength(1);
    });

    it('asks a workflow tool call for the approvals of its agent steps', async () => {
      const { agentId, gatedTool } = await agentCallingAGatedTool('Created.');
      const workflow = await alice.post('/api/v1/workflows', {
        name: unique('workflow'),
        steps: [{ type: 'agent', id: agentId, input: 'Create ACME' }],
      });
      expect(workflow.status).toBe(201);
      const workflowTool = await toolOf({ type: 'workflow', workflow_id: workflow.body.id });
      const asked: string[] = [];
      const { client } = await connect(alice.auth, (request) => {
        asked.push(request.params.message);
        return Promise.resolve({ action: 'accept', content: { decision: 'approve' } });
      });

      const result = (await client.callTool({
        name: workflowTool,
        arguments: {},
      })) as CallToolResult;

      expect(result.isError).toBeFalsy();
      expect(asked).toEqual([expect.stringContaining(gatedTool)]);
      expect(await approvalsOf(gatedTool, 'approved')).toHaveLength(1);
    });

    it("asks a task's approvals on its tasks/result stream, and the task completes once approved", async () => {
      const { agentTool, gatedTool } = await approvalGatedAgentTool('Created.');
      const asked: string[] = [];
      const { client } = await connect(alice.auth, (request) => {
        asked.push(request.params.message);
        return Promise.resolve({ action: 'accept', content: { decision: 'approve' } });
      });
      const { task } = await client.request(
        {
          method: 'tools/call',
          params: { name: agentTool, arguments: { message: 'Create ACME' }, task: {} },
        },
        CreateTaskResultSchema,
      );

      const result = await client.request(
        { method: 'tasks/result', params: { taskId: task.taskId } },
        CallToolResultSchema,
      );

      expect(result.isError).toBeFalsy();
      expect(textOf(result)).toBe('Created.');
      expect(asked).toEqual([expect.stringContaining(gatedTool)]);
      expect(await approvalsOf(gatedTool, 'approved')).toHaveLength(1);
    });

    it('declining rejects the tool call, and the call answers with what the agent said then', async () => {
      const { agentTool, gatedTool } = await approvalGatedAgentTool('Not created.');
      const { client } = await connect(alice.auth, () => Promise.resolve({ action: 'decline' }));
      const before = echo.requests.length;

      const result = (await client.callTool({
        name: agentTool,
        arguments: { message: 'Create ACME' },
      })) as CallToolResult;

      expect(textOf(result)).toContain('Not created.');
      expect(echo.requests.length).toBe(before);
      expect(await approvalsOf(gatedTool, 'rejected')).toHaveLength(1);
    });

    it('leaves the approval open when the answer does not fit the form; REST can still decide it', async () => {
      const { agentTool, gatedTool } = await approvalGatedAgentTool('Created.');
      const { client, answered } = await connect(alice.auth, () =>
        Promise.resolve({ action: 'accept', content: { decision: 'maybe' } }),
      );

      const call = client.callTool({ name: agentTool, arguments: { message: 'Create ACME' } });
      // A response cannot be answered with an error: the server takes it, and decides nothing.
      await eventually('the answer posted', () => Promise.resolve(answered[0]));
      expect(answered).toEqual([202]);
      const [pending] = await approvalsOf(gatedTool, 'pending');
      expect(pending).toBeDefined();
      expect(
        (await alice.post(`/api/v1/approvals/${pending.id}`, { decision: 'approve' })).status,
      ).toBe(200);

      const result = (await call) as CallToolResult;
      expect(textOf(result)).toContain('Created.');
    });

    it('keeps a client without elicitation sessionless: its call waits for a decision made elsewhere', async () => {
      const { agentTool, gatedTool } = await approvalGatedAgentTool('Created.');
      const { client, transport } = await connect(alice.auth);
      expect(transport.sessionId).toBeUndefined();

      const call = client.callTool({ name: agentTool, arguments: { message: 'Create ACME' } });
      const [pending] = await eventually('the pending approval', async () => {
        const found = await approvalsOf(gatedTool, 'pending');
        return found.length > 0 ? found : undefined;
      });
      expect(
        (await alice.post(`/api/v1/approvals/${pending.id}`, { decision: 'approve' })).status,
      ).toBe(200);

      expect(textOf((await call) as CallToolResult)).toContain('Created.');
    });

    it('gives no session to a caller without a key, even one that declares elicitation', async () => {
      const response = await postMcp(baseUrl, initializeWithElicitation(), {});
      expect(response.status).toBe(200);
      expect(response.headers.get('mcp-session-id')).toBeNull();
    });

    it("answers another user's session id, and an unknown one, 404 Session not found", async () => {
      const opened = await postMcp(baseUrl, initializeWithElicitation(), {
        Authorization: alice.auth,
      });
      const sessionId = opened.headers.get('mcp-session-id');
      expect(sessionId).toEqual(expect.any(String));
      const list = (auth: string, id: string) =>
        postMcp(baseUrl, jsonRpc('tools/list'), {
          Authorization: auth,
          'Mcp-Session-Id': id,
          'MCP-Protocol-Version': PROTOCOL_VERSION,
        });

      expect((await list(alice.auth, sessionId!)).status).toBe(200);
      for (const response of [await list(bob.auth, sessionId!), await list(alice.auth, 'nope')]) {
        expect(response.status).toBe(404);
        expect(await response.json()).toEqual({
          jsonrpc: '2.0',
          id: null,
          error: { code: -32001, message: 'Session not found' },
        });
      }
    });

    it('passes the approval through the stdio relay to a desktop client that declares elicitation', async () => {
      const { agentTool, gatedTool } = await approvalGatedAgentTool('Created.');
      let asked = 0;
      const client = clientOf(() => {
        asked += 1;
        return Promise.resolve({ action: 'accept', content: { decision: 'approve' } });
      });
      const apiKey = alice.auth.slice('Bearer '.length);
      await client.connect(
        new StdioClientTransport({
          command: process.execPath,
          args: [CLI, 'mcp'],
          env: { LOG_LEVEL: 'silent', TOOLHUB_URL: baseUrl, TOOLHUB_API_KEY: apiKey },
        }),
      );

      const result = (await client.callTool({
        name: agentTool,
        arguments: { message: 'Create ACME' },
      })) as CallToolResult;

      expect(textOf(result)).toContain('Created.');
      expect(asked).toBe(1);
      expect(await approvalsOf(gatedTool, 'approved')).toHaveLength(1);
    });

    it('answers a session past its lifetime 404, and the next session clears it', async () => {
      const database = testApp().app.get<Database>(DATABASE);
      const open = async () => {
        const opened = await postMcp(baseUrl, initializeWithElicitation(), {
          Authorization: alice.auth,
        });
        return opened.headers.get('mcp-session-id')!;
      };
      const stale = await open();
      const other = await open();
      await database.execute(
        sql`update mcp_sessions set ttl_ms = 0 where id in (${stale}, ${other})`,
      );
      const stored = async (id: string) =>
        (await rawRows(database, sql`select id from mcp_sessions where id = ${id}`)).length;

      const refused = await postMcp(baseUrl, jsonRpc('tools/list'), {
        Authorization: alice.auth,
        'Mcp-Session-Id': stale,
      });
      expect(refused.status).toBe(404);
      expect(await stored(stale)).toBe(0);
      expect(await stored(other)).toBe(1);
      await open();
      expect(await stored(other)).toBe(0);
    });

    it("ends a session with DELETE, its user's only; its id is then unknown", async () => {
      const { transport } = await connect(alice.auth, () => Promise.resolve({ action: 'cancel' }));
      const sessionId = transport.sessionId!;
      const del = (auth: string) =>
        fetch(new URL('/mcp', baseUrl), {
          method: 'DELETE',
          headers: { Authorization: auth, 'Mcp-Session-Id': sessionId },
        });

      expect((await del(bob.auth)).status).toBe(404);
      await transport.terminateSession();
      expect(transport.sessionId).toBeUndefined();

      const after = await postMcp(baseUrl, jsonRpc('tools/list'), {
        Authorization: alice.auth,
        'Mcp-Session-Id': sessionId,
      });
      expect(after.status).toBe(404);
      expect((await del(alice.auth)).status).toBe(404);
    });
  },
);

function initializeWithElicitation() {
  return jsonRpc('initialize', {
    protocolVersion: PROTOCOL_VERSION,
    capabilities: { elicitation: { form: {} } },
    clientInfo: { name: 'raw-fetch', version: '1.0.0' },
  });
}
