/**
 * OpenTelemetry as an operator sees it: the built server, started with the standard `OTEL_*`
 * variables, exports GenAI spans and metrics over OTLP/HTTP to a real receiver on loopback
 * (support/otlp-receiver.ts). Agent runs on the Anthropic wire format (the real SDK against a
 * local fake) and on the scripted provider, tools over REST and MCP, an agent served as a tool,
 * trace context passed on to `http` tools and taken from MCP `_meta`, message content only when
 * asked for, and nothing at all when OpenTelemetry is off.
 */
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import {
  type FakeAnthropicServer,
  startFakeAnthropicServer,
} from './support/fake-anthropic-server';
import { McpClients } from './support/mcp-clients';
import {
  type Attributes,
  type OtlpReceiver,
  type ReceivedPoint,
  type ReceivedSpan,
  SPAN_KIND,
  STATUS_CODE,
  startOtlpReceiver,
} from './support/otlp-receiver';
import { type RuntimeUser, runtimeUserOver } from './support/runtime-client';
import { eventually } from './support/eventually';
import { type ServerProcess, startServerProcess } from './support/server-process';
import { type SseFrame } from './support/sse-client';
import { type TestDatabase, createTestDatabase } from './support/test-database';
import { type ToolServer, startHttpToolServer } from './support/tool-servers';

// Server processes, each started once (one restarted): a busy machine may take a while.
jest.setTimeout(120_000);

const ADMIN_KEY = `otel-e2e-${randomBytes(24).toString('hex')}`;
const MODEL = 'claude-sonnet-4-20250514';
const DIAGRAM = '@startuml\nA -> B\n@enduml';
const CONTENT_ATTRIBUTES = [
  'gen_ai.system_instructions',
  'gen_ai.input.messages',
  'gen_ai.output.messages',
  'gen_ai.tool.call.arguments',
  'gen_ai.tool.call.result',
];

/** A string found nowhere unless the test put it there. */
const marker = (label: string) => `${label}-${randomBytes(6).toString('hex')}`;

/** The variables that turn OpenTelemetry on, exporting to `receiver` quickly. */
function tracingEnv(receiver: OtlpReceiver, protocol: 'http/json' | 'http/protobuf') {
  return {
    INITIAL_ADMIN_KEY: ADMIN_KEY,
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    OTEL_EXPORTER_OTLP_PROTOCOL: protocol,
    OTEL_TRACES_EXPORTER: 'otlp',
    OTEL_METRICS_EXPORTER: 'otlp',
    OTEL_BSP_SCHEDULE_DELAY: '100',
    OTEL_METRIC_EXPORT_INTERVAL: '500',
    OTEL_SEMCONV_STABILITY_OPT_IN: 'gen_ai_latest_experimental',
  };
}

// ---------------------------------------------------------------------------------------------
// Calling a server process

interface Client {
  user: RuntimeUser;
  http: ReturnType<typeof request>;
}

const clientOf = (server: ServerProcess): Client => {
  const http = request(server.url);
  return { http, user: runtimeUserOver(http, server.url, `Bearer ${ADMIN_KEY}`, 'otel') };
};

let nameCounter = 0;
const unique = (base: string) => `${base}_${++nameCounter}`;

async function createAgent(
  user: RuntimeUser,
  modelConfig: Record<string, unknown>,
  toolIds: string[] = [],
): Promise<{ agentId: string; agentName: string; sessionId: string }> {
  const agentName = unique('otel_agent');
  const agent = await user.post('/api/v1/agents', {
    name: agentName,
    system_prompt: 'You are a test agent.',
    model_config: modelConfig,
    tool_ids: toolIds,
  });
  expect(agent.status).toBe(201);
  const session = await user.post('/api/v1/sessions', { agent_id: agent.body.id });
  expect(session.status).toBe(201);
  return { agentId: agent.body.id as string, agentName, sessionId: session.body.id as string };
}

async function registerTool(
  user: RuntimeUser,
  implementation: Record<string, unknown>,
  extra: Record<string, unknown> = {},
): Promise<{ id: string; name: string }> {
  const name = unique('otel_tool');
  const created = await user.post('/api/v1/tools', {
    name,
    description: 'A tool of the telemetry suite',
    implementation,
    requires_approval: false,
    ...extra,
  });
  expect(created.status).toBe(201);
  return { id: created.body.id as string, name };
}

/** An `http` tool on `server`, which fails when called with `{ fail: true }`. */
const registerHttpTool = (user: RuntimeUser, server: ToolServer) =>
  registerTool(
    user,
    { type: 'http', url: server.url },
    {
      parameters: {
        type: 'object',
        properties: { name: { type: 'string' }, fail: { type: 'boolean' } },
      },
    },
  );

/** Runs a message in the session over SSE to its end; the run's id and events. */
async function runToEnd(
  user: RuntimeUser,
  sessionId: string,
  content: string,
): Promise<{ runId: string; frames: SseFrame[] }> {
  const stream = await user.stream(sessionId, { content });
  expect(stream.status).toBe(200);
  const frames = await stream.ended;
  expect(frames.at(-1)?.event).toMatch(/^(complete|error)$/);
  return { runId: String(frames[0].data.runId), frames };
}

/** A workflow of `steps` (`{ type, id }`); its id and name. */
async function createWorkflow(
  user: RuntimeUser,
  steps: { type: 'agent' | 'tool'; id: string }[],
): Promise<{ id: string; name: string }> {
  const name = unique('otel_workflow');
  const created = await user.post('/api/v1/workflows', { name, steps });
  expect(created.status).toBe(201);
  return { id: created.body.id as string, name };
}

/** Starts a run of the workflow; its id. */
async function startWorkflowRun(user: RuntimeUser, workflowId: string): Promise<string> {
  const started = await user.post(`/api/v1/workflows/${workflowId}/runs`, { input: {} });
  expect(started.status).toBe(202);
  return started.body.id as string;
}

const startHttpTool = () =>
  startHttpToolServer((received) => {
    const body = JSON.parse(received.body) as { fail?: boolean };
    return body.fail ? { status: 500, json: { error: 'down' } } : { json: { customer: 'found' } };
  });

// ---------------------------------------------------------------------------------------------
// Reading spans

const runSpan = (spans: ReceivedSpan[], runId: string) =>
  spans.find(
    (span) => span.name.startsWith('invoke_agent ') && span.attributes['toolhub.run.id'] === runId,
  );

const childrenOf = (spans: ReceivedSpan[], parent: ReceivedSpan, name?: string) =>
  spans.filter(
    (span) =>
      span.traceId === parent.traceId &&
      span.parentSpanId === parent.spanId &&
      (name === undefined || span.name === name),
  );

/** Waits for a run's `invoke_agent` span and `count` spans under it; returns the run's span. */
async function runSpans(
  receiver: OtlpReceiver,
  runId: string,
  count: number,
): Promise<{ root: ReceivedSpan; spans: ReceivedSpan[] }> {
  const spans = await receiver.waitForSpans((all) => {
    const root = runSpan(all, runId);
    return root !== undefined && childrenOf(all, root).length >= count;
  });
  return { root: runSpan(spans, runId)!, spans };
}

/** The spans of a workflow run's executions, oldest first. */
const workflowRunSpans = (spans: ReceivedSpan[], workflowRunId: string) =>
  spans.filter(
    (span) =>
      span.name.startsWith('invoke_workflow ') &&
      span.attributes['toolhub.workflow_run.id'] === workflowRunId,
  );

const inTrace = (spans: ReceivedSpan[], traceId: string) =>
  spans.filter((span) => span.traceId === traceId);

/** Whether `text` occurs in any attribute, name or status of the spans. */
const mentions = (spans: ReceivedSpan[], text: string) =>
  spans.some((span) => JSON.stringify(span).includes(text));

/** Quick to notice a stopped server's workflow runs on PostgreSQL, patient with a busy machine. */
const HEARTBEAT = { RUN_HEARTBEAT_SECONDS: '1', RUN_HEARTBEAT_TIMEOUT_SECONDS: '4' };

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/;

// ---------------------------------------------------------------------------------------------
// Reading metrics

/** The latest point of `metric` whose attributes include `attributes`. */
const latestPoint = (points: ReceivedPoint[], metric: string, attributes: Attributes) =>
  points.findLast(
    (point) =>
      point.metric === metric &&
      Object.entries(attributes).every(([key, value]) => point.attributes[key] === value),
  );

/** The samples of a Prometheus counter, each with its labels. */
function prometheusSamples(text: string, name: string) {
  const sample = new RegExp(`^${name}\\{([^}]*)\\} (\\S+)$`);
  return text.split('\n').flatMap((line) => {
    const match = sample.exec(line);
    if (!match) return [];
    const labels = Object.fromEntries(
      [...match[1].matchAll(/(\w+)="([^"]*)"/g)].map(([, key, value]) => [key, value]),
    );
    return [{ labels, value: Number(match[2]) }];
  });
}

// ---------------------------------------------------------------------------------------------

describe('OpenTelemetry on, over http/json, without message content', () => {
  let receiver: OtlpReceiver;
  let anthropic: FakeAnthropicServer;
  let crm: ToolServer;
  let server: ServerProcess;
  let client: Client;
  const mcp = new McpClients();

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    anthropic = await startFakeAnthropicServer();
    crm = await startHttpTool();
    server = await startServerProcess({ ...tracingEnv(receiver, 'http/json'), ...anthropic.env });
    client = clientOf(server);
  });

  afterAll(async () => {
    await mcp.closeAll();
    await server?.stop();
    await Promise.all([receiver?.close(), anthropic?.close(), crm?.close()]);
  });

  test('an agent run on the Anthropic wire format with one tool call: its span tree, tokens, tool call id, metrics and trace_id', async () => {
    const { user, http } = client;
    const prompt = marker('Who is customer');
    const argument = marker('Ada');
    const tool = await registerHttpTool(user, crm);
    const { agentId, agentName, sessionId } = await createAgent(
      user,
      { provider: 'anthropic', model: MODEL, max_tokens: 512, temperature: 0.3 },
      [tool.id],
    );
    anthropic.push(
      {
        messageId: 'msg_otel_1',
        text: 'Let me look.',
        toolCalls: [{ id: 'toolu_otel_1', name: tool.name, input: { name: argument } }],
        usage: { input_tokens: 31, output_tokens: 7 },
      },
      {
        messageId: 'msg_otel_2',
        text: 'Ada is a customer.',
        usage: { input_tokens: 58, output_tokens: 12 },
      },
    );
    const { runId, frames } = await runToEnd(user, sessionId, prompt);
    expect(frames.at(-1)?.event).toBe('complete');
    const toolUse = frames.find((frame) => frame.event === 'tool_use')!.data;

    const { root, spans } = await runSpans(receiver, runId, 3);
    expect(root).toMatchObject({
      name: `invoke_agent ${agentName}`,
      kind: SPAN_KIND.INTERNAL,
      attributes: {
        'gen_ai.operation.name': 'invoke_agent',
        'gen_ai.provider.name': 'anthropic',
        'gen_ai.agent.id': agentId,
        'gen_ai.agent.name': agentName,
        'gen_ai.conversation.id': sessionId,
        'toolhub.run.id': runId,
        'toolhub.run.outcome': 'completed',
      },
    });
    expect(root.status.code).not.toBe(STATUS_CODE.ERROR);

    const chats = childrenOf(spans, root, `chat ${MODEL}`);
    const chat = (responseId: string) =>
      chats.find((span) => span.attributes['gen_ai.response.id'] === responseId);
    expect(chats).toHaveLength(2);
    const turn = (responseId: string, tokens: [number, number], finishReason: string) => ({
      kind: SPAN_KIND.CLIENT,
      attributes: expect.objectContaining({
        'gen_ai.operation.name': 'chat',
        'gen_ai.provider.name': 'anthropic',
        'gen_ai.request.model': MODEL,
        'gen_ai.response.id': responseId,
        'gen_ai.usage.input_tokens': tokens[0],
        'gen_ai.usage.output_tokens': tokens[1],
        'gen_ai.response.finish_reasons': [finishReason],
        'gen_ai.request.max_tokens': 512,
        'gen_ai.request.temperature': 0.3,
      }),
    });
    expect(chat('msg_otel_1')).toMatchObject(turn('msg_otel_1', [31, 7], 'tool_use'));
    expect(chat('msg_otel_2')).toMatchObject(turn('msg_otel_2', [58, 12], 'end_turn'));

    const [execution] = childrenOf(spans, root, `execute_tool ${tool.name}`);
    expect(execution).toMatchObject({
      kind: SPAN_KIND.INTERNAL,
      attributes: {
        'gen_ai.operation.name': 'execute_tool',
        'gen_ai.tool.name': tool.name,
        'gen_ai.tool.call.id': toolUse.toolUseId,
        'gen_ai.tool.type': 'extension',
        'toolhub.tool.kind': 'http',
      },
    });
    expect(toolUse.toolUseId).toBe('toolu_otel_1');
    expect(execution.status.code).not.toBe(STATUS_CODE.ERROR);

    // The tool's endpoint was called within the run's trace, by a span that was exported.
    const traceparent = String(crm.requests.at(-1)?.headers.traceparent);
    expect(traceparent).toMatch(TRACEPARENT);
    const [, traceId, callerSpanId] = TRACEPARENT.exec(traceparent)!;
    expect(traceId).toBe(root.traceId);
    const withCaller = await receiver.waitForSpans((all) =>
      all.some((span) => span.spanId === callerSpanId),
    );
    expect(withCaller.find((span) => span.spanId === callerSpanId)?.traceId).toBe(root.traceId);

    // The run's chat spans are the only ones of the model calls, and the provider is not told
    // the operator's trace.
    expect(inTrace(receiver.spans(), root.traceId).map((span) => span.name)).not.toContain(
      'anthropic.messages.create',
    );
    for (const request of anthropic.requests)
      expect(request.headers).not.toHaveProperty('traceparent');

    // Without OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT, no content leaves the server.
    const trace = inTrace(receiver.spans(), root.traceId);
    for (const span of trace) {
      for (const attribute of CONTENT_ATTRIBUTES)
        expect(span.attributes).not.toHaveProperty(attribute);
    }
    expect(mentions(trace, prompt)).toBe(false);
    expect(mentions(trace, argument)).toBe(false);

    const run = await user.get(`/api/v1/runs/${runId}`);
    expect(run.status).toBe(200);
    expect(run.body.trace_id).toBe(root.traceId);
    expect(run.body.trace_id).toMatch(/^[0-9a-f]{32}$/);

    // Histograms over OTLP: the run is the server's only Anthropic traffic.
    const anthropicTokens = (type: string) => ({
      'gen_ai.provider.name': 'anthropic',
      'gen_ai.token.type': type,
    });
    const points = await receiver.waitForPoints(
      (all) =>
        (latestPoint(all, 'gen_ai.client.token.usage', anthropicTokens('input'))?.sum ?? 0) >= 89 &&
        (latestPoint(all, 'gen_ai.client.token.usage', anthropicTokens('output'))?.sum ?? 0) >=
          19 &&
        (latestPoint(all, 'gen_ai.client.operation.duration', {
          'gen_ai.provider.name': 'anthropic',
        })?.count ?? 0) >= 2,
    );
    expect(
      latestPoint(points, 'gen_ai.client.token.usage', anthropicTokens('input')),
    ).toMatchObject({ count: 2, sum: 89 });
    expect(
      latestPoint(points, 'gen_ai.client.token.usage', anthropicTokens('output')),
    ).toMatchObject({ count: 2, sum: 19 });
    expect(
      latestPoint(points, 'gen_ai.client.operation.duration', {
        'gen_ai.provider.name': 'anthropic',
        'gen_ai.operation.name': 'chat',
      }),
    ).toMatchObject({ count: 2 });

    const metrics = await http.get('/metrics');
    const tokens = prometheusSamples(metrics.text, 'toolhub_gen_ai_tokens_total').filter(
      (sample) => sample.labels.agent === agentName && sample.labels.model === MODEL,
    );
    expect(tokens).toEqual(
      expect.arrayContaining([
        { labels: { agent: agentName, model: MODEL, type: 'input' }, value: 89 },
        { labels: { agent: agentName, model: MODEL, type: 'output' }, value: 19 },
      ]),
    );
  });

  test("an agent served as a tool: the child run's invoke_agent span is a child of the parent's execute_tool span", async () => {
    const { user } = client;
    const child = await createAgent(user, {
      provider: 'scripted',
      model: 'scripted',
      script: [{ text: 'Child says hi.', usage: { input_tokens: 5, output_tokens: 3 } }],
    });
    const childTool = await registerTool(user, { type: 'agent', agent_id: child.agentId });
    const parent = await createAgent(
      user,
      {
        provider: 'scripted',
        model: 'scripted',
        script: [
          {
            text: 'Let me ask.',
            tool_calls: [{ id: 'toolu_child', name: childTool.name, args: { message: 'hi' } }],
            usage: { input_tokens: 11, output_tokens: 4 },
          },
          { text: 'Done.', usage: { input_tokens: 20, output_tokens: 2 } },
        ],
      },
      [childTool.id],
    );
    const { runId } = await runToEnd(user, parent.sessionId, 'Ask the child');
    const childRunId = (
      (await user.get(`/api/v1/runs/${runId}`)).body.child_run_ids as string[]
    )[0];
    expect(childRunId).toBeDefined();

    const spans = await receiver.waitForSpans((all) => {
      const root = runSpan(all, runId);
      return root !== undefined && childrenOf(all, root).length >= 3 && !!runSpan(all, childRunId);
    });
    const root = runSpan(spans, runId)!;
    expect(root).toMatchObject({
      name: `invoke_agent ${parent.agentName}`,
      attributes: { 'gen_ai.provider.name': 'toolhub.scripted' },
    });
    expect(childrenOf(spans, root, 'chat scripted')).toEqual([
      expect.objectContaining({
        kind: SPAN_KIND.CLIENT,
        attributes: expect.objectContaining({
          'gen_ai.provider.name': 'toolhub.scripted',
          'gen_ai.usage.input_tokens': 11,
          'gen_ai.usage.output_tokens': 4,
        }),
      }),
      expect.objectContaining({
        attributes: expect.objectContaining({ 'gen_ai.usage.input_tokens': 20 }),
      }),
    ]);
    const [execution] = childrenOf(spans, root, `execute_tool ${childTool.name}`);
    expect(execution?.attributes).toMatchObject({
      'gen_ai.tool.call.id': 'toolu_child',
      'gen_ai.tool.type': 'extension',
      'toolhub.tool.kind': 'agent',
    });

    const childRun = runSpan(spans, childRunId)!;
    expect(childRun).toMatchObject({
      name: `invoke_agent ${child.agentName}`,
      traceId: root.traceId,
      parentSpanId: execution.spanId,
      attributes: expect.objectContaining({ 'gen_ai.agent.id': child.agentId }),
    });
    expect((await user.get(`/api/v1/runs/${childRunId}`)).body.trace_id).toBe(root.traceId);
  });

  test('a workflow run: its invoke_workflow span holds a span per step, which holds the step run or tool call', async () => {
    const { user } = client;
    const tool = await registerHttpTool(user, crm);
    const agent = await createAgent(user, {
      provider: 'scripted',
      model: 'scripted',
      script: [{ text: 'Step done.' }],
    });
    const workflow = await createWorkflow(user, [
      { type: 'tool', id: tool.id },
      { type: 'agent', id: agent.agentId },
    ]);
    const workflowRunId = await startWorkflowRun(user, workflow.id);

    const spans = await receiver.waitForSpans((all) => {
      const [root] = workflowRunSpans(all, workflowRunId);
      return (
        root !== undefined &&
        childrenOf(all, root).every((step) => childrenOf(all, step).length > 0) &&
        childrenOf(all, root).length === 2
      );
    });
    const [root] = workflowRunSpans(spans, workflowRunId);
    expect(root).toMatchObject({
      name: `invoke_workflow ${workflow.name}`,
      kind: SPAN_KIND.INTERNAL,
      attributes: {
        'gen_ai.operation.name': 'invoke_workflow',
        'gen_ai.workflow.name': workflow.name,
        'toolhub.workflow.id': workflow.id,
        'toolhub.workflow_run.id': workflowRunId,
        'toolhub.workflow_run.outcome': 'completed',
      },
    });
    expect(root.attributes).not.toHaveProperty('toolhub.workflow_run.resumed');
    expect(root.status.code).not.toBe(STATUS_CODE.ERROR);
    expect(spans.find((span) => span.spanId === root.parentSpanId)).toMatchObject({
      name: 'POST /api/v1/workflows/:id/runs',
      kind: SPAN_KIND.SERVER,
    });

    const [toolStep, agentStep] = childrenOf(spans, root).sort(
      (a, b) =>
        Number(a.attributes['toolhub.workflow_run.step.index']) -
        Number(b.attributes['toolhub.workflow_run.step.index']),
    );
    expect(toolStep).toMatchObject({
      name: `workflow_step ${tool.name}`,
      kind: SPAN_KIND.INTERNAL,
      attributes: {
        'toolhub.workflow_run.step.index': 0,
        'toolhub.workflow_run.step.type': 'tool',
      },
    });
    expect(agentStep).toMatchObject({
      name: `workflow_step ${agent.agentName}`,
      attributes: {
        'toolhub.workflow_run.step.index': 1,
        'toolhub.workflow_run.step.type': 'agent',
      },
    });
    expect(childrenOf(spans, toolStep)).toEqual([
      expect.objectContaining({
        name: `execute_tool ${tool.name}`,
        attributes: expect.objectContaining({ 'toolhub.tool.kind': 'http' }),
      }),
    ]);
    const workflowRun = await user.get(`/api/v1/workflow-runs/${workflowRunId}`);
    const stepRunId = (workflowRun.body.steps as { run_id?: string }[])[1].run_id;
    expect(childrenOf(spans, agentStep)).toEqual([
      expect.objectContaining({
        name: `invoke_agent ${agent.agentName}`,
        attributes: expect.objectContaining({
          'toolhub.run.id': stepRunId,
          'toolhub.run.outcome': 'completed',
        }),
      }),
    ]);
  });

  test('a failing run and a failing tool call end their spans with status ERROR', async () => {
    const { user } = client;
    const failing = await createAgent(user, {
      provider: 'scripted',
      model: 'scripted',
      script: [{ text: 'Thinking', error: { message: 'model down', code: 'overloaded_error' } }],
    });
    const { runId, frames } = await runToEnd(user, failing.sessionId, 'Fail, please');
    expect(frames.at(-1)?.event).toBe('error');
    const failedRun = await receiver.waitForSpans((all) => !!runSpan(all, runId));
    expect(runSpan(failedRun, runId)).toMatchObject({
      status: { code: STATUS_CODE.ERROR },
      attributes: { 'toolhub.run.outcome': 'failed' },
    });

    // Over REST, the tool's span is under the request's server span.
    const tool = await registerHttpTool(user, crm);
    const called = await user.post(`/api/tools/${tool.name}`, { fail: true });
    expect(called.status).toBe(502);
    expect(called.body.error.code).toBe('TOOL_EXECUTION_FAILED');
    const spans = await receiver.waitForSpans((all) => {
      const execution = all.find((span) => span.name === `execute_tool ${tool.name}`);
      return !!execution && all.some((span) => span.spanId === execution.parentSpanId);
    });
    const execution = spans.find((span) => span.name === `execute_tool ${tool.name}`)!;
    expect(execution).toMatchObject({
      status: { code: STATUS_CODE.ERROR },
      attributes: {
        'gen_ai.operation.name': 'execute_tool',
        'gen_ai.tool.name': tool.name,
        'gen_ai.tool.type': 'extension',
        'toolhub.tool.kind': 'http',
        'error.type': 'TOOL_EXECUTION_FAILED',
      },
    });
    expect(execution.attributes).not.toHaveProperty('gen_ai.tool.call.id');
    expect(spans.find((span) => span.spanId === execution.parentSpanId)).toMatchObject({
      name: 'POST /api/tools/:toolName',
      kind: SPAN_KIND.SERVER,
    });
  });

  test('an MCP tools/call continues the trace given in params._meta.traceparent', async () => {
    const traceId = randomBytes(16).toString('hex');
    const callerSpanId = randomBytes(8).toString('hex');
    const { client: mcpClient } = await mcp.connectHttp(server.url, 'otel-e2e', {
      Authorization: `Bearer ${ADMIN_KEY}`,
    });
    const result = await mcpClient.callTool({
      name: 'encodePlantUML',
      arguments: { plantumlCode: DIAGRAM },
      _meta: { traceparent: `00-${traceId}-${callerSpanId}-01` },
    });
    expect(result.isError).toBeFalsy();

    const spans = await receiver.waitForSpans(
      (all) =>
        inTrace(all, traceId).filter((span) => span.name.endsWith(' encodePlantUML')).length >= 2,
    );
    const call = spans.find((span) => span.name === 'tools/call encodePlantUML');
    expect(call).toMatchObject({
      traceId,
      parentSpanId: callerSpanId,
      kind: SPAN_KIND.SERVER,
      attributes: expect.objectContaining({
        'mcp.method.name': 'tools/call',
        'gen_ai.tool.name': 'encodePlantUML',
      }),
    });
    expect(childrenOf(spans, call!, 'execute_tool encodePlantUML')).toEqual([
      expect.objectContaining({
        kind: SPAN_KIND.INTERNAL,
        attributes: expect.objectContaining({
          'gen_ai.tool.name': 'encodePlantUML',
          'gen_ai.tool.type': 'function',
          'toolhub.tool.kind': 'builtin',
        }),
      }),
    ]);
  });

  test('HTTP server spans are named by route template, without query strings or keys', async () => {
    const { user } = client;
    const { sessionId } = await createAgent(user, { provider: 'scripted', model: 'scripted' });
    const { runId } = await runToEnd(user, sessionId, 'Hello');
    const probe = marker('probe');
    expect((await user.get(`/api/v1/runs/${runId}?probe=${probe}`)).status).toBe(200);

    const spans = await receiver.waitForSpans(
      (all) =>
        all.some((span) => span.name === 'GET /api/v1/runs/:id') &&
        all.some((span) => span.name === 'POST /api/v1/sessions/:id/runs'),
    );
    for (const name of ['GET /api/v1/runs/:id', 'POST /api/v1/sessions/:id/runs']) {
      expect(spans.find((span) => span.name === name)?.kind).toBe(SPAN_KIND.SERVER);
    }
    expect(spans.some((span) => span.name.includes(runId))).toBe(false);
    expect(mentions(spans, probe)).toBe(false);
    expect(mentions(spans, ADMIN_KEY)).toBe(false);
  });
});

describe('OpenTelemetry on, over http/protobuf, with message content', () => {
  let receiver: OtlpReceiver;
  let server: ServerProcess;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    server = await startServerProcess({
      ...tracingEnv(receiver, 'http/protobuf'),
      OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT: 'true',
    });
  });

  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
  });

  test('prompts, answers, tool arguments and results are on the spans', async () => {
    const { user } = clientOf(server);
    const prompt = marker('Draw me');
    const answer = marker('Here it is');
    const greeting = marker('hello');
    const diagram = `@startuml\nA -> B : ${greeting}\n@enduml`;
    const listed = await user.get('/api/v1/tools?search=encodePlantUML');
    const encodeToolId = (listed.body as { items: { id: string }[] }).items[0].id;
    const { sessionId } = await createAgent(
      user,
      {
        provider: 'scripted',
        model: 'scripted',
        script: [
          {
            text: 'Encoding.',
            tool_calls: [
              { id: 'toolu_enc', name: 'encodePlantUML', args: { plantumlCode: diagram } },
            ],
          },
          { text: answer },
        ],
      },
      [encodeToolId],
    );
    const { runId, frames } = await runToEnd(user, sessionId, prompt);
    const toolResult = frames.find((frame) => frame.event === 'tool_result')!.data;
    expect(toolResult.success).toBe(true);

    const { root, spans } = await runSpans(receiver, runId, 3);
    const chats = childrenOf(spans, root, 'chat scripted');
    expect(chats).toHaveLength(2);
    // Each content attribute is JSON in the conventions' shapes: messages of typed parts.
    const content = (span: ReceivedSpan, attribute: string) =>
      JSON.parse(span.attributes[attribute] as string) as unknown;
    const endedBy = (reason: string) =>
      chats.find(
        (chat) => (chat.attributes['gen_ai.response.finish_reasons'] as string[])[0] === reason,
      )!;
    const [first, second] = [endedBy('tool_use'), endedBy('end_turn')];
    const asked = { role: 'user', parts: [{ type: 'text', content: prompt }] };
    const toolCall = {
      type: 'tool_call',
      id: 'toolu_enc',
      name: 'encodePlantUML',
      arguments: { plantumlCode: diagram },
    };
    for (const chat of chats) {
      expect(content(chat, 'gen_ai.system_instructions')).toEqual([
        { type: 'text', content: 'You are a test agent.' },
      ]);
    }
    expect(content(first, 'gen_ai.input.messages')).toEqual([asked]);
    expect(content(first, 'gen_ai.output.messages')).toEqual([
      {
        role: 'assistant',
        parts: [{ type: 'text', content: 'Encoding.' }, toolCall],
        finish_reason: 'tool_use',
      },
    ]);
    expect(content(second, 'gen_ai.input.messages')).toEqual([
      asked,
      { role: 'assistant', parts: [{ type: 'text', content: 'Encoding.' }, toolCall] },
      {
        role: 'tool',
        parts: [
          {
            type: 'tool_call_response',
            id: 'toolu_enc',
            response: JSON.stringify(toolResult.result),
          },
        ],
      },
    ]);
    expect(content(second, 'gen_ai.output.messages')).toEqual([
      { role: 'assistant', parts: [{ type: 'text', content: answer }], finish_reason: 'end_turn' },
    ]);

    const [execution] = childrenOf(spans, root, 'execute_tool encodePlantUML');
    expect(execution).toMatchObject({
      kind: SPAN_KIND.INTERNAL,
      attributes: expect.objectContaining({
        'gen_ai.tool.call.id': 'toolu_enc',
        'gen_ai.tool.type': 'function',
        'toolhub.tool.kind': 'builtin',
      }),
    });
    expect(JSON.stringify(execution.attributes['gen_ai.tool.call.arguments'])).toContain(greeting);
    // The result holds the encoded diagram, as the run's tool_result event shows it.
    const { encoded } = toolResult.result as { encoded: string };
    expect(JSON.stringify(execution.attributes['gen_ai.tool.call.result'])).toContain(encoded);
  });
});

describe('OpenTelemetry on, across a restart', () => {
  let receiver: OtlpReceiver;
  let database: TestDatabase;
  let slowTool: ToolServer;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    database = await createTestDatabase();
    // The first call hangs, holding its step until the server stops; the next one answers.
    slowTool = await startHttpToolServer(() =>
      slowTool.requests.length === 1 ? 'hang' : { json: { ok: true } },
    );
  });

  afterAll(async () => {
    await server?.stop();
    await Promise.all([receiver?.close(), slowTool?.close()]);
    await database?.drop();
  });

  const boot = () =>
    startServerProcess({ ...tracingEnv(receiver, 'http/json'), ...database.env, ...HEARTBEAT });

  test('a workflow run resumed after a restart continues the trace its first execution started', async () => {
    server = await boot();
    const { user } = clientOf(server);
    const tool = await registerHttpTool(user, slowTool);
    const workflow = await createWorkflow(user, [{ type: 'tool', id: tool.id }]);
    const workflowRunId = await startWorkflowRun(user, workflow.id);
    await eventually('the held step called its tool', () =>
      Promise.resolve(slowTool.requests.length === 1 || undefined),
    );

    // A graceful stop leaves the run to resume, and sends the spans it holds.
    const exited = once(server.child, 'exit');
    server.child.kill('SIGTERM');
    await exited;
    server = await boot();
    const spans = await receiver.waitForSpans(
      (all) =>
        workflowRunSpans(all, workflowRunId).length === 2 &&
        all.some((span) => span.name === `execute_tool ${tool.name}` && span.status.code === 0),
      60_000,
    );

    const [left, resumed] = workflowRunSpans(spans, workflowRunId);
    expect(left).toMatchObject({
      name: `invoke_workflow ${workflow.name}`,
      attributes: { 'toolhub.workflow_run.outcome': 'interrupted' },
    });
    expect(left.status.code).not.toBe(STATUS_CODE.ERROR);
    expect(resumed).toMatchObject({
      name: `invoke_workflow ${workflow.name}`,
      traceId: left.traceId,
      parentSpanId: left.spanId,
      attributes: {
        'gen_ai.operation.name': 'invoke_workflow',
        'toolhub.workflow.id': workflow.id,
        'toolhub.workflow_run.resumed': true,
        'toolhub.workflow_run.outcome': 'completed',
      },
    });
    const [step] = childrenOf(spans, resumed);
    expect(step).toMatchObject({
      name: `workflow_step ${tool.name}`,
      attributes: { 'toolhub.workflow_run.step.index': 0 },
    });
    expect(childrenOf(spans, step)).toEqual([
      expect.objectContaining({
        name: `execute_tool ${tool.name}`,
        status: { code: STATUS_CODE.UNSET },
      }),
    ]);
  });
});

describe('OpenTelemetry off', () => {
  let receiver: OtlpReceiver;
  let server: ServerProcess;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    // Every variable points at the receiver, so anything the server exported would reach it.
    server = await startServerProcess({
      ...tracingEnv(receiver, 'http/json'),
      OTEL_SDK_DISABLED: 'true',
    });
  });

  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
  });

  test('with OTEL_SDK_DISABLED=true nothing is sent, and runs have no trace_id', async () => {
    const { user } = clientOf(server);
    const { sessionId } = await createAgent(user, {
      provider: 'scripted',
      model: 'scripted',
      script: [{ text: 'Quietly done.' }],
    });
    const { runId, frames } = await runToEnd(user, sessionId, 'Hello');
    expect(frames.at(-1)?.event).toBe('complete');
    const run = await user.get(`/api/v1/runs/${runId}`);
    expect(run.status).toBe(200);
    expect(run.body.trace_id ?? null).toBeNull();

    // A graceful stop flushes whatever an SDK would have buffered: after it, nothing can come.
    const exited = once(server.child, 'exit');
    server.child.kill('SIGTERM');
    await exited;
    expect(receiver.exportCount()).toBe(0);
    expect(receiver.spans()).toEqual([]);
  });
});
