/**
 * What a run's start reads of its session, in one statement: the session if it is the caller's,
 * its run that has not ended, and its agent with the agent's tools in the agent's order.
 */
import { randomUUID } from 'node:crypto';
import { AgentsRepository } from '../../src/registry/agents/agents.repository';
import { RunStarts } from '../../src/runtime/runs/run-starts.repository';
import { RunsRepository } from '../../src/runtime/runs/runs.repository';
import { SessionsRepository } from '../../src/runtime/sessions/sessions.repository';
import { useServiceModule } from '../support/service-module';
import { serviceRuntime } from '../support/service-runtime';

describe("A run's start reading its session", () => {
  const module = useServiceModule();
  const sessions = () => module().get(SessionsRepository);
  const runtime = () => serviceRuntime(module());

  /** A session of an agent with `encodePlantUML` (needing approval) and an `http` tool. */
  async function sessionWithTwoTools(): Promise<{ sessionId: string; toolIds: string[] }> {
    const encode = await runtime().toolId('encodePlantUML');
    const http = await runtime().httpTool('http://127.0.0.1:9/never-called', false);
    const sessionId = await runtime().session(
      [{ text: 'Hi.' }],
      [http.id, { tool_id: encode, requires_approval: true }],
    );
    return { sessionId, toolIds: [http.id, encode] };
  }

  async function startRun(sessionId: string): Promise<string> {
    const run = { id: randomUUID(), sessionId, owner: 'alice', depth: 0 };
    await module().get(RunStarts).insert(run, {
      type: 'user_message_sent',
      sessionId,
      runId: run.id,
      eventIndex: 0,
      timestamp: new Date().toISOString(),
      persistenceState: 'persisted',
      content: 'Draw A → B.',
    });
    return run.id;
  }

  it('gives the session, no active run, and the agent with its tools in its order', async () => {
    const { sessionId, toolIds } = await sessionWithTwoTools();

    const found = await sessions().findOwnedForRun(sessionId, 'alice');

    expect(found?.session).toMatchObject({ id: sessionId, owner: 'alice' });
    expect(found?.activeRun).toBeUndefined();
    expect(found?.agent?.agent.id).toBe(found?.session.agent_id);
    expect(found?.agent?.tools.map(({ id, requires_approval }) => [id, requires_approval])).toEqual(
      [
        [toolIds[0], false],
        [toolIds[1], true],
      ],
    );
    // The same agent as the registry reads it for a run resumed later.
    expect(found?.agent).toEqual(
      await module().get(AgentsRepository).findWithTools(found!.session.agent_id!),
    );
  });

  it('gives the run that has not ended, once on every tool row', async () => {
    const { sessionId } = await sessionWithTwoTools();
    const runId = await startRun(sessionId);

    const found = await sessions().findOwnedForRun(sessionId, 'alice');

    expect(found?.activeRun).toMatchObject({ id: runId, status: 'running' });
    expect(found?.agent?.tools).toHaveLength(2);

    await module()
      .get(RunsRepository)
      .finish(runId, {
        status: 'completed',
        stopReason: 'end_turn',
        usage: { input_tokens: 0, output_tokens: 0 },
      });
    expect((await sessions().findOwnedForRun(sessionId, 'alice'))?.activeRun).toBeUndefined();
  });

  it('gives an agent without tools with none', async () => {
    const sessionId = await runtime().session([{ text: 'Hi.' }]);

    const found = await sessions().findOwnedForRun(sessionId, 'alice');

    expect(found?.agent?.tools).toEqual([]);
    expect(found?.agent?.agent.id).toBe(found?.session.agent_id);
  });

  it("gives no agent once it is deleted, and nothing for someone else's session or a bad id", async () => {
    const { sessionId } = await sessionWithTwoTools();
    expect(await sessions().findOwnedForRun(sessionId, 'bob')).toBeUndefined();
    expect(await sessions().findOwnedForRun(randomUUID(), 'alice')).toBeUndefined();
    expect(await sessions().findOwnedForRun('not-a-uuid', 'alice')).toBeUndefined();

    const agentId = (await sessions().findOwnedForRun(sessionId, 'alice'))!.session.agent_id!;
    await module().get(AgentsRepository).delete(agentId);

    const found = await sessions().findOwnedForRun(sessionId, 'alice');
    expect(found?.session.id).toBe(sessionId);
    expect(found?.agent).toBeUndefined();
  });
});
