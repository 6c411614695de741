/**
 * The usage report over real HTTP: scripted agent runs whose turns report usage, and tool calls,
 * summed per user, agent, model, key and tool, equal to what the runs themselves report; cost at
 * `MODEL_PRICES`; a member sees their own use only; bad queries are 422 envelopes.
 */
import { bearerFor } from './support/api-key';
import { type RuntimeUser, listeningUrl, runtimeUserOver } from './support/runtime-client';
import { SELECTED_ADAPTER, type TestApp, startTestApp } from './support/test-app';

interface Item {
  group: string | null;
  period_start: string;
  runs: number;
  tool_calls: number;
  input_tokens: number;
  output_tokens: number;
  cost?: number;
}

const PRICES = { 'priced-model': { input: 3, output: 15 } };
const DIAGRAM = '@startuml\nBob -> Alice : hi\n@enduml';
const usage = (input_tokens: number, output_tokens: number) => ({ input_tokens, output_tokens });

describe(`usage report [${SELECTED_ADAPTER}]`, () => {
  let testApp: TestApp | undefined;
  let root: RuntimeUser;
  let alice: RuntimeUser;
  let bob: RuntimeUser;
  let rootKeyId: string;
  let pricedAgent: string;
  let unpricedAgent: string;
  /** Each test-run's usage as the run itself reports it, by who started it. */
  const runUsage: { user: string; agent: string; input: number; output: number }[] = [];

  beforeAll(async () => {
    testApp = await startTestApp(SELECTED_ADAPTER, {
      env: { MODEL_PRICES: JSON.stringify(PRICES) },
    });
    const base = await listeningUrl(testApp);
    const as = async (user: string, role: 'admin' | 'member') =>
      runtimeUserOver(
        testApp!.http,
        base,
        await bearerFor(testApp!.app, `${user}-key`, user, role),
        user,
      );
    root = await as('root', 'admin');
    alice = await as('alice', 'member');
    bob = await as('bob', 'member');
    rootKeyId = ((await root.get('/api/v1/me')).body as { key_id: string }).key_id;
    const tools = await root.get('/api/v1/tools?search=encodePlantUML');
    const encodeToolId = (tools.body as { items: { id: string }[] }).items[0].id;

    pricedAgent = (
      await root.session(
        {
          provider: 'scripted',
          model: 'priced-model',
          script: [
            {
              tool_calls: [
                { id: 'toolu_1', name: 'encodePlantUML', args: { plantumlCode: DIAGRAM } },
              ],
              usage: usage(100, 10),
            },
            { text: 'Drawn.', usage: usage(150, 5) },
          ],
        },
        [encodeToolId],
      )
    ).agentId;
    unpricedAgent = (
      await root.session({
        provider: 'scripted',
        model: 'unpriced-model',
        script: [{ text: 'Hello.', usage: usage(7, 3) }],
      })
    ).agentId;

    for (const [user, agent] of [
      [alice, pricedAgent],
      [bob, unpricedAgent],
      [root, pricedAgent],
    ] as const) {
      const tested = await user.post(`/api/v1/agents/${agent}/test`, { test_prompt: 'go' });
      expect(tested.body).toMatchObject({ success: true });
      const run = await user.get(`/api/v1/runs/${tested.body.run_id as string}`);
      const { input_tokens, output_tokens } = (run.body as { usage: Record<string, number> }).usage;
      runUsage.push({
        user: user === root ? 'root' : user === alice ? 'alice' : 'bob',
        agent,
        input: input_tokens,
        output: output_tokens,
      });
    }
    expect((await root.post('/api/tools/encodePlantUML', { plantumlCode: DIAGRAM })).status).toBe(
      200,
    );
  });

  afterAll(async () => {
    await testApp?.close();
  });

  async function report(user: RuntimeUser, query: string): Promise<Item[]> {
    const response = await user.get(`/api/v1/usage?${query}`);
    expect(response.status).toBe(200);
    return (response.body as { items: Item[] }).items;
  }

  const sum = (items: Item[], field: 'runs' | 'tool_calls' | 'input_tokens' | 'output_tokens') =>
    items.reduce((total, item) => total + item[field], 0);

  test('per user and day, the sums equal the usage the runs report, and tool calls the calls made', async () => {
    const items = await report(root, 'group_by=user&period=day');
    const today = new Date();
    today.setUTCHours(0, 0, 0, 0);
    expect(new Set(items.map((item) => item.period_start))).toEqual(new Set([today.toISOString()]));
    for (const user of ['alice', 'bob', 'root']) {
      const runs = runUsage.filter((run) => run.user === user);
      expect(items.find((item) => item.group === user)).toMatchObject({
        runs: runs.length,
        input_tokens: runs.reduce((total, run) => total + run.input, 0),
        output_tokens: runs.reduce((total, run) => total + run.output, 0),
      });
    }
    // alice's and root's runs each called the tool once; root called it over REST too.
    expect(items.find((item) => item.group === 'alice')?.tool_calls).toBe(1);
    expect(items.find((item) => item.group === 'bob')?.tool_calls).toBe(0);
    expect(items.find((item) => item.group === 'root')?.tool_calls).toBe(2);
    expect(runUsage.map((run) => [run.input, run.output])).toEqual([
      [250, 15],
      [7, 3],
      [250, 15],
    ]);
  });

  test('per agent, model, key and tool: every grouping sums to the same totals', async () => {
    const byAgent = await report(root, 'group_by=agent&period=month');
    expect(byAgent.find((item) => item.group === pricedAgent)).toMatchObject({
      runs: 2,
      tool_calls: 2,
      input_tokens: 500,
      output_tokens: 30,
    });
    expect(byAgent.find((item) => item.group === unpricedAgent)).toMatchObject({ runs: 1 });
    // The REST call belongs to no agent.
    expect(byAgent.find((item) => item.group === null)).toMatchObject({ runs: 0, tool_calls: 1 });

    // A run and its tool calls count as the key that started the run's: root's run, its call
    // and root's REST call are root's key's; every run is some key's.
    const byKey = await report(root, 'group_by=key&period=hour');
    const ofRootKey = byKey.filter((item) => item.group === rootKeyId);
    expect([sum(ofRootKey, 'runs'), sum(ofRootKey, 'tool_calls')]).toEqual([1, 2]);
    expect([sum(ofRootKey, 'input_tokens'), sum(ofRootKey, 'output_tokens')]).toEqual([250, 15]);
    expect(byKey.filter((item) => item.group === null)).toEqual([]);
    expect([sum(byKey, 'runs'), sum(byKey, 'tool_calls'), sum(byKey, 'input_tokens')]).toEqual([
      3, 3, 507,
    ]);

    const byTool = await report(root, 'group_by=tool&period=day');
    expect(byTool).toEqual([expect.objectContaining({ group: 'encodePlantUML', tool_calls: 3 })]);

    for (const groupBy of ['user', 'agent', 'model', 'key']) {
      const items = await report(root, `group_by=${groupBy}&period=day`);
      expect([sum(items, 'runs'), sum(items, 'tool_calls'), sum(items, 'input_tokens')]).toEqual([
        3, 3, 507,
      ]);
    }
  });

  test('cost is the tokens at MODEL_PRICES; a model without a price adds nothing', async () => {
    const byModel = await report(root, 'group_by=model&period=day');
    expect(byModel.find((item) => item.group === 'priced-model')?.cost).toBeCloseTo(
      (500 * 3 + 30 * 15) / 1_000_000,
      12,
    );
    expect(byModel.find((item) => item.group === 'unpriced-model')).toMatchObject({
      input_tokens: 7,
      cost: 0,
    });
    const byUser = await report(root, 'group_by=user&period=day');
    expect(byUser.find((item) => item.group === 'alice')?.cost).toBeCloseTo(
      (250 * 3 + 15 * 15) / 1_000_000,
      12,
    );
  });

  test('a member sees their own use only, whatever the grouping', async () => {
    expect(await report(alice, 'group_by=user&period=day')).toEqual([
      expect.objectContaining({ group: 'alice', runs: 1, tool_calls: 1, input_tokens: 250 }),
    ]);
    const byAgent = await report(bob, 'group_by=agent&period=day');
    expect(byAgent).toEqual([
      expect.objectContaining({ group: unpricedAgent, runs: 1, tool_calls: 0, input_tokens: 7 }),
    ]);
  });

  test('from and to bound the use counted', async () => {
    const later = new Date(Date.now() + 3_600_000).toISOString();
    expect(await report(root, `group_by=user&period=day&from=${later}`)).toEqual([]);
    const earlier = new Date(Date.now() - 3_600_000).toISOString();
    expect(
      sum(await report(root, `group_by=user&period=day&from=${earlier}&to=${later}`), 'runs'),
    ).toBe(3);
    expect(await report(root, `group_by=user&period=day&to=${earlier}`)).toEqual([]);
  });

  test.each([
    ['an unknown group_by', 'group_by=team&period=day', 'group_by'],
    ['no group_by', 'period=day', 'group_by'],
    ['an unknown period', 'group_by=user&period=week', 'period'],
    ['a malformed date', 'group_by=user&period=day&from=yesterday', 'from'],
    [
      'from after to',
      'group_by=user&period=day&from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z',
      'from',
    ],
  ])('%s is a 422 envelope naming the field', async (_, query, field) => {
    const response = await alice.get(`/api/v1/usage?${query}`);
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({
      success: false,
      error: {
        code: 'VALIDATION_ERROR',
        details: expect.arrayContaining([expect.objectContaining({ field })]) as unknown,
      },
    });
  });

  test('by model, each run counts as the model it ran with, even after its agent changed model', async () => {
    const agent = await root.post('/api/v1/agents', {
      name: `model_change_${process.pid}`,
      system_prompt: 'You answer.',
      model_config: {
        provider: 'scripted',
        model: 'old-model',
        script: [{ text: 'Hi.', usage: usage(11, 1) }],
      },
    });
    const agentId = (agent.body as { id: string }).id;
    const testRun = async () =>
      expect(
        (await root.post(`/api/v1/agents/${agentId}/test`, { test_prompt: 'go' })).body,
      ).toMatchObject({ success: true });
    await testRun();
    const changed = await root.put(`/api/v1/agents/${agentId}`, {
      model_config: {
        provider: 'scripted',
        model: 'new-model',
        script: [{ text: 'Hi.', usage: usage(22, 2) }],
      },
    });
    expect(changed.status).toBe(200);
    await testRun();

    const byModel = await report(root, 'group_by=model&period=day');
    expect(byModel.find((item) => item.group === 'old-model')).toMatchObject({
      runs: 1,
      input_tokens: 11,
    });
    expect(byModel.find((item) => item.group === 'new-model')).toMatchObject({
      runs: 1,
      input_tokens: 22,
    });
  });

  test('without a key it is 401', async () => {
    const response = await testApp!.http.get('/api/v1/usage?group_by=user&period=day');
    expect(response.status).toBe(401);
  });
});
