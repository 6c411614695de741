/**
 * The registry's agents over real HTTP and a real database: their tools, their use in workflows
 * and what that forbids.
 */
import { randomUUID } from 'node:crypto';
import { DATABASE, type Database } from '../src/database/database';
import { type ToolImplementation, agentTools, agents } from '../src/database/schema';
import { invalidToolIds } from '../src/registry/agents/agent-tool-links';
import { writeNamed } from '../src/registry/common/named-write';
import { registryClient, tick } from './support/registry-client';
import { storeTool as storeToolIn } from './support/stored-tool';
import { describeOnAdapter } from './support/test-app';

interface Reference {
  id: string;
  name: string;
}

interface Agent {
  id: string;
  name: string;
  description: string;
  system_prompt: string;
  model_config: Record<string, unknown>;
  tool_ids: string[];
  created_at: string;
  updated_at: string;
}

interface AgentDetail extends Agent {
  tools: { id: string; name: string; description: string; is_active: boolean }[];
  used_in_workflows: Reference[];
  served_as_tools: Reference[];
}

const MODEL_CONFIG = { provider: 'anthropic', model: 'claude-sonnet-4-20250514' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describeOnAdapter('Registry agents (seed 003)', (testApp) => {
  const { unique, get, del, post, put } = registryClient(testApp);

  async function createTool(base = 'tool'): Promise<Reference> {
    const name = unique(base);
    const response = await post('/api/v1/tools', {
      name,
      description: `${name} does one thing`,
      parameters: { type: 'object', properties: {} },
    });
    expect(response.status).toBe(201);
    return { id: (response.body as Reference).id, name };
  }

  async function createAgent(fields: Record<string, unknown> = {}): Promise<Agent> {
    const response = await post('/api/v1/agents', {
      name: unique('agent'),
      system_prompt: 'You analyse buy signals.',
      model_config: MODEL_CONFIG,
      ...fields,
    });
    expect(response.status).toBe(201);
    return response.body as Agent;
  }

  async function createWorkflowRunning(agentId: string): Promise<Reference> {
    const name = unique('workflow');
    const response = await post('/api/v1/workflows', {
      name,
      steps: [{ type: 'agent', id: agentId }],
    });
    expect(response.status).toBe(201);
    return { id: (response.body as Reference).id, name };
  }

  const detailOf = async (id: string) => (await get(`/api/v1/agents/${id}`)).body as AgentDetail;

  // Past the API, which would check each implementation through its kind.
  const storeTool = (name: string, implementation: ToolImplementation) =>
    storeToolIn(testApp().app, unique(name), implementation);

  test('AC-013: creates an agent (201) with id and stored tool_ids', async () => {
    const [fetcher, calculator] = [await createTool('fetcher'), await createTool('calculator')];
    const name = unique('buy_signal_analyzer');
    const response = await post('/api/v1/agents', {
      name,
      system_prompt: '당신은 매수 신호 분석가입니다...',
      model_config: { ...MODEL_CONFIG, temperature: 0.2, max_tokens: 1024, top_p: 0.9 },
      tool_ids: [fetcher.id, calculator.id],
    });

    expect(response.status).toBe(201);
    const agent = response.body as Agent;
    expect(agent).toEqual({
      id: expect.stringMatching(UUID),
      name,
      description: '',
      system_prompt: '당신은 매수 신호 분석가입니다...',
      model_config: { ...MODEL_CONFIG, temperature: 0.2, max_tokens: 1024, top_p: 0.9 },
      tool_ids: [fetcher.id, calculator.id],
      // Served over A2A only once asked.
      a2a: { enabled: false },
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    // Stored, not just echoed:
    expect((await detailOf(agent.id)).tool_ids).toEqual([fetcher.id, calculator.id]);
  });

  test('AC-013: keeps tool_ids in the order given, not in creation order', async () => {
    const [a, b, c] = [await createTool(), await createTool(), await createTool()];
    const agent = await createAgent({ tool_ids: [c.id, a.id, b.id] });

    expect(agent.tool_ids).toEqual([c.id, a.id, b.id]);
    const detail = await detailOf(agent.id);
    expect(detail.tool_ids).toEqual([c.id, a.id, b.id]);
    expect(detail.tools.map((tool) => tool.name)).toEqual([c.name, a.name, b.name]);
    const listed = (await get(`/api/v1/agents?search=${agent.name}`)).body as { items: Agent[] };
    expect(listed.items.map((item) => item.tool_ids)).toEqual([[c.id, a.id, b.id]]);
  });

  test('AC-014: refuses tool ids that name no tool (400), listing every invalid one', async () => {
    const tool = await createTool();
    const unknown = randomUUID();
    const name = unique('agent');
    const response = await post('/api/v1/agents', {
      name,
      system_prompt: 'x',
      model_config: MODEL_CONFIG,
      tool_ids: [tool.id, unknown, 'not-a-uuid'],
    });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      success: false,
      error: {
        code: 'INVALID_TOOL_IDS',
        message: expect.stringContaining(unknown),
        details: { invalid_tool_ids: [unknown, 'not-a-uuid'] },
      },
    });
    expect(response.body.error.message).toContain('not-a-uuid');
    // Nothing of the agent was written.
    expect((await get(`/api/v1/agents?search=${name}`)).body.total).toBe(0);
  });

  test("a tool's name in tool_ids is 400 INVALID_TOOL_IDS saying where its id comes from", async () => {
    const tool = await createTool('named');
    const agent = { name: unique('agent'), system_prompt: 'x', model_config: MODEL_CONFIG };

    const refused = await post('/api/v1/agents', { ...agent, tool_ids: [tool.name] });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: 'INVALID_TOOL_IDS',
      details: { invalid_tool_ids: [tool.name] },
    });
    const message = refused.body.error.message as string;
    expect(message).toContain(tool.name);
    expect(message).toContain('GET /api/v1/tools?search=<name>');

    // Following the hint gives the id the agent takes.
    const found = await get(`/api/v1/tools?search=${tool.name}`);
    const { id } = (found.body as { items: Reference[] }).items[0];
    expect(id).toBe(tool.id);
    expect((await post('/api/v1/agents', { ...agent, tool_ids: [id] })).status).toBe(201);
  });

  test('AC-014: a tool deleted between the check and the insert gets the same 400, via the foreign key', async () => {
    const tool = await createTool();
    expect((await del(`/api/v1/tools/${tool.id}`)).status).toBe(200);
    const db = testApp().app.get<Database>(DATABASE);
    const name = unique('agent');

    // The agent's write as it runs once the check has passed, the tool gone in between.
    const racing = writeNamed(
      'Agent',
      name,
      () =>
        db.transaction(async (tx) => {
          const [agent] = await tx
            .insert(agents)
            .values({ name, system_prompt: 'x', model_config: MODEL_CONFIG })
            .returning();
          await tx.insert(agentTools).values({ agent_id: agent.id, tool_id: tool.id, position: 0 });
        }),
      () => invalidToolIds(db, [tool.id]),
    );

    await expect(racing).rejects.toMatchObject({
      status: 400,
      code: 'INVALID_TOOL_IDS',
      details: { invalid_tool_ids: [tool.id] },
    });
    expect((await get(`/api/v1/agents?search=${name}`)).body.total).toBe(0);
  });

  test('409 AGENT_ALREADY_EXISTS for a second agent with the same name', async () => {
    const { name } = await createAgent();
    const response = await post('/api/v1/agents', {
      name,
      system_prompt: 'another',
      model_config: MODEL_CONFIG,
    });

    expect(response.status).toBe(409);
    expect(response.body.error).toEqual({
      code: 'AGENT_ALREADY_EXISTS',
      message: `Agent with name '${name}' already exists`,
    });
  });

  test('422 for an unsupported model_config.provider, naming the field', async () => {
    const response = await post('/api/v1/agents', {
      name: unique('agent'),
      system_prompt: 'x',
      model_config: { provider: 'acme', model: 'm1' },
    });

    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe('VALIDATION_ERROR');
    expect(response.body.error.details).toEqual([
      {
        field: 'model_config.provider',
        messages: [expect.stringContaining('anthropic, openai, scripted')],
      },
    ]);
  });

  test('422 for out-of-range sampling settings, a repeated tool id and missing fields', async () => {
    const tool = await createTool();
    const response = await post('/api/v1/agents', {
      name: unique('agent'),
      model_config: { ...MODEL_CONFIG, temperature: 2.5, top_p: -0.1, max_tokens: 1.5 },
      tool_ids: [tool.id, tool.id.toUpperCase()],
    });

    expect(response.status).toBe(422);
    const fields = (response.body.error.details as { field: string }[]).map((d) => d.field);
    expect(fields.sort()).toEqual(
      [
        'system_prompt',
        'model_config.temperature',
        'model_config.max_tokens',
        'model_config.top_p',
        'tool_ids',
      ].sort(),
    );
  });

  test('AC-015: shows an agent with its tools and the workflows using it', async () => {
    const tool = await createTool();
    const agent = await createAgent({ description: 'finds signals', tool_ids: [tool.id] });
    const workflow = await createWorkflowRunning(agent.id);

    const response = await get(`/api/v1/agents/${agent.id}`);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      ...agent,
      tools: [
        {
          id: tool.id,
          name: tool.name,
          description: `${tool.name} does one thing`,
          is_active: true,
          requires_approval: false,
        },
      ],
      used_in_workflows: [workflow],
      served_as_tools: [],
    });
  });

  test("an agent created with its own approval rule for a tool keeps it; null keeps the tool's", async () => {
    const [gated, free] = [await createTool('gated'), await createTool('free')];

    const agent = await createAgent({
      tool_ids: [
        { tool_id: gated.id, requires_approval: true },
        { tool_id: free.id, requires_approval: null },
      ],
    });

    expect(agent.tool_ids).toEqual([gated.id, free.id]);
    expect((await detailOf(agent.id)).tools).toEqual([
      expect.objectContaining({ id: gated.id, requires_approval: true }),
      expect.objectContaining({ id: free.id, requires_approval: false }),
    ]);
  });

  test('AC-015: 404 AGENT_NOT_FOUND for an unknown id and for an id that is not a UUID', async () => {
    const unknown = randomUUID();
    for (const id of [unknown, 'uuid-456']) {
      const response = await get(`/api/v1/agents/${id}`);
      expect(response.status).toBe(404);
      expect(response.body.error).toEqual({
        code: 'AGENT_NOT_FOUND',
        message: `Agent with id '${id}' not found`,
      });
    }
  });

  test('lists agents oldest first, searching name and description case-insensitively, in pages', async () => {
    const marker = unique('Zebra');
    const first = await createAgent({ name: `${marker}_one` });
    const second = await createAgent({ description: `talks to ${marker.toLowerCase()}s` });
    await createAgent({ name: unique('unrelated') });
    const third = await createAgent({ name: `${marker.toUpperCase()}_three` });

    const all = await get(`/api/v1/agents?search=${marker.toUpperCase()}`);
    expect(all.status).toBe(200);
    expect(all.body).toEqual({
      items: [first, second, third],
      total: 3,
      limit: 20,
      offset: 0,
    });

    const page = await get(`/api/v1/agents?search=${marker}&limit=1&offset=1`);
    expect(page.body).toEqual({ items: [second], total: 3, limit: 1, offset: 1 });
  });

  test('PUT changes only the given fields and bumps updated_at', async () => {
    const tool = await createTool();
    const agent = await createAgent({ description: 'old', tool_ids: [tool.id] });
    await tick();

    const response = await put(`/api/v1/agents/${agent.id}`, {
      description: 'new',
      model_config: { provider: 'openai', model: 'gpt-4o', temperature: 1 },
    });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      ...agent,
      description: 'new',
      model_config: { provider: 'openai', model: 'gpt-4o', temperature: 1 },
      updated_at: expect.any(String),
    });
    expect(Date.parse(response.body.updated_at)).toBeGreaterThan(Date.parse(agent.updated_at));
    expect(await detailOf(agent.id)).toMatchObject({ description: 'new', tool_ids: [tool.id] });
  });

  test('PUT refuses null fields with 422 and changes nothing', async () => {
    const agent = await createAgent({ description: 'kept' });

    const response = await put(`/api/v1/agents/${agent.id}`, {
      description: null,
      tool_ids: null,
    });

    expect(response.status).toBe(422);
    const fields = (response.body.error.details as { field: string }[]).map((d) => d.field);
    expect(fields.sort()).toEqual(['description', 'tool_ids']);
    expect(await detailOf(agent.id)).toMatchObject({ description: 'kept', tool_ids: [] });
  });

  test('PUT with invalid tool_ids is refused (400) and keeps the agent as it was', async () => {
    const tool = await createTool();
    const agent = await createAgent({ tool_ids: [tool.id] });
    const unknown = randomUUID();

    const response = await put(`/api/v1/agents/${agent.id}`, {
      description: 'must not be saved',
      tool_ids: [unknown],
    });

    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({
      code: 'INVALID_TOOL_IDS',
      details: { invalid_tool_ids: [unknown] },
    });
    expect(await detailOf(agent.id)).toMatchObject({ description: '', tool_ids: [tool.id] });
  });

  test('PUT to a name another agent has is refused with 409', async () => {
    const taken = await createAgent();
    const agent = await createAgent();

    const response = await put(`/api/v1/agents/${agent.id}`, { name: taken.name });

    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe('AGENT_ALREADY_EXISTS');
    expect((await detailOf(agent.id)).name).toBe(agent.name);
  });

  test('AC-016: PUT /agents/{id}/tools replaces the tool list and answers with the detail', async () => {
    const [old, first, second] = [await createTool(), await createTool(), await createTool()];
    const agent = await createAgent({ tool_ids: [old.id] });
    await tick();

    const response = await put(`/api/v1/agents/${agent.id}/tools`, {
      tool_ids: [second.id, first.id],
    });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: agent.id,
      tool_ids: [second.id, first.id],
      tools: [
        expect.objectContaining({ id: second.id, name: second.name }),
        expect.objectContaining({ id: first.id, name: first.name }),
      ],
      used_in_workflows: [],
    });
    expect(Date.parse(response.body.updated_at)).toBeGreaterThan(Date.parse(agent.updated_at));
    expect((await detailOf(agent.id)).tool_ids).toEqual([second.id, first.id]);
    // The tool no longer listed no longer counts the agent as a user.
    expect((await get(`/api/v1/tools/${old.id}`)).body.used_by_agents).toEqual([]);

    const cleared = await put(`/api/v1/agents/${agent.id}/tools`, { tool_ids: [] });
    expect(cleared.body.tools).toEqual([]);
  });

  test('AC-016: PUT /agents/{id}/tools refuses unknown tools (400) and unknown agents (404)', async () => {
    const tool = await createTool();
    const agent = await createAgent({ tool_ids: [tool.id] });

    const invalid = await put(`/api/v1/agents/${agent.id}/tools`, { tool_ids: ['tool-1'] });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.message).toContain('tool-1');
    expect((await detailOf(agent.id)).tool_ids).toEqual([tool.id]);

    const missing = await put(`/api/v1/agents/${randomUUID()}/tools`, { tool_ids: [] });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('AGENT_NOT_FOUND');
  });

  test('AC-017: deletes an agent no workflow uses, releasing its tools', async () => {
    const tool = await createTool();
    const agent = await createAgent({ tool_ids: [tool.id] });

    const response = await del(`/api/v1/agents/${agent.id}`);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ deleted: true, id: agent.id });
    expect((await get(`/api/v1/agents/${agent.id}`)).status).toBe(404);
    expect((await get(`/api/v1/tools/${tool.id}`)).body.used_by_agents).toEqual([]);
    expect((await del(`/api/v1/tools/${tool.id}`)).status).toBe(200);
  });

  test('AC-018: refuses to delete an agent a workflow uses (409), listing the workflows', async () => {
    const agent = await createAgent();
    const workflow = await createWorkflowRunning(agent.id);

    const response = await del(`/api/v1/agents/${agent.id}`);

    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      success: false,
      error: {
        code: 'AGENT_IN_USE',
        message: `Agent '${agent.name}' is in use by workflow '${workflow.name}'`,
        details: { used_in_workflows: [workflow], served_as_tools: [] },
      },
    });
    expect((await get(`/api/v1/agents/${agent.id}`)).status).toBe(200);
  });

  test('an agent shows the tools that serve it, by name, and cannot be deleted until none does', async () => {
    const [agent, other] = [await createAgent(), await createAgent()];
    const workflow = await createWorkflowRunning(agent.id);
    // Named so that creation order is not name order; one spells the id in upper case.
    const second = await storeTool('z_serves', { type: 'agent', agent_id: agent.id });
    const first = await storeTool('a_serves', { type: 'agent', agent_id: agent.id.toUpperCase() });
    // Not serving it: another agent, another kind with the same id, a workflow of that id.
    const servesOther = await storeTool('serves_other', { type: 'agent', agent_id: other.id });
    await storeTool('http_tool', { type: 'http', url: 'https://example.com', agent_id: agent.id });
    await storeTool('workflow_tool', { type: 'workflow', workflow_id: agent.id });

    const detail = await detailOf(agent.id);
    expect(detail.served_as_tools).toEqual([first.reference, second.reference]);
    expect(detail.used_in_workflows).toEqual([workflow]);
    expect((await detailOf(other.id)).served_as_tools).toEqual([servesOther.reference]);

    const refused = await del(`/api/v1/agents/${agent.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      success: false,
      error: {
        code: 'AGENT_IN_USE',
        message:
          `Agent '${agent.name}' is in use by workflow '${workflow.name}', ` +
          `tool '${first.reference.name}', tool '${second.reference.name}'`,
        details: {
          used_in_workflows: [workflow],
          served_as_tools: [first.reference, second.reference],
        },
      },
    });

    expect((await del(`/api/v1/workflows/${workflow.id}`)).status).toBe(200);
    await first.remove();
    const stillServed = await del(`/api/v1/agents/${agent.id}`);
    expect(stillServed.status).toBe(409);
    expect(stillServed.body.error).toEqual({
      code: 'AGENT_IN_USE',
      message: `Agent '${agent.name}' is in use by tool '${second.reference.name}'`,
      details: { used_in_workflows: [], served_as_tools: [second.reference] },
    });
    expect((await detailOf(agent.id)).served_as_tools).toEqual([second.reference]);

    await second.remove();
    const deleted = await del(`/api/v1/agents/${agent.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ deleted: true, id: agent.id });
    expect((await get(`/api/v1/agents/${agent.id}`)).status).toBe(404);
  });

  test('AC-006/AC-010: a tool shows the agents using it and cannot be deleted while they do', async () => {
    const tool = await createTool();
    const agent = await createAgent({ tool_ids: [tool.id] });

    const detail = await get(`/api/v1/tools/${tool.id}`);
    expect(detail.body.used_by_agents).toEqual([{ id: agent.id, name: agent.name }]);

    const response = await del(`/api/v1/tools/${tool.id}`);
    expect(response.status).toBe(409);
    expect(response.body.error).toMatchObject({
      code: 'TOOL_IN_USE',
      details: { used_by_agents: [{ id: agent.id, name: agent.name }], used_in_workflows: [] },
    });
    expect((await get(`/api/v1/tools/${tool.id}`)).status).toBe(200);
  });

  test('AC-020: 401 without an API key', async () => {
    const agent = await createAgent();
    const listed = await testApp().http.get('/api/v1/agents');
    const created = await testApp()
      .http.post('/api/v1/agents')
      .send({ name: unique('agent'), system_prompt: 'x', model_config: MODEL_CONFIG });
    const deleted = await testApp().http.delete(`/api/v1/agents/${agent.id}`);

    for (const response of [listed, created, deleted]) {
      expect(response.status).toBe(401);
      expect(response.body.success).toBe(false);
    }
    expect((await get(`/api/v1/agents/${agent.id}`)).status).toBe(200);
  });
});
