/**
 * Agents served as tools: registered like any tool, called over REST, test-runs and by other
 * agents' runs, with the child run's answer, lineage, depth limit and failures.
 */
import { type RuntimeUser, runtimeUser } from './support/runtime-client';
import { describeOnAdapter } from './support/test-app';

let toolCounter = 0;

/** A scripted agent whose runs answer with `text`, after calling the given tools. */
function answering(text: string, calls: { name: string; args: Record<string, unknown> }[] = []) {
  const script =
    calls.length > 0
      ? [
          {
            text: 'Let me ask.',
            tool_calls: calls.map((call, i) => ({ id: `toolu_${i}`, ...call })),
          },
          { text },
        ]
      : [{ text }];
  return { provider: 'scripted', model: 'scripted', script };
}

describeOnAdapter('Agents as tools', (testApp) => {
  let alice: RuntimeUser;
  let bob: RuntimeUser;

  beforeAll(async () => {
    alice = await runtimeUser(testApp(), 'alice');
    bob = await runtimeUser(testApp(), 'bob');
  });

  async function agentTool(
    user: RuntimeUser,
    modelConfig: Record<string, unknown>,
    toolIds: string[] = [],
    extra: object = {},
  ) {
    const { agentId } = await user.session(modelConfig, toolIds);
    const name = `ask_agent_${++toolCounter}`;
    const created = await user.post('/api/v1/tools', {
      name,
      description: 'Asks an agent',
      implementation: { type: 'agent', agent_id: agentId },
      ...extra,
    });
    expect(created.status).toBe(201);
    return { agentId, name, id: created.body.id as string, body: created.body };
  }

  test('registered without parameters: the kind supplies them, no approval by default', async () => {
    const { agentId, body } = await agentTool(alice, answering('Hi'));
    expect(body).toMatchObject({
      implementation: { type: 'agent', agent_id: agentId },
      requires_approval: false,
      public: false,
      parameters: { type: 'object', required: ['message'] },
    });
  });

  test('a REST call runs the agent for the caller and answers with its final text', async () => {
    const { name } = await agentTool(alice, answering('The answer is 42.'));
    const called = await alice.post(`/api/tools/${name}`, { message: 'What is the answer?' });
    expect(called.status).toBe(200);
    expect(called.body.result).toMatchObject({
      response: 'The answer is 42.',
      stop_reason: 'end_turn',
      artifacts: [],
    });
    const runId = called.body.result.run_id as string;
    const run = await alice.get(`/api/v1/runs/${runId}`);
    expect(run.body).toMatchObject({ status: 'completed', parent_run_id: null, child_run_ids: [] });
    expect((await bob.get(`/api/v1/runs/${runId}`)).status).toBe(404);
  });

  test('an agent delegating to an agent: the child has the parent, the parent its child', async () => {
    const child = await agentTool(alice, answering('Child says hi.'));
    const parent = await agentTool(
      alice,
      answering('Parent done.', [{ name: child.name, args: { message: 'Say hi' } }]),
      [child.id],
    );
    const called = await alice.post(`/api/tools/${parent.name}`, { message: 'Go' });
    expect(called.status).toBe(200);
    const parentRunId = called.body.result.run_id as string;
    const run = await alice.get(`/api/v1/runs/${parentRunId}`);
    expect(run.body.child_run_ids).toHaveLength(1);
    const childRun = await alice.get(`/api/v1/runs/${run.body.child_run_ids[0]}`);
    expect(childRun.body).toMatchObject({ parent_run_id: parentRunId, status: 'completed' });
    const events = await alice.get(`/api/v1/sessions/${called.body.result.session_id}/events`);
    const result = (events.body.items ?? events.body.events ?? events.body).find(
      (e: { type: string }) => e.type === 'tool_result',
    );
    expect(result).toMatchObject({ success: true, result: { response: 'Child says hi.' } });
  });

  test('a self-calling agent stops at the depth limit', async () => {
    const { agentId } = await alice.session(answering('placeholder'));
    const name = `self_${++toolCounter}`;
    const tool = await alice.post('/api/v1/tools', {
      name,
      implementation: { type: 'agent', agent_id: agentId },
    });
    expect(tool.status).toBe(201);
    await alice.put(`/api/v1/agents/${agentId}`, {
      model_config: answering('Done at my level.', [{ name, args: { message: 'deeper' } }]),
      tool_ids: [tool.body.id],
    });
    const called = await alice.post(`/api/tools/${name}`, { message: 'start' });
    expect(called.status).toBe(200);
    let runId: string | undefined = called.body.result.run_id;
    let runs = 0;
    while (runId) {
      runs++;
      const run = await alice.get(`/api/v1/runs/${runId}`);
      runId = run.body.child_run_ids[0];
    }
    expect(runs).toBe(4);
  });
});
