/**
 * Budgets on the real database, without HTTP: concurrent charges never take more than the limit,
 * a charge of several budgets takes from all or none, and a run whose turn uses up a token
 * budget ends after that turn with `budget_exceeded`, its next start refused.
 */
import { eq } from 'drizzle-orm';
import { BudgetCounterPurge } from '../../src/budgets/budget-counter-purge';
import { BudgetExceededError } from '../../src/budgets/budget.errors';
import { budgetCounters } from '../../src/database/schema';
import { Transactions } from '../../src/database/transactions';
import { BudgetsRepository } from '../../src/budgets/budgets.repository';
import { BudgetsService } from '../../src/budgets/budgets.service';
import { RunsService } from '../../src/runtime/runs/runs.service';
import { useServiceModule } from '../support/service-module';
import { serviceRuntime } from '../support/service-runtime';

// A month: no window boundary falls inside a test but on its first instant.
const PERIOD = 'month';

describe('Budgets', () => {
  const module = useServiceModule();
  const budgets = () => module().get(BudgetsService);
  const repository = () => module().get(BudgetsRepository);

  test('60 concurrent charges against a limit of 17: exactly 17 are allowed', async () => {
    const budget = await budgets().create({
      scope: { user: 'concurrent' },
      period: PERIOD,
      limits: { tool_calls: 17 },
    });
    const refusals = await Promise.all(
      Array.from({ length: 60 }, () =>
        repository().charge({ user: 'concurrent' }, 'tool_calls', 1),
      ),
    );
    expect(refusals.filter((refusal) => refusal === undefined)).toHaveLength(17);
    expect(refusals.find((refusal) => refusal !== undefined)).toMatchObject({
      budgetId: budget.id,
      dimension: 'tool_calls',
      limit: 17,
    });
    expect((await budgets().find(budget.id)).used).toEqual({ tool_calls: 17 });
  });

  test('a charge under several budgets takes from all of them or from none', async () => {
    const ofUser = await budgets().create({
      scope: { user: 'layered' },
      period: PERIOD,
      limits: { tool_calls: 5 },
    });
    const ofKey = await budgets().create({
      scope: { key_id: 'layered-key' },
      period: PERIOD,
      limits: { tool_calls: 3 },
    });
    const subject = { user: 'layered', keyId: 'layered-key' };
    const refusals = await Promise.all(
      Array.from({ length: 8 }, () => repository().charge(subject, 'tool_calls', 1)),
    );
    expect(refusals.filter((refusal) => refusal === undefined)).toHaveLength(3);
    expect((await budgets().find(ofKey.id)).used).toEqual({ tool_calls: 3 });
    // The refused charges left nothing in the user's budget either.
    expect((await budgets().find(ofUser.id)).used).toEqual({ tool_calls: 3 });
    // Another key of the user still has the user's two calls left.
    expect(await repository().charge({ user: 'layered' }, 'tool_calls', 2)).toBeUndefined();
    expect(await repository().charge({ user: 'layered' }, 'tool_calls', 1)).toBeDefined();
  });

  test('the purge deletes the counters of ended windows and keeps the current one', async () => {
    const budget = await budgets().create({
      scope: { user: 'purged' },
      period: PERIOD,
      limits: { tool_calls: 10 },
    });
    expect(await repository().charge({ user: 'purged' }, 'tool_calls', 4)).toBeUndefined();
    const db = module().get(Transactions).db;
    const lastMonth = new Date(budget.window_start);
    lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
    await db.insert(budgetCounters).values([
      { budget_id: budget.id, window_start: lastMonth, tool_calls: 9 },
      { budget_id: budget.id, window_start: new Date('2020-01-01T00:00:00Z'), tool_calls: 7 },
    ]);
    const counters = () =>
      db.select().from(budgetCounters).where(eq(budgetCounters.budget_id, budget.id));
    expect(await counters()).toHaveLength(3);

    await module().get(BudgetCounterPurge).purge();
    expect((await counters()).map((counter) => counter.tool_calls)).toEqual([4]);
    expect((await budgets().find(budget.id)).used).toEqual({ tool_calls: 4 });
  });

  test('a run whose turn uses up its token budget ends with budget_exceeded; the next start is refused', async () => {
    const carol = serviceRuntime(module(), 'carol');
    const toolId = await carol.toolId('encodePlantUML');
    const usage = { input_tokens: 60, output_tokens: 40 };
    const sessionId = await carol.session(
      [
        {
          tool_calls: [{ name: 'encodePlantUML', args: { plantumlCode: 'A -> B' } }],
          usage,
        },
        { tool_calls: [{ name: 'encodePlantUML', args: { plantumlCode: 'B -> C' } }], usage },
        { text: 'never reached', usage },
      ],
      [toolId],
    );
    const budget = await budgets().create({
      scope: { user: 'carol' },
      period: PERIOD,
      limits: { tokens: 150 },
    });
    const { run, follower } = await carol.start(sessionId, { content: 'Draw.' });
    const events = await follower.ended;
    const ended = await module().get(RunsService).find(carol.principal, run.id);
    expect(ended).toMatchObject({ status: 'completed', stop_reason: 'budget_exceeded' });
    // Two turns, the second crossing the budget: its tool call never ran.
    expect(events.filter((event) => event.type === 'message')).toHaveLength(2);
    expect(events.filter((event) => event.type === 'tool_result')).toHaveLength(1);
    expect((await budgets().find(budget.id)).used).toEqual({ tokens: 200 });

    const refused = await carol
      .start(sessionId, { content: 'Again.' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BudgetExceededError);
    expect((refused as BudgetExceededError).refusal).toMatchObject({
      budgetId: budget.id,
      dimension: 'tokens',
    });
  });

  test('a key’s budget covers the runs started with the key, their tokens and their tool calls', async () => {
    const kim = serviceRuntime(module(), 'kim');
    const toolId = await kim.toolId('encodePlantUML');
    const usage = { input_tokens: 30, output_tokens: 5 };
    const sessionId = await kim.session(
      [
        {
          tool_calls: [
            { id: 'first', name: 'encodePlantUML', args: { plantumlCode: 'A -> B' } },
            { id: 'second', name: 'encodePlantUML', args: { plantumlCode: 'B -> C' } },
          ],
          usage,
        },
        { text: 'One of them was refused.', usage },
      ],
      [toolId],
    );
    const budget = await budgets().create({
      scope: { key_id: kim.principal.keyId },
      period: PERIOD,
      limits: { runs: 1, tool_calls: 1, tokens: 1000 },
    });
    const { follower } = await kim.start(sessionId, { content: 'Draw twice.' });
    const results = (await follower.ended).filter((event) => event.type === 'tool_result');
    expect(results.map((result) => result.success).sort()).toEqual([false, true]);
    expect((await budgets().find(budget.id)).used).toEqual({ runs: 1, tool_calls: 1, tokens: 70 });

    const refused = await kim
      .start(sessionId, { content: 'Again.' })
      .catch((error: unknown) => error);
    expect((refused as BudgetExceededError).refusal).toMatchObject({
      budgetId: budget.id,
      dimension: 'runs',
    });
  });

  test('an agent run’s tool call refused by a budget is a failed call the model reads', async () => {
    const dave = serviceRuntime(module(), 'dave');
    const toolId = await dave.toolId('encodePlantUML');
    const sessionId = await dave.session(
      [
        {
          tool_calls: [
            { id: 'first', name: 'encodePlantUML', args: { plantumlCode: 'A -> B' } },
            { id: 'second', name: 'encodePlantUML', args: { plantumlCode: 'B -> C' } },
          ],
        },
        { text: 'One of them was refused.' },
      ],
      [toolId],
    );
    await budgets().create({ scope: { user: 'dave' }, period: PERIOD, limits: { tool_calls: 1 } });
    const { follower } = await dave.start(sessionId, { content: 'Draw twice.' });
    const results = (await follower.ended).filter((event) => event.type === 'tool_result');
    expect(results.map((result) => result.success).sort()).toEqual([false, true]);
    expect(results.find((result) => !result.success)).toMatchObject({ code: 'BUDGET_EXCEEDED' });
  });
});
