/**
 * A run's start is one statement: the running run and its first event numbered by the
 * session's counter (with the session itself when the run makes it), stored whole or not at all.
 */
import { randomUUID } from 'node:crypto';
import { isForeignKeyViolation, isUniqueViolation } from '../../src/database/postgres-errors';
import { EventStore } from '../../src/runtime/events/event-store.repository';
import { type RunEvent } from '../../src/runtime/events/run-event.types';
import { RunStarts, type StartingRun } from '../../src/runtime/runs/run-starts.repository';
import { RunsRepository } from '../../src/runtime/runs/runs.repository';
import { SessionsRepository } from '../../src/runtime/sessions/sessions.repository';
import { useServiceModule } from '../support/service-module';
import { serviceRuntime } from '../support/service-runtime';

describe('A run started by one statement', () => {
  const module = useServiceModule();
  const starts = () => module().get(RunStarts);
  const stored = (sessionId: string) => module().get(EventStore).listBySession(sessionId);
  const session = (id: string) => module().get(SessionsRepository).find(id);

  const startingRun = (sessionId: string): StartingRun => ({
    id: randomUUID(),
    sessionId,
    owner: 'alice',
    depth: 0,
  });

  const firstEventOf = (run: StartingRun, content = 'Draw A → B, bitte.'): RunEvent => ({
    type: 'user_message_sent',
    sessionId: run.sessionId,
    runId: run.id,
    eventIndex: 0,
    timestamp: new Date().toISOString(),
    persistenceState: 'persisted',
    content,
  });

  /** A session with one run that has ended, its two events stored. */
  async function sessionWithEndedRun(): Promise<string> {
    const sessionId = await serviceRuntime(module()).session([{ text: 'Done.' }]);
    const earlier = startingRun(sessionId);
    await starts().insert(earlier, firstEventOf(earlier, 'First.'));
    await module()
      .get(EventStore)
      .append({
        ...firstEventOf(earlier),
        type: 'message',
        eventIndex: 3,
        content: 'Done.',
      } as RunEvent);
    await module()
      .get(RunsRepository)
      .finish(earlier.id, {
        status: 'completed',
        stopReason: 'end_turn',
        usage: { input_tokens: 0, output_tokens: 0 },
      });
    return sessionId;
  }

  it("stores the run running and its first event after the session's earlier ones", async () => {
    const sessionId = await sessionWithEndedRun();
    const run = startingRun(sessionId);

    const started = await starts().insert(run, firstEventOf(run));

    expect(started?.row).toMatchObject({ id: run.id, session_id: sessionId, status: 'running' });
    expect(started?.row.created_at).toBeInstanceOf(Date);
    expect(started?.sequenceNumber).toBe(2);
    expect((await session(sessionId))?.last_sequence_number).toBe(2);
    expect(
      (await stored(sessionId)).map(({ runId, sequenceNumber }) => [runId, sequenceNumber]),
    ).toEqual([
      [expect.any(String), 0],
      [expect.any(String), 1],
      [run.id, 2],
    ]);
    expect((await stored(sessionId))[2]).toMatchObject({ content: 'Draw A → B, bitte.' });
  });

  it('stores nothing when the session already has an active run', async () => {
    const sessionId = await serviceRuntime(module()).session([{ text: 'Done.' }]);
    const running = startingRun(sessionId);
    await starts().insert(running, firstEventOf(running));
    const second = startingRun(sessionId);

    const refused = await starts()
      .insert(second, firstEventOf(second))
      .catch((error: unknown) => error);

    expect(isUniqueViolation(refused)).toBe(true);
    expect((await stored(sessionId)).map(({ runId }) => runId)).toEqual([running.id]);
    expect((await session(sessionId))?.last_sequence_number).toBe(0);
    expect(await module().get(RunsRepository).find(second.id)).toBeUndefined();
  });

  it('refuses a start in a session that does not exist', async () => {
    const run = startingRun(randomUUID());

    const refused = await starts()
      .insert(run, firstEventOf(run))
      .catch((error: unknown) => error);

    expect(isForeignKeyViolation(refused)).toBe(true);
    expect(await module().get(RunsRepository).find(run.id)).toBeUndefined();
  });

  it('stores a new session with the run and its first event, numbered 0', async () => {
    const existing = await session(await serviceRuntime(module()).session([{ text: 'Hi.' }]));
    if (!existing) throw new Error('the session was not stored');
    const now = new Date();
    const made = {
      ...existing,
      id: randomUUID(),
      title: 'Made with its run',
      last_sequence_number: -1,
      created_at: now,
      updated_at: now,
    };
    const run = startingRun(made.id);

    const row = await starts().insertWithSession(made, run, firstEventOf(run));

    expect(row).toMatchObject({ id: run.id, session_id: made.id, status: 'running' });
    expect(await session(made.id)).toMatchObject({
      owner: existing.owner,
      agent_id: existing.agent_id,
      title: 'Made with its run',
      last_sequence_number: 0,
      created_at: now,
      updated_at: now,
    });
    expect(
      (await stored(made.id)).map(({ runId, sequenceNumber }) => [runId, sequenceNumber]),
    ).toEqual([[run.id, 0]]);
  });
});
