/**
 * The run loop through `RunsService`: the events of a run with thinking, text and a tool call,
 * stored in order and numbered without gaps; one run per session; cancellation; provider errors.
 */
import { sql } from 'drizzle-orm';
import { rawRows } from '../../src/database/raw-rows';
import { Transactions } from '../../src/database/transactions';
import { EventStore } from '../../src/runtime/events/event-store.repository';
import { type RunEvent } from '../../src/runtime/events/run-event.types';
import { RunsService } from '../../src/runtime/runs/runs.service';
import { RunFinishedError, SessionBusyError } from '../../src/runtime/runtime.errors';
import { useServiceModule } from '../support/service-module';
import { type ServiceRuntime, serviceRuntime } from '../support/service-runtime';

const DIAGRAM = '@startuml\nBob -> Alice : hello\n@enduml';
const typesOf = (events: readonly RunEvent[]) => events.map((event) => event.type);
/** Consecutive runs of one type, one entry each: chunk counts depend on chunk sizes only. */
const collapsed = (types: readonly string[]) =>
  types.filter((type, index) => type !== types[index - 1]);

describe('The run loop', () => {
  const module = useServiceModule();
  let alice: ServiceRuntime;
  let runs: RunsService;

  beforeAll(() => {
    alice = serviceRuntime(module());
    runs = module().get(RunsService);
  });

  test('thinking, text and a tool call: every event in order, the persisted ones numbered 0..n-1', async () => {
    const sessionId = await alice.session(
      [
        {
          thinking: 'A diagram is wanted.',
          text: 'Let me draw it.',
          tool_calls: [
            { id: 'toolu_draw', name: 'encodePlantUML', args: { plantumlCode: DIAGRAM } },
          ],
        },
        { text: 'Here is your diagram.' },
      ],
      [await alice.toolId('encodePlantUML')],
    );
    const { run, follower } = await alice.start(sessionId, {
      content: 'Draw Bob and Alice',
      enable_thinking: true,
      thinking_budget: 10_000,
    });
    const events = await follower.ended;

    expect(collapsed(typesOf(events))).toEqual([
      'user_message_sent',
      'thinking_chunk',
      'thinking_complete',
      'message_chunk',
      'thinking',
      'message',
      'tool_use',
      'tool_result',
      'message_chunk',
      'message',
      'complete',
    ]);
    expect(events.map((event) => event.eventIndex)).toEqual(events.map((_, index) => index));
    expect(events.find((event) => event.type === 'tool_result')).toMatchObject({
      toolUseId: 'toolu_draw',
      success: true,
      result: { url: expect.stringContaining('plantuml') as string, format: 'svg' },
    });
    expect(events[events.length - 1]).toMatchObject({ type: 'complete', reason: 'success' });

    const stored = await alice.storedEvents(sessionId);
    expect(typesOf(stored)).toEqual([
      'user_message_sent',
      'thinking',
      'message',
      'tool_use',
      'tool_result',
      'message',
    ]);
    expect(stored.map((event) => event.sequenceNumber)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(stored).toEqual(events.filter((event) => event.persistenceState === 'persisted'));
    const messages = stored.filter((event) => event.type === 'message');
    expect(messages.map((event) => event.stopReason)).toEqual(['tool_use', 'end_turn']);
    expect(await runs.find(alice.principal, run.id)).toMatchObject({
      status: 'completed',
      stop_reason: 'end_turn',
      error: null,
    });
    // No error is SQL's NULL, not a stored JSON null, which `error IS NULL` would not find.
    const [storedError] = await rawRows<{ absent: boolean }>(
      module().get(Transactions).db,
      sql`select error is null as absent from runs where id = ${run.id}`,
    );
    expect(storedError.absent).toBe(true);
  });

  test('a second start while a run is active is SESSION_BUSY; a cancel mid-turn ends it cancelled', async () => {
    const sessionId = await alice.session([{ text: 'Partial answer', hold: true }]);
    const { run, follower } = await alice.start(sessionId, { content: 'cancel me' });
    await follower.waitFor((event) => event.type === 'message_chunk');

    const second = alice.start(sessionId, { content: 'me too' });
    await expect(second).rejects.toThrow(SessionBusyError);
    await expect(second).rejects.toMatchObject({ details: { run_id: run.id } });

    await runs.cancel(alice.principal, run.id);
    const events = await follower.ended;
    expect(events.slice(-2)).toEqual([
      expect.objectContaining({
        type: 'message',
        content: 'Partial answer',
        stopReason: 'cancelled',
      }),
      expect.objectContaining({ type: 'complete', reason: 'cancelled' }),
    ]);
    expect((await runs.find(alice.principal, run.id)).status).toBe('cancelled');
    await expect(runs.cancel(alice.principal, run.id)).rejects.toThrow(RunFinishedError);
    // The session is free again: the next run starts and runs to its (held) turn.
    const next = await alice.start(sessionId, { content: 'again' });
    await next.follower.waitFor((event) => event.type === 'message_chunk');
    await runs.cancel(alice.principal, next.run.id);
    await next.follower.ended;
  });

  test('a provider error ends the run failed, with a stored error event and no complete', async () => {
    const sessionId = await alice.session([
      { text: 'Partial ', error: { message: 'API Error', code: 'overloaded_error' } },
    ]);
    const { run, follower } = await alice.start(sessionId, { content: 'This will fail' });
    const events = await follower.ended;

    expect(typesOf(events)).toEqual(['user_message_sent', 'message_chunk', 'error']);
    expect(events[2]).toMatchObject({ error: 'API Error', code: 'overloaded_error' });
    expect(typesOf(await alice.storedEvents(sessionId))).toEqual(['user_message_sent', 'error']);
    expect(await runs.find(alice.principal, run.id)).toMatchObject({
      status: 'failed',
      error: { code: 'overloaded_error', message: 'API Error' },
    });
  });

  test('a run whose conversation cannot be read ends failed, after its start was answered', async () => {
    const sessionId = await alice.session([{ text: 'Never said.' }]);
    const store = module().get(EventStore);
    const listBySession = store.listBySession.bind(store);
    const unreadable = jest
      .spyOn(store, 'listBySession')
      .mockImplementation((id) =>
        id === sessionId ? Promise.reject(new Error('connection lost')) : listBySession(id),
      );
    try {
      const { run, follower } = await alice.start(sessionId, { content: 'Hello?' });
      const events = await follower.ended;

      expect(typesOf(events)).toEqual(['user_message_sent', 'error']);
      expect(events[1]).toMatchObject({ code: 'INTERNAL_ERROR' });
      expect(await runs.find(alice.principal, run.id)).toMatchObject({
        status: 'failed',
        error: { code: 'INTERNAL_ERROR' },
      });
    } finally {
      unreadable.mockRestore();
    }
  });
});
