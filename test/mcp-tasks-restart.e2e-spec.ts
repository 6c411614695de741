/**
 * An MCP task is its stored run: a task that waits for an approval when the server stops is
 * found by a new client of the restarted server, approved through `tasks/update`, and completes.
 */
import type { SerializedTaskReference } from '@modelcontextprotocol/ext-tasks/client';
import { agentTool, answering, httpTool } from './support/agent-tool-fixtures';
import { McpClients, listeningUrl } from './support/mcp-clients';
import { openTaskSession } from './support/mcp-task-sessions';
import { runtimeUser } from './support/runtime-client';
import { SELECTED_ADAPTER, startTestApp } from './support/test-app';
import { type TestDatabase, createTestDatabase } from './support/test-database';
import { type ToolServer, startHttpToolServer } from './support/tool-servers';

describe('MCP tasks across a restart', () => {
  const clients = new McpClients();
  let database: TestDatabase;
  let crm: ToolServer;

  beforeAll(async () => {
    database = await createTestDatabase();
    crm = await startHttpToolServer();
  });

  afterAll(async () => {
    await clients.closeAll();
    await crm?.close();
    await database?.drop();
  });

  test('a task waiting for approval survives the restart, is approved through tasks/update and completes', async () => {
    let reference: SerializedTaskReference | undefined;
    let creatorName: string;
    const first = await startTestApp(SELECTED_ADAPTER, { env: database.env });
    try {
      const alice = await runtimeUser(first, 'alice');
      const creator = await httpTool(alice, crm, true);
      creatorName = creator.name;
      const name = await agentTool(
        alice,
        answering('Created.', [{ name: creator.name, args: { customer: 'ACME' } }]),
        [creator.id],
      );
      const { session } = await openTaskSession(clients, await listeningUrl(first), alice.auth);
      const execution = await session.callTool(name, { message: 'Create ACME' });
      if (execution.kind !== 'task') throw new Error('expected a task');
      const task = session.task(execution.handle.taskId);
      let { status } = await task.snapshot();
      while (status === 'working') ({ status } = await task.snapshot());
      expect(status).toBe('input_required');
      await execution.handoff((handedOff) => {
        reference = handedOff;
      });
    } finally {
      await clients.closeAll();
      await first.close();
    }
    if (!reference) throw new Error('the task was not handed off');

    const second = await startTestApp(SELECTED_ADAPTER, { env: database.env });
    try {
      const alice = await runtimeUser(second, 'alice');
      const asked: Record<string, unknown>[] = [];
      const { session } = await openTaskSession(
        clients,
        await listeningUrl(second),
        alice.auth,
        (request) => {
          asked.push(request.params ?? {});
          return Promise.resolve({ action: 'accept', content: { decision: 'approve' } } as never);
        },
      );
      const view = await session.task(reference.taskId).snapshot();
      expect(view.status).toBe('input_required');
      expect(Object.values(view.raw.inputRequests as object)).toEqual([
        expect.objectContaining({
          method: 'elicitation/create',
          params: expect.objectContaining({
            message: expect.stringContaining(creatorName) as unknown,
          }) as unknown,
        }),
      ]);
      expect(crm.requests).toHaveLength(0);

      const { outcome } = await (await session.resumeTask(reference)).settle();
      if (outcome.status === 'failed') throw outcome.error;
      expect(outcome).toMatchObject({
        status: 'completed',
        result: { content: [{ type: 'text', text: 'Created.' }] },
      });
      expect(asked).toHaveLength(1);
      expect(crm.requests).toHaveLength(1);
    } finally {
      await clients.closeAll();
      await second.close();
    }
    // Two app boots on one database, one after the other: a busy machine must not fail it.
  }, 120_000);
});
