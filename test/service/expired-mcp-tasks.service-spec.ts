/**
 * MCP tasks older than their TTL are deleted from the database, in as many deletes as the
 * backlog takes; tasks still within it are kept.
 */
import { mcpTasks } from '../../src/database/schema';
import { Transactions } from '../../src/database/transactions';
import { EXPIRED_TASKS_PER_DELETE, ExpiredMcpTasks } from '../../src/mcp/tasks/expired-mcp-tasks';
import { McpTasksRepository } from '../../src/mcp/tasks/mcp-tasks.repository';
import { TASK_TTL_MS } from '../../src/mcp/tasks/mcp-tasks.service';
import { useServiceModule } from '../support/service-module';

const MINUTE_MS = 60_000;

describe('Expired MCP tasks', () => {
  const module = useServiceModule();
  let tasks: McpTasksRepository;

  beforeAll(() => {
    tasks = module().get(McpTasksRepository);
  });

  /** Stores tasks of `owner` created `ageMs` ago with `ttlMs`; their ids. */
  async function storeTasks(owner: string, count: number, ageMs: number, ttlMs: number) {
    const created_at = new Date(Date.now() - ageMs);
    const rows = Array.from({ length: count }, (_, i) => ({
      id: `${owner}-${i}`,
      owner,
      kind: 'agent',
      work_id: `run-${owner}-${i}`,
      created_at,
      ttl_ms: ttlMs,
    }));
    await module().get(Transactions).db.insert(mcpTasks).values(rows);
    return rows.map(({ id }) => id);
  }

  const stored = async (ids: string[], owner: string) =>
    (await Promise.all(ids.map((id) => tasks.findOwned(id, owner)))).filter(Boolean).length;

  test('a purge deletes every task past its TTL, a backlog larger than one delete included, and keeps the others', async () => {
    const backlog = await storeTasks(
      'backlog',
      EXPIRED_TASKS_PER_DELETE + 1,
      2 * TASK_TTL_MS,
      TASK_TTL_MS,
    );
    const shortLived = await storeTasks('short', 1, MINUTE_MS, 1000);
    const fresh = await storeTasks('fresh', 2, TASK_TTL_MS - MINUTE_MS, TASK_TTL_MS);
    const longLived = await storeTasks('long', 1, 2 * TASK_TTL_MS, 3 * TASK_TTL_MS);

    await module().get(ExpiredMcpTasks).purge();

    expect(await stored(backlog, 'backlog')).toBe(0);
    expect(await stored(shortLived, 'short')).toBe(0);
    expect(await stored(fresh, 'fresh')).toBe(2);
    expect(await stored(longLived, 'long')).toBe(1);
  });
});
