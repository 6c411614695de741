/**
 * The registry's workflows: ordered steps that each run a registered agent or tool, over real HTTP
 * and a real database — and how they keep their agents and tools alive.
 */
import { randomUUID } from 'node:crypto';
import { WorkflowsRepository } from '../src/registry/workflows/workflows.repository';
import { registryClient, tick } from './support/registry-client';
import { storeTool } from './support/stored-tool';
import { describeOnAdapter } from './support/test-app';

interface Reference {
  id: string;
  name: string;
}

interface Step {
  type: 'agent' | 'tool';
  id: string;
  name?: string;
  key?: string;
  input?: unknown;
}

interface Workflow {
  id: string;
  name: string;
  description: string;
  steps: (Step & { name: string })[];
  input_schema: Record<string, unknown>;
  created_at: string;
  updated_at: string;
}

describeOnAdapter('Registry workflows (seed 003)', (testApp) => {
  const { unique, get, del, post, put } = registryClient(testApp);

  async function created(path: string, body: Record<string, unknown>): Promise<Reference> {
    const response = await post(path, body);
    expect(response.status).toBe(201);
    return { id: (response.body as Reference).id, name: body.name as string };
  }

  const createTool = () =>
    created('/api/v1/tools', { name: unique('tool'), parameters: { type: 'object' } });
  const createAgent = () =>
    created('/api/v1/agents', {
      name: unique('agent'),
      system_prompt: 'You screen stocks.',
      model_config: { provider: 'openai', model: 'llama3' },
    });

  async function createWorkflow(steps: Step[], fields: object = {}): Promise<Workflow> {
    const response = await post('/api/v1/workflows', {
      name: unique('workflow'),
      steps,
      ...fields,
    });
    expect(response.status).toBe(201);
    return response.body as Workflow;
  }

  const step = (type: Step['type'], target: Reference): Step => ({ type, id: target.id });
  /** What GET answers for a workflow no tool serves. */
  const detailOf = (workflow: Workflow) => ({ ...workflow, served_as_tools: [] });
  const view = (type: Step['type'], target: Reference) => ({ type, ...target });
  const fieldsOf = (body: { error: { details: { field: string }[] } }) =>
    body.error.details.map((detail) => detail.field).sort();

  test('creates a workflow (201) whose steps, in order, name what they run', async () => {
    const [screener, analyzer] = [await createTool(), await createAgent()];
    const name = unique('daily_screening');

    const response = await post('/api/v1/workflows', {
      name,
      description: 'screen, then analyse',
      steps: [step('tool', screener), step('agent', analyzer), step('tool', screener)],
    });

    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name,
      description: 'screen, then analyse',
      steps: [view('tool', screener), view('agent', analyzer), view('tool', screener)],
      input_schema: { type: 'object' },
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect((await get(`/api/v1/workflows/${response.body.id}`)).body).toEqual(
      detailOf(response.body as Workflow),
    );
  });

  test('404 WORKFLOW_NOT_FOUND for an unknown id and for an id that is not a UUID', async () => {
    for (const id of [randomUUID(), 'workflow-1']) {
      const response = await get(`/api/v1/workflows/${id}`);
      expect(response.status).toBe(404);
      expect(response.body.error).toEqual({
        code: 'WORKFLOW_NOT_FOUND',
        message: `Workflow with id '${id}' not found`,
      });
    }
  });

  test('400 INVALID_STEP_REFERENCES lists every step id that names nothing of its type', async () => {
    const [tool, agent] = [await createTool(), await createAgent()];
    const unknown = randomUUID();
    const name = unique('workflow');

    const response = await post('/api/v1/workflows', {
      name,
      steps: [
        step('tool', tool),
        { type: 'agent', id: tool.id }, // a tool is not an agent
        { type: 'tool', id: unknown },
        step('agent', agent),
        { type: 'agent', id: 'not-a-uuid' },
      ],
    });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      success: false,
      error: {
        code: 'INVALID_STEP_REFERENCES',
        message: expect.any(String),
        details: { invalid_step_ids: [tool.id, unknown, 'not-a-uuid'] },
      },
    });
    for (const id of [tool.id, unknown, 'not-a-uuid']) {
      expect(response.body.error.message).toContain(id);
    }
    expect((await get(`/api/v1/workflows?search=${name}`)).body.total).toBe(0);
  });

  test('409 WORKFLOW_ALREADY_EXISTS for a second workflow with the same name', async () => {
    const tool = await createTool();
    const { name } = await createWorkflow([step('tool', tool)]);

    const response = await post('/api/v1/workflows', { name, steps: [step('tool', tool)] });

    expect(response.status).toBe(409);
    expect(response.body.error).toEqual({
      code: 'WORKFLOW_ALREADY_EXISTS',
      message: `Workflow with name '${name}' already exists`,
    });
  });

  test('422 for no steps, an unknown step type and a missing name, naming each field', async () => {
    const empty = await post('/api/v1/workflows', { name: unique('workflow'), steps: [] });
    expect(empty.status).toBe(422);
    expect(fieldsOf(empty.body)).toEqual(['steps']);

    const badType = await post('/api/v1/workflows', {
      steps: [{ type: 'robot', id: randomUUID() }],
    });
    expect(badType.status).toBe(422);
    expect(fieldsOf(badType.body)).toEqual(['name', 'steps.0.type']);
  });

  test('PUT changes the given fields only; given steps replace all of them', async () => {
    const [tool, agent] = [await createTool(), await createAgent()];
    const workflow = await createWorkflow([step('tool', tool)], { description: 'old' });
    await tick();

    const renamed = await put(`/api/v1/workflows/${workflow.id}`, { name: unique('renamed') });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ description: 'old', steps: workflow.steps });
    expect(Date.parse(renamed.body.updated_at)).toBeGreaterThan(Date.parse(workflow.updated_at));

    const restepped = await put(`/api/v1/workflows/${workflow.id}`, {
      steps: [step('agent', agent), step('tool', tool)],
    });
    expect(restepped.status).toBe(200);
    expect((await get(`/api/v1/workflows/${workflow.id}`)).body).toMatchObject({
      name: renamed.body.name,
      description: 'old',
      steps: [view('agent', agent), view('tool', tool)],
    });
  });

  test('PUT refuses null fields (422) and invalid steps (400), changing nothing', async () => {
    const tool = await createTool();
    const workflow = await createWorkflow([step('tool', tool)]);

    const nulls = await put(`/api/v1/workflows/${workflow.id}`, { name: null, steps: null });
    expect(nulls.status).toBe(422);
    expect(fieldsOf(nulls.body)).toEqual(['name', 'steps']);

    const unknown = randomUUID();
    const invalid = await put(`/api/v1/workflows/${workflow.id}`, {
      description: 'must not be saved',
      steps: [{ type: 'agent', id: unknown }],
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.details).toEqual({ invalid_step_ids: [unknown] });

    expect((await get(`/api/v1/workflows/${workflow.id}`)).body).toEqual(detailOf(workflow));
  });

  test('steps keep their key and input template, shown by create, GET, list and PUT; omitted when not set', async () => {
    const [tool, agent] = [await createTool(), await createAgent()];
    const fetch = { ...step('tool', tool), key: 'fetch', input: { market: '{{ input.market }}' } };
    const analyse = {
      ...step('agent', agent),
      input: 'Find buy signals in {{ steps.fetch.output }}',
    };
    const workflow = await createWorkflow([fetch, analyse, step('tool', tool)]);

    const shown = [
      { ...fetch, name: tool.name },
      { ...analyse, name: agent.name },
      view('tool', tool),
    ];
    expect(workflow.steps).toEqual(shown);
    expect((await get(`/api/v1/workflows/${workflow.id}`)).body).toEqual(detailOf(workflow));
    const listed = await get(`/api/v1/workflows?search=${workflow.name}`);
    expect(listed.body.items).toEqual([workflow]);

    const renamed = await put(`/api/v1/workflows/${workflow.id}`, { name: unique('renamed') });
    expect(renamed.body.steps).toEqual(shown);

    const rekeyed = { ...step('tool', tool), key: 'prices', input: ['{{ previous.output }}', 7] };
    const restepped = await put(`/api/v1/workflows/${workflow.id}`, {
      steps: [rekeyed, { ...step('agent', agent), input: '{{ steps.prices.output.0 }}' }],
    });
    expect(restepped.status).toBe(200);
    expect((await get(`/api/v1/workflows/${workflow.id}`)).body.steps).toEqual([
      { ...rekeyed, name: tool.name },
      { ...step('agent', agent), input: '{{ steps.prices.output.0 }}', name: agent.name },
    ]);
  });

  test('the engine reads a workflow to run: its steps in order with names, keys and templates', async () => {
    const [tool, agent] = [await createTool(), await createAgent()];
    const fetch = { ...step('tool', tool), key: 'fetch', input: { n: '{{ input.n }}' } };
    const workflow = await createWorkflow([fetch, step('agent', agent)], {
      input_schema: { type: 'object', properties: { n: { type: 'number' } } },
    });
    const workflows = testApp().app.get(WorkflowsRepository);

    expect(await workflows.definitionOf(workflow.id)).toEqual({
      id: workflow.id,
      name: workflow.name,
      input_schema: workflow.input_schema,
      steps: [
        { ...fetch, name: tool.name },
        { ...step('agent', agent), name: agent.name },
      ],
    });
    expect(await workflows.definitionOf(randomUUID())).toBeUndefined();
    expect(await workflows.definitionOf('not-a-uuid')).toBeUndefined();
  });

  test('an input template is stored exactly as sent, whatever JSON it is', async () => {
    const tool = await createTool();
    const templates: unknown[] = [
      { 종목: '{{ input.종목 }} 🚀', list: [1, 2.5, null, true, { deep: [['{{ input }}']] }] },
      { constructor: 'c', toString: '{{ input.a }}', hasOwnProperty: { valueOf: 1 } },
      JSON.parse('{"__proto__": {"prototype": "{{ input.a }}"}}'),
      'text only',
      42,
      false,
      [],
      {},
      'x'.repeat(100_000),
    ];
    const workflow = await createWorkflow(
      templates.map((input) => ({ ...step('tool', tool), input })),
    );
    const stored = (await get(`/api/v1/workflows/${workflow.id}`)).body as Workflow;
    expect(stored.steps.map((s) => s.input)).toEqual(templates);
  });

  test.each([
    ['upper case', 'Fetch'],
    ['a digit first', '1st'],
    ['empty', ''],
    ['65 characters', `a${'b'.repeat(64)}`],
    ['a dash', 'fetch-prices'],
    ['not ASCII', 'étape'],
    ['a number', 42],
    ['null', null],
  ])('422 VALIDATION_ERROR for a step key that is %s, naming the key', async (_kind, key) => {
    const tool = await createTool();
    const name = unique('workflow');
    const response = await post('/api/v1/workflows', {
      name,
      steps: [step('tool', tool), { ...step('tool', tool), key }],
    });
    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe('VALIDATION_ERROR');
    expect(fieldsOf(response.body)).toEqual(['steps.1.key']);
    expect((await get(`/api/v1/workflows?search=${name}`)).body.total).toBe(0);
  });

  test('422 VALIDATION_ERROR for a null input template: it is left out instead', async () => {
    const tool = await createTool();
    const response = await post('/api/v1/workflows', {
      name: unique('workflow'),
      steps: [{ ...step('tool', tool), input: null }],
    });
    expect(response.status).toBe(422);
    expect(response.body.error.details).toEqual([
      { field: 'steps.0.input', messages: [expect.stringContaining('must not be null')] },
    ]);
  });

  test('422 VALIDATION_ERROR for two steps with the same key, on create and on update, saving nothing', async () => {
    const tool = await createTool();
    const steps = [
      { ...step('tool', tool), key: 'fetch' },
      { ...step('tool', tool), key: 'rank' },
      { ...step('tool', tool), key: 'fetch' },
      step('tool', tool),
      step('tool', tool),
    ];
    const expected = {
      success: false,
      error: {
        code: 'VALIDATION_ERROR',
        message: 'Request validation failed: steps',
        details: [
          {
            field: 'steps',
            messages: ["steps must have unique keys: 'fetch' is the key of steps 0, 2"],
          },
        ],
      },
    };
    const name = unique('workflow');
    const created = await post('/api/v1/workflows', { name, steps });
    expect(created.status).toBe(422);
    expect(created.body).toEqual(expected);
    expect((await get(`/api/v1/workflows?search=${name}`)).body.total).toBe(0);

    const workflow = await createWorkflow([step('tool', tool)]);
    const updated = await put(`/api/v1/workflows/${workflow.id}`, {
      description: 'not saved',
      steps,
    });
    expect(updated.status).toBe(422);
    expect(updated.body).toEqual(expected);
    expect((await get(`/api/v1/workflows/${workflow.id}`)).body).toEqual(detailOf(workflow));
  });

  test.each([
    [
      'a later step',
      { q: '{{ steps.2.output }}' },
      "steps.1.input.q: '{{ steps.2.output }}' reads step 2, which runs after this step",
    ],
    [
      'a later step by key',
      '{{ steps.report.output.text }}',
      "steps.1.input: '{{ steps.report.output.text }}' reads step 'report' (step 2), which runs after this step",
    ],
    [
      'the step itself',
      ['{{ steps.rank.output }}'],
      "steps.1.input.0: '{{ steps.rank.output }}' reads step 'rank' (step 1), which is this step itself",
    ],
    [
      'an unknown key',
      'see {{ steps.nope.output }}',
      "steps.1.input: '{{ steps.nope.output }}' reads step 'nope', but no step has that key",
    ],
    [
      'a step past the end',
      '{{ steps.9.output }}',
      "steps.1.input: '{{ steps.9.output }}' reads step 9, but the workflow has 3 steps (0 to 2)",
    ],
    [
      'an unknown root',
      { a: { b: '{{ output.x }}' } },
      "steps.1.input.a.b: '{{ output.x }}' starts with 'output'; a path starts with input, previous.output or steps.<index|key>.output",
    ],
    [
      'unclosed braces',
      'Hello {{ input.name',
      "steps.1.input: '{{' at character 6 is never closed by '}}'",
    ],
    [
      'an empty path',
      '{{ }}',
      "steps.1.input: '{{ }}' names no path; write one of input, previous.output or steps.<index|key>.output",
    ],
  ])(
    '422 INVALID_STEP_REFERENCES for a template reading %s, naming the step and path',
    async (_kind, input, problem) => {
      const [tool, agent] = [await createTool(), await createAgent()];
      const steps = [
        { ...step('tool', tool), key: 'fetch', input: '{{ previous.output }}' },
        { ...step('agent', agent), key: 'rank', input },
        { ...step('tool', tool), key: 'report', input: '{{ steps.rank.output }}' },
      ];
      const expected = {
        success: false,
        error: {
          code: 'INVALID_STEP_REFERENCES',
          message: `Invalid step templates: ${problem}`,
          details: { invalid_step_templates: [problem] },
        },
      };
      const name = unique('workflow');
      const created = await post('/api/v1/workflows', { name, steps });
      expect(created.status).toBe(422);
      expect(created.body).toEqual(expected);
      expect((await get(`/api/v1/workflows?search=${name}`)).body.total).toBe(0);

      const workflow = await createWorkflow([step('tool', tool)]);
      const updated = await put(`/api/v1/workflows/${workflow.id}`, {
        description: 'not saved',
        steps,
      });
      expect(updated.status).toBe(422);
      expect(updated.body).toEqual(expected);
      expect((await get(`/api/v1/workflows/${workflow.id}`)).body).toEqual(detailOf(workflow));
    },
  );

  test('every bad template of every step is listed in one refusal', async () => {
    const tool = await createTool();
    const response = await post('/api/v1/workflows', {
      name: unique('workflow'),
      steps: [
        { ...step('tool', tool), input: { a: '{{ steps.1.output }}', b: '{{ steps.0.output }}' } },
        { ...step('tool', tool), input: '{{ input..x }}' },
      ],
    });
    expect(response.status).toBe(422);
    expect(response.body.error.details.invalid_step_templates).toEqual([
      "steps.0.input.a: '{{ steps.1.output }}' reads step 1, which runs after this step",
      "steps.0.input.b: '{{ steps.0.output }}' reads step 0, which is this step itself",
      "steps.1.input: '{{ input..x }}' is not a path: names joined by single dots, without spaces or braces",
    ]);
  });

  const MARKET_INPUT = {
    type: 'object',
    properties: { market: { type: 'string', pattern: '^[A-Z]+$' } },
    required: ['market'],
  };

  test('input_schema is stored as given, shown everywhere, kept and replaced by PUT', async () => {
    const tool = await createTool();
    const workflow = await createWorkflow([step('tool', tool)], { input_schema: MARKET_INPUT });

    expect(workflow.input_schema).toEqual(MARKET_INPUT);
    expect((await get(`/api/v1/workflows/${workflow.id}`)).body.input_schema).toEqual(MARKET_INPUT);
    const listed = await get(`/api/v1/workflows?search=${workflow.name}`);
    expect(listed.body.items[0].input_schema).toEqual(MARKET_INPUT);

    const described = await put(`/api/v1/workflows/${workflow.id}`, { description: 'new' });
    expect(described.body.input_schema).toEqual(MARKET_INPUT);

    const draft07 = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { day: { type: 'string', minLength: 10 } },
    };
    const replaced = await put(`/api/v1/workflows/${workflow.id}`, { input_schema: draft07 });
    expect(replaced.status).toBe(200);
    expect(replaced.body.input_schema).toEqual(draft07);
    expect((await get(`/api/v1/workflows/${workflow.id}`)).body.input_schema).toEqual(draft07);
  });

  test.each([
    ['a string', 'object', 'input_schema must be an object'],
    ['an array', [{ type: 'object' }], 'input_schema must be an object'],
    ['null', null, 'input_schema must be an object'],
    ['a schema of type string', { type: 'string' }, 'input_schema must be a JSON Schema of type'],
    [
      'an invalid JSON Schema',
      { type: 'object', properties: { market: { type: 'strnig' } } },
      'input_schema is not a valid JSON Schema',
    ],
  ])(
    'input_schema that is %s is 422 naming input_schema, on create and on update',
    async (_kind, inputSchema, message) => {
      const tool = await createTool();
      const name = unique('workflow');
      const created = await post('/api/v1/workflows', {
        name,
        steps: [step('tool', tool)],
        input_schema: inputSchema,
      });
      expect(created.status).toBe(422);
      expect(created.body).toEqual({
        success: false,
        error: {
          code: 'VALIDATION_ERROR',
          message: 'Request validation failed: input_schema',
          details: [{ field: 'input_schema', messages: [expect.stringContaining(message)] }],
        },
      });
      expect((await get(`/api/v1/workflows?search=${name}`)).body.total).toBe(0);

      const workflow = await createWorkflow([step('tool', tool)], { input_schema: MARKET_INPUT });
      const updated = await put(`/api/v1/workflows/${workflow.id}`, {
        description: 'must not be saved',
        input_schema: inputSchema,
      });
      expect(updated.status).toBe(422);
      expect(updated.body.error.details).toEqual(created.body.error.details);
      expect((await get(`/api/v1/workflows/${workflow.id}`)).body).toEqual(detailOf(workflow));
    },
  );

  test('an input_schema a tool could not take is refused as its parameters would be, naming input_schema', async () => {
    const tool = await createTool();
    const response = await post('/api/v1/workflows', {
      name: unique('workflow'),
      steps: [step('tool', tool)],
      input_schema: { type: 'object', properties: { q: { type: 'string', pattern: '^(a)\\1$' } } },
    });

    expect(response.status).toBe(422);
    expect(response.body.error).toMatchObject({
      code: 'TOOL_SCHEMA_PATTERN_UNSUPPORTED',
      message: expect.stringMatching(/^input_schema\/properties\/q\/pattern has pattern /),
      details: { path: '/properties/q/pattern', pattern: '^(a)\\1$' },
    });
  });

  test('lists workflows oldest first, searching name and description, in pages', async () => {
    const tool = await createTool();
    const marker = unique('Heron');
    const first = await createWorkflow([step('tool', tool)], { name: `${marker}_a` });
    await createWorkflow([step('tool', tool)]);
    const second = await createWorkflow([step('tool', tool)], {
      description: `for ${marker.toLowerCase()} watchers`,
    });

    const all = await get(`/api/v1/workflows?search=${marker.toUpperCase()}`);
    expect(all.status).toBe(200);
    expect(all.body).toEqual({ items: [first, second], total: 2, limit: 20, offset: 0 });

    const page = await get(`/api/v1/workflows?search=${marker}&limit=1&offset=1`);
    expect(page.body).toEqual({ items: [second], total: 2, limit: 1, offset: 1 });
  });

  test('AC-006/AC-010/AC-018: what a workflow runs shows it and cannot be deleted', async () => {
    const [tool, agent] = [await createTool(), await createAgent()];
    const workflow = await createWorkflow([step('agent', agent), step('tool', tool)]);
    const user = { id: workflow.id, name: workflow.name };

    expect((await get(`/api/v1/tools/${tool.id}`)).body).toMatchObject({
      used_by_agents: [],
      used_in_workflows: [user],
    });
    expect((await get(`/api/v1/agents/${agent.id}`)).body.used_in_workflows).toEqual([user]);

    const toolDelete = await del(`/api/v1/tools/${tool.id}`);
    expect(toolDelete.status).toBe(409);
    expect(toolDelete.body.error).toMatchObject({
      code: 'TOOL_IN_USE',
      details: { used_by_agents: [], used_in_workflows: [user] },
    });

    const agentDelete = await del(`/api/v1/agents/${agent.id}`);
    expect(agentDelete.status).toBe(409);
    expect(agentDelete.body.error).toMatchObject({
      code: 'AGENT_IN_USE',
      details: { used_in_workflows: [user] },
    });
  });

  test('a workflow shows the tools that serve it, by name, and cannot be deleted until none does', async () => {
    const tool = await createTool();
    const [workflow, other] = [
      await createWorkflow([step('tool', tool)]),
      await createWorkflow([step('tool', tool)]),
    ];
    const app = testApp().app;
    // Past the API, which would check each implementation through its kind.
    const second = await storeTool(app, unique('z_serves'), {
      type: 'workflow',
      workflow_id: workflow.id,
    });
    const first = await storeTool(app, unique('a_serves'), {
      type: 'workflow',
      workflow_id: workflow.id.toUpperCase(),
    });
    // Not serving it: another workflow, an agent of that id.
    await storeTool(app, unique('serves_other'), { type: 'workflow', workflow_id: other.id });
    await storeTool(app, unique('agent_tool'), { type: 'agent', agent_id: workflow.id });

    const detail = await get(`/api/v1/workflows/${workflow.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toEqual({
      ...workflow,
      served_as_tools: [first.reference, second.reference],
    });
    // The list shows workflows without what serves them.
    const listed = await get(`/api/v1/workflows?search=${workflow.name}`);
    expect(listed.body.items).toEqual([workflow]);

    const refused = await del(`/api/v1/workflows/${workflow.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      success: false,
      error: {
        code: 'WORKFLOW_IN_USE',
        message: `Workflow '${workflow.name}' is in use by tool '${first.reference.name}', tool '${second.reference.name}'`,
        details: { served_as_tools: [first.reference, second.reference] },
      },
    });

    await first.remove();
    await second.remove();
    expect((await get(`/api/v1/workflows/${workflow.id}`)).body.served_as_tools).toEqual([]);
    const deleted = await del(`/api/v1/workflows/${workflow.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ deleted: true, id: workflow.id });
    expect((await get(`/api/v1/workflows/${workflow.id}`)).status).toBe(404);
  });

  test('deletes a workflow with its steps, releasing its agents and tools', async () => {
    const [tool, agent] = [await createTool(), await createAgent()];
    const workflow = await createWorkflow([step('agent', agent), step('tool', tool)]);

    const response = await del(`/api/v1/workflows/${workflow.id}`);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ deleted: true, id: workflow.id });
    expect((await get(`/api/v1/workflows/${workflow.id}`)).status).toBe(404);
    expect((await get(`/api/v1/tools/${tool.id}`)).body.used_in_workflows).toEqual([]);
    expect((await del(`/api/v1/agents/${agent.id}`)).status).toBe(200);
    expect((await del(`/api/v1/tools/${tool.id}`)).status).toBe(200);
    expect((await del(`/api/v1/workflows/${workflow.id}`)).status).toBe(404);
  });

  test('AC-020: 401 without an API key', async () => {
    const tool = await createTool();
    const workflow = await createWorkflow([step('tool', tool)]);

    const responses = [
      await testApp().http.get('/api/v1/workflows'),
      await testApp().http.get(`/api/v1/workflows/${workflow.id}`),
      await testApp().http.delete(`/api/v1/workflows/${workflow.id}`),
    ];

    for (const response of responses) {
      expect(response.status).toBe(401);
      expect(response.body.success).toBe(false);
    }
    expect((await get(`/api/v1/workflows/${workflow.id}`)).status).toBe(200);
  });
});
