/**
 * What the console suite runs against: a booted app, its users' keys, the tools (an `http` echo
 * that needs approval, an MCP tool answering with an image, a table, JSON, and hostile Markdown
 * and SVG) and scripted agents using them, all on loopback.
 */
import { type Server } from 'node:http';
import { type JsonPostServer, startJsonPostServer } from '../support/json-post-server';
import { PNG, image, startContentMcpServer } from '../support/content-mcp-server';
import { bearerFor } from '../support/api-key';
import { eventually } from '../support/eventually';
import { listeningUrl } from '../support/runtime-client';
import { SELECTED_ADAPTER, type TestApp, startTestApp } from '../support/test-app';

export const STREAMED_TEXT =
  'Streaming in, a few characters at a time: the console shows each chunk as it arrives, ' +
  'then the whole message once the turn ends. Nothing is lost and nothing is said twice.';

export const THOUGHT = 'Weighing what to say first.';

export const CSV = 'region,revenue\nnorth,120\nsouth,95\n"east, coast",130\n';
export const REPORT = { quarter: 'Q3', totals: { revenue: 345, regions: 3 }, regions: ['north'] };

/** Each script sets `window.__pwned`: the suite checks it never is. */
export const HOSTILE_MARKDOWN = [
  '# Quarterly notes',
  '',
  'All **fine** here.',
  '',
  "<script>window.__pwned = 'markdown script'</script>",
  '<img src="x" onerror="window.__pwned = \'markdown img\'">',
  '<svg onload="window.__pwned = \'markdown svg\'"></svg>',
  "[a link](javascript:window.__pwned='markdown link')",
].join('\n');

export const HOSTILE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" onload="window.__pwned = \'svg onload\'">' +
  '<script>window.__pwned = \'svg script\'</script><circle cx="5" cy="5" r="4"/></svg>';

const resource = (name: string, mimeType: string, text: string) => ({
  content: [{ type: 'resource', resource: { uri: `file:///${name}`, mimeType, text } }],
});

const CASES = {
  image: { content: [image(PNG, 'image/png')] },
  csv: resource('sales.csv', 'text/csv', CSV),
  json: resource('report.json', 'application/json', JSON.stringify(REPORT)),
  markdown: resource('notes.md', 'text/markdown', HOSTILE_MARKDOWN),
  svg: resource('diagram.svg', 'image/svg+xml', HOSTILE_SVG),
};

export interface Agents {
  streamer: string;
  approver: string;
  producer: string;
}

export const DESCRIPTION = 'A diagram of Bob greeting Alice.';
/** What the describing agent says: the description, and markup that must never run. */
export const HOSTILE_DESCRIPTION = `${DESCRIPTION} <img src="x" onerror="window.__pwned = 'workflow step'">`;

/** Registered workflows: a tool step then an agent step; one agent step whose tool needs approval. */
export interface Workflows {
  drawAndDescribe: string;
  approvedEcho: string;
}

export interface ConsoleWorld {
  app: TestApp;
  base: string;
  /** A member's key: the suite's browser user. */
  aliceKey: string;
  adminKey: string;
  agents: Agents;
  workflows: Workflows;
  /** Alice starts a run on the API (no browser), as REST clients do. */
  startRun(agentId: string, content: string): Promise<{ sessionId: string; runId: string }>;
  /** Alice starts a workflow run on the API; its id. */
  startWorkflowRun(workflowId: string, input: unknown): Promise<string>;
  /** Alice's pending approval of `runId`, once there is one. */
  pendingApprovalOf(runId: string): Promise<{ id: string; tool_name: string }>;
  decide(approvalId: string, decision: 'approve' | 'reject'): Promise<void>;
  runStatus(runId: string): Promise<string>;
  /** Every `eventIndex` the server streams for `runId`, read whole after it ended. */
  eventIndexes(runId: string): Promise<number[]>;
  artifactsOf(sessionId: string): Promise<{ id: string; name: string; mime_type: string }[]>;
  agentDescription(agentId: string): Promise<string>;
  /** Cuts every open connection to the app, as a network that drops would. */
  dropConnections(): void;
  close(): Promise<void>;
}

export async function startConsoleWorld(): Promise<ConsoleWorld> {
  const echo: JsonPostServer = await startJsonPostServer('/echo', (body, _req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ echo: body }));
  });
  const content = await startContentMcpServer(CASES);
  const app = await startTestApp(SELECTED_ADAPTER);
  const base = await listeningUrl(app);
  const adminAuth = await bearerFor(app.app, 'root', 'root', 'admin');
  const aliceAuth = await bearerFor(app.app, 'alice', 'alice', 'member');
  const as = (auth: string) => ({
    get: (path: string) => app.http.get(path).set('Authorization', auth),
    post: (path: string, body: object) => app.http.post(path).set('Authorization', auth).send(body),
  });
  const admin = as(adminAuth);
  const alice = as(aliceAuth);

  const created = async (path: string, body: object): Promise<string> => {
    const response = await admin.post(path, body);
    if (response.status !== 201) throw new Error(`${path}: ${JSON.stringify(response.body)}`);
    return (response.body as { id: string }).id;
  };
  const echoTool = await created('/api/v1/tools', {
    name: 'echo',
    description: 'Says back what it was given',
    parameters: { type: 'object', properties: { message: { type: 'string' } } },
    implementation: { type: 'http', url: echo.url },
    requires_approval: true,
  });
  const produceTool = await created('/api/v1/tools', {
    name: 'produce',
    description: 'Answers with the content of a case',
    parameters: { type: 'object', properties: { case: { type: 'string' } }, required: ['case'] },
    implementation: { type: 'mcp', url: content.url, tool_name: 'produce' },
    requires_approval: false,
  });
  const agent = (name: string, script: object[], toolIds: string[] = []) =>
    created('/api/v1/agents', {
      name,
      description: `The ${name} of the console suite`,
      system_prompt: 'You are a test agent.',
      model_config: { provider: 'scripted', model: 'scripted', script },
      tool_ids: toolIds,
    });
  const agents: Agents = {
    streamer: await agent('streamer', [
      { thinking: THOUGHT, text: STREAMED_TEXT, delay_ms: 100, chunk_size: 12 },
    ]),
    approver: await agent(
      'approver',
      [
        { tool_calls: [{ name: 'echo', args: { message: 'hello from the run' } }] },
        { text: 'The echo answered.' },
      ],
      [echoTool],
    ),
    producer: await agent(
      'producer',
      [
        {
          tool_calls: Object.keys(CASES).map((name) => ({ name: 'produce', args: { case: name } })),
        },
        { text: 'Here is what the tool made.' },
      ],
      [produceTool],
    ),
  };

  const plantUml = await admin.get('/api/v1/tools?search=encodePlantUML');
  const plantUmlTool = (plantUml.body.items as { id: string }[])[0].id;
  const describer = await agent('describer', [{ text: HOSTILE_DESCRIPTION }]);
  const workflows: Workflows = {
    drawAndDescribe: await created('/api/v1/workflows', {
      name: 'draw-and-describe',
      input_schema: { type: 'object', properties: { who: { type: 'string' } }, required: ['who'] },
      steps: [
        {
          type: 'tool',
          id: plantUmlTool,
          key: 'draw',
          input: { plantumlCode: '@startuml\n{{ input.who }} -> Alice : hello\n@enduml' },
        },
        {
          type: 'agent',
          id: describer,
          key: 'describe',
          input: 'Describe {{ steps.draw.output.url }}',
        },
      ],
    }),
    approvedEcho: await created('/api/v1/workflows', {
      name: 'approved-echo',
      steps: [{ type: 'agent', id: agents.approver, key: 'echo' }],
    }),
  };

  return {
    app,
    base,
    aliceKey: aliceAuth.replace(/^Bearer /, ''),
    adminKey: adminAuth.replace(/^Bearer /, ''),
    agents,
    workflows,
    startRun: async (agentId, text) => {
      const session = await alice.post('/api/v1/sessions', { agent_id: agentId });
      const sessionId = (session.body as { id: string }).id;
      const run = await alice.post(`/api/v1/sessions/${sessionId}/runs`, { content: text });
      if (run.status !== 202) throw new Error(`run: ${JSON.stringify(run.body)}`);
      return { sessionId, runId: (run.body as { run_id: string }).run_id };
    },
    startWorkflowRun: async (workflowId, input) => {
      const run = await alice.post(`/api/v1/workflows/${workflowId}/runs`, { input });
      if (run.status !== 202) throw new Error(`workflow run: ${JSON.stringify(run.body)}`);
      return (run.body as { id: string }).id;
    },
    pendingApprovalOf: (runId) =>
      eventually(`a pending approval of run ${runId}`, async () => {
        const page = await alice.get('/api/v1/approvals?status=pending&limit=100');
        return (page.body.items as { id: string; run_id: string; tool_name: string }[]).find(
          (approval) => approval.run_id === runId,
        );
      }),
    decide: async (approvalId, decision) => {
      const response = await alice.post(`/api/v1/approvals/${approvalId}`, { decision });
      if (response.status !== 200) throw new Error(`decide: ${JSON.stringify(response.body)}`);
    },
    runStatus: async (runId) =>
      ((await alice.get(`/api/v1/runs/${runId}`)).body as { status: string }).status,
    eventIndexes: async (runId) => {
      const response = await alice
        .get(`/api/v1/runs/${runId}/events`)
        .set('Accept', 'text/event-stream')
        .buffer(true)
        .parse((res, done) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => done(null, text));
        });
      return [...String(response.body).matchAll(/^id: (\d+)$/gm)].map((match) => Number(match[1]));
    },
    artifactsOf: async (sessionId) => {
      const listed = await alice.get(`/api/v1/sessions/${sessionId}/artifacts`);
      return (
        listed.body.items as { id: string; name: string; latest: { mime_type: string } }[]
      ).map((artifact) => ({
        id: artifact.id,
        name: artifact.name,
        mime_type: artifact.latest.mime_type,
      }));
    },
    agentDescription: async (agentId) =>
      ((await alice.get(`/api/v1/agents/${agentId}`)).body as { description: string }).description,
    dropConnections: () => (app.app.getHttpServer() as Server).closeAllConnections(),
    close: async () => {
      await app.close();
      await echo.close();
      await content.close();
    },
  };
}
