/**
 * Runs whose process is gone, and the runs a process executes: `InterruptedRuns` ends the ones
 * without a heartbeat, `ActiveRuns` knows, cancels and waits for the ones running here.
 */
import { eq, sql } from 'drizzle-orm';
import { runs as runsTable } from '../../src/database/schema';
import { Transactions } from '../../src/database/transactions';
import { EventStore } from '../../src/runtime/events/event-store.repository';
import {
  type RunEvent,
  type RunEventFields,
  type RunEventType,
} from '../../src/runtime/events/run-event.types';
import { ApprovalsRepository } from '../../src/runtime/approvals/approvals.repository';
import { ApprovalsService } from '../../src/runtime/approvals/approvals.service';
import { ActiveRuns } from '../../src/runtime/runs/active-runs';
import { InterruptedRuns } from '../../src/runtime/runs/interrupted-runs';
import { type NewRun, RunsRepository, runValues } from '../../src/runtime/runs/runs.repository';
import { RunsService } from '../../src/runtime/runs/runs.service';
import { useServiceModule } from '../support/service-module';
import { type ServiceRuntime, type StartedRun, serviceRuntime } from '../support/service-runtime';

const HELD = [{ text: 'Working on it', hold: true }];

describe('Interrupted and active runs', () => {
  // No timer fires during these tests (on PostgreSQL neither heartbeats nor sweeps): each test
  // drives the sweep itself.
  const module = useServiceModule({ RUN_HEARTBEAT_SECONDS: '3600' });
  let alice: ServiceRuntime;
  let runs: RunsService;

  beforeAll(() => {
    alice = serviceRuntime(module());
    runs = module().get(RunsService);
  });

  /** A running run stored as a start stores it, without its first event. */
  async function insertRunning(run: NewRun) {
    const db = module().get(Transactions).db;
    const [row] = await db.insert(runsTable).values(runValues(run)).returning();
    return row;
  }

  /**
   * A run left `running` by a process that is gone, its last heartbeat an hour ago: it asked
   * the model and called a tool, whose result never came.
   */
  async function orphanedRun(sessionId: string): Promise<string> {
    const run = await insertRunning({ sessionId, owner: alice.principal.user });
    const store = module().get(EventStore);
    let eventIndex = 0;
    const append = <T extends RunEventType>(type: T, fields: RunEventFields[T]) =>
      store.append({
        type,
        sessionId,
        runId: run.id,
        eventIndex: eventIndex++,
        timestamp: new Date().toISOString(),
        persistenceState: 'persisted',
        ...fields,
      } as RunEvent);
    await append('user_message_sent', { content: 'Look it up' });
    await append('message', {
      content: '',
      messageId: 'msg_orphaned',
      stopReason: 'tool_use',
      usage: { input_tokens: 10, output_tokens: 5 },
    });
    await append('tool_use', { toolUseId: 'toolu_open', toolName: 'lookup', args: {} });
    await module()
      .get(Transactions)
      .db.update(runsTable)
      .set({ heartbeat_at: sql`now() - interval '1 hour'` })
      .where(eq(runsTable.id, run.id));
    return run.id;
  }

  async function heldRun(): Promise<StartedRun> {
    const started = await alice.start(await alice.session(HELD), { content: 'Take your time' });
    await started.follower.waitFor((event) => event.type === 'message_chunk');
    return started;
  }

  test('the runs an interrupted run delegated to are interrupted with it, however alive', async () => {
    const parent = await orphanedRun(await alice.session([{ text: 'Parent.' }]));
    const child = await insertRunning({
      sessionId: await alice.session([{ text: 'Child.' }]),
      owner: alice.principal.user,
      parentRunId: parent,
      depth: 1,
    });
    const grandchild = await insertRunning({
      sessionId: await alice.session([{ text: 'Grandchild.' }]),
      owner: alice.principal.user,
      parentRunId: child.id,
      depth: 2,
    });
    const unrelated = await heldRun();

    await module().get(InterruptedRuns).sweepStale();

    for (const id of [parent, child.id, grandchild.id]) {
      expect(await runs.find(alice.principal, id)).toMatchObject({
        status: 'failed',
        error: { code: 'RUN_INTERRUPTED' },
      });
    }
    expect((await runs.find(alice.principal, unrelated.run.id)).status).toBe('running');
    await runs.cancel(alice.principal, unrelated.run.id);
    await unrelated.follower.ended;
  });

  test('a run paused for approval for an interrupted run is cancelled, its approval with it', async () => {
    const parent = await orphanedRun(await alice.session([{ text: 'Parent.' }]));
    const sessionId = await alice.session([{ text: 'Never asked.' }]);
    const repository = module().get(RunsRepository);
    const child = await insertRunning({
      sessionId,
      owner: alice.principal.user,
      parentRunId: parent,
      depth: 1,
    });
    await repository.pause(child.id, { input_tokens: 0, output_tokens: 0 }, 0);
    const approval = await module()
      .get(ApprovalsRepository)
      .create({
        run_id: child.id,
        session_id: sessionId,
        owner: alice.principal.user,
        tool_use_id: 'toolu_waiting',
        tool_name: 'create_customer',
        args: {},
        description: 'Creates a customer',
        expires_at: new Date(Date.now() + 3_600_000),
      });

    await module().get(InterruptedRuns).sweepStale();

    await runs.settled(child.id);
    expect((await runs.find(alice.principal, child.id)).status).toBe('cancelled');
    const [decided] = await module().get(ApprovalsRepository).listByRun(child.id);
    expect(decided).toMatchObject({ id: approval.id, status: 'cancelled' });
  });

  test("an interrupted run's call waiting for its user's decision: the approval is cancelled and takes none", async () => {
    const sessionId = await alice.session([{ text: 'Asked.' }]);
    const orphaned = await orphanedRun(sessionId);
    const approval = await module()
      .get(ApprovalsRepository)
      .create({
        run_id: orphaned,
        session_id: sessionId,
        owner: alice.principal.user,
        tool_use_id: 'toolu_open',
        tool_name: 'lookup',
        args: { question: 'Which account?' },
        description: "The remote agent 'crm' asks: Which account?",
        expires_at: new Date(Date.now() + 3_600_000),
      });

    await module().get(InterruptedRuns).sweepStale();

    const stored = await alice.storedEvents(sessionId);
    expect(stored.slice(3)).toEqual([
      expect.objectContaining({
        type: 'approval_resolved',
        eventIndex: 3,
        approvalId: approval.id,
        toolUseId: 'toolu_open',
        approved: false,
        reason: 'The server stopped while the run was running',
      }),
      expect.objectContaining({ type: 'tool_result', eventIndex: 4, code: 'RUN_INTERRUPTED' }),
      expect.objectContaining({ type: 'error', eventIndex: 5 }),
    ]);
    await expect(
      module().get(ApprovalsService).decide(alice.principal, approval.id, { decision: 'approve' }),
    ).rejects.toMatchObject({ code: 'APPROVAL_RESOLVED', details: { status: 'cancelled' } });
  });

  test('a run without a heartbeat ends RUN_INTERRUPTED, its open call answered; a live run is left alone', async () => {
    const sessionId = await alice.session([{ text: 'Back again.' }]);
    const orphaned = await orphanedRun(sessionId);
    const live = await heldRun();

    await module().get(InterruptedRuns).sweepStale();

    expect(await runs.find(alice.principal, orphaned)).toMatchObject({
      status: 'failed',
      error: { code: 'RUN_INTERRUPTED', message: 'The server stopped while the run was running' },
    });
    const stored = await alice.storedEvents(sessionId);
    expect(stored.map((event) => [event.type, event.eventIndex, event.sequenceNumber])).toEqual([
      ['user_message_sent', 0, 0],
      ['message', 1, 1],
      ['tool_use', 2, 2],
      ['tool_result', 3, 3],
      ['error', 4, 4],
    ]);
    expect(stored[3]).toMatchObject({
      toolUseId: 'toolu_open',
      success: false,
      code: 'RUN_INTERRUPTED',
    });
    expect((await runs.find(alice.principal, live.run.id)).status).toBe('running');

    // The session takes a new run, which the provider accepts: the open call was answered.
    const next = await alice.start(sessionId, { content: 'Try again' });
    expect((await next.follower.ended).slice(-1)).toEqual([
      expect.objectContaining({ type: 'complete', reason: 'success' }),
    ]);
    await runs.cancel(alice.principal, live.run.id);
    await live.follower.ended;
  });

  test('a cancel of a run no process here executes ends it where it stands', async () => {
    const orphaned = await orphanedRun(await alice.session([{ text: 'Unused.' }]));

    await runs.cancel(alice.principal, orphaned);

    expect(await runs.find(alice.principal, orphaned)).toMatchObject({
      status: 'cancelled',
      stop_reason: 'cancelled',
    });
  });

  test('on shutdown every run here is cancelled and has recorded its end, then is forgotten', async () => {
    const active = module().get(ActiveRuns);
    const held = [await heldRun(), await heldRun()];

    await active.cancelAll();

    for (const { run, follower } of held) {
      expect((await runs.find(alice.principal, run.id)).status).toBe('cancelled');
      expect((await follower.ended).slice(-1)).toEqual([
        expect.objectContaining({ type: 'complete', reason: 'cancelled' }),
      ]);
      expect(active.cancel(run.id)).toBe(false);
    }
  });
});
