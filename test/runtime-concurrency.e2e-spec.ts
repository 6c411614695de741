/**
 * The agent runtime under load, races and restarts, over real HTTP and a real database (PGlite,
 * or PostgreSQL with DATABASE_URL): each session's durable log stays numbered 0..n-1 with
 * nothing lost while many sessions run at once and across restarts, a run cut off by a dead
 * process is failed on the next start, and racing starts get one run per session and one run
 * per idempotency key.
 */
import { randomUUID } from 'node:crypto';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { type Response } from 'supertest';
import { DATABASE, type Database } from '../src/database/database';
import { runEvents, runs, sessions } from '../src/database/schema';
import { type RunRow, RunsRepository } from '../src/runtime/runs/runs.repository';
import { SessionsRepository } from '../src/runtime/sessions/sessions.repository';
import { type RuntimeUser, runtimeUser } from './support/runtime-client';
import { type SseFrame } from './support/sse-client';
import { untilWaitingForLocks } from './support/lock-waits';
import { SELECTED_ADAPTER, type TestApp, startTestApp } from './support/test-app';
import { type TestDatabase, createTestDatabase } from './support/test-database';

// Tests here boot apps twice or make 60 runs: a loaded machine needs more than the default 30 s.
jest.setTimeout(120_000);

const SESSIONS = 20;
const RUNS_PER_SESSION = 3;
const RACERS = 10;

const scripted = (script: unknown[]) => ({ provider: 'scripted', model: 'scripted', script });
/** Stays in its first model turn until cancelled. */
const HOLDING_AGENT = scripted([{ text: 'working', hold: true }]);
/** Thinks, calls encodePlantUML twice in one turn, then answers. */
const DIAGRAM_AGENT = scripted([
  {
    thinking: 'Two diagrams, one call each.',
    text: 'Encoding both diagrams.',
    tool_calls: [
      { name: 'encodePlantUML', args: { plantumlCode: '@startuml\nAlice -> Bob\n@enduml' } },
      { name: 'encodePlantUML', args: { plantumlCode: '@startuml\nBob -> Carol\n@enduml' } },
    ],
  },
  { text: 'Here are your diagrams.' },
]);
/** What one run of DIAGRAM_AGENT persists, in order. */
const DIAGRAM_RUN_TYPES = [
  'user_message_sent',
  'thinking',
  'message',
  'tool_use',
  'tool_use',
  'tool_result',
  'tool_result',
  'message',
];

/** A persisted event as the durable log returns it. */
interface LoggedEvent {
  type: string;
  runId: string;
  sessionId: string;
  eventIndex: number;
  sequenceNumber: number;
  [field: string]: unknown;
}

interface FinishedRun {
  runId: string;
  frames: SseFrame[];
}

const runsPath = (sessionId: string) => `/api/v1/sessions/${sessionId}/runs`;
const typesOf = (events: readonly { type: string }[]) => events.map((event) => event.type);
const databaseOf = (testApp: TestApp) => testApp.app.get<symbol, Database>(DATABASE);

/** Starts a run in the background (202) and returns its id. */
async function startRun(user: RuntimeUser, sessionId: string, content: string): Promise<string> {
  const response = await user.post(runsPath(sessionId), { content });
  expect(response.status).toBe(202);
  return (response.body as { run_id: string }).run_id;
}

/** Follows the run's event stream until the server ends it: the run has ended. */
async function untilEnded(user: RuntimeUser, runId: string): Promise<SseFrame[]> {
  const stream = await user.follow(runId);
  expect(stream.status).toBe(200);
  const frames = await stream.ended;
  expect(['complete', 'error']).toContain(frames[frames.length - 1]?.event);
  return frames;
}

async function runToEnd(user: RuntimeUser, sessionId: string, content: string) {
  const runId = await startRun(user, sessionId, content);
  return { runId, frames: await untilEnded(user, runId) };
}

/** Cancels a running run and waits until it has recorded its cancellation. */
async function cancelAndWait(user: RuntimeUser, runId: string): Promise<void> {
  expect((await user.post(`/api/v1/runs/${runId}/cancel`)).status).toBe(202);
  const frames = await untilEnded(user, runId);
  expect(frames[frames.length - 1]).toMatchObject({
    event: 'complete',
    data: { reason: 'cancelled' },
  });
  expect((await user.get(`/api/v1/runs/${runId}`)).body.status).toBe('cancelled');
}

/** The session's durable log, read in pages of `pageSize` through `next_after_sequence`. */
async function durableLog(
  user: RuntimeUser,
  sessionId: string,
  pageSize = 5,
): Promise<LoggedEvent[]> {
  const events: LoggedEvent[] = [];
  let after: number | null = -1;
  while (after !== null) {
    const page = await user.get(
      `/api/v1/sessions/${sessionId}/events?after_sequence=${after}&limit=${pageSize}`,
    );
    expect(page.status).toBe(200);
    const items = page.body.items as LoggedEvent[];
    events.push(...items);
    after = page.body.next_after_sequence as number | null;
    if (after !== null) {
      // A next page is announced only after a full one, from its last event: paging advances.
      expect([items.length, after]).toEqual([pageSize, items.at(-1)?.sequenceNumber]);
    }
  }
  return events;
}

/** Numbered exactly 0..n-1 (no gap, no duplicate), and the session's counter is at n-1. */
async function expectGapFree(user: RuntimeUser, sessionId: string, log: readonly LoggedEvent[]) {
  expect(log.map((event) => event.sequenceNumber)).toEqual(log.map((_, index) => index));
  expect(log.every((event) => event.sessionId === sessionId)).toBe(true);
  const session = await user.get(`/api/v1/sessions/${sessionId}`);
  expect(session.body.last_sequence_number).toBe(log.length - 1);
}

/**
 * The log as one block per run, in the order the runs were started (a session runs one at a
 * time, so blocks never interleave); each block opens with the run's user message and keeps
 * the run's own event order.
 */
function runBlocks(log: readonly LoggedEvent[], runIds: readonly string[]): LoggedEvent[][] {
  const blocks: LoggedEvent[][] = [];
  for (const event of log) {
    const current = blocks[blocks.length - 1];
    if (current?.[0].runId === event.runId) current.push(event);
    else blocks.push([event]);
  }
  expect(blocks.map((block) => block[0].runId)).toEqual(runIds);
  for (const block of blocks) {
    expect(block[0]).toMatchObject({ type: 'user_message_sent', eventIndex: 0 });
    const indexes = block.map((event) => event.eventIndex);
    expect(indexes).toEqual([...indexes].sort((a, b) => a - b));
    expect(new Set(indexes).size).toBe(indexes.length);
  }
  return blocks;
}

/** Every tool_use has exactly one tool_result of the same run after it, and vice versa. */
function expectToolCallsAnswered(log: readonly LoggedEvent[]): void {
  const uses = log.filter((event) => event.type === 'tool_use');
  const results = log.filter((event) => event.type === 'tool_result');
  expect(new Set(uses.map((use) => use.toolUseId)).size).toBe(uses.length);
  expect(results).toHaveLength(uses.length);
  for (const use of uses) {
    const answers = results.filter((result) => result.toolUseId === use.toolUseId);
    expect(answers).toHaveLength(1);
    expect(answers[0]).toMatchObject({ runId: use.runId, toolName: use.toolName });
    expect(answers[0].sequenceNumber).toBeGreaterThan(use.sequenceNumber);
  }
}

/** The persisted events a run streamed are the very ones its session's log holds. */
function expectStreamedAsLogged(run: FinishedRun, block: readonly LoggedEvent[]): void {
  const persisted = run.frames
    .map((frame) => frame.data)
    .filter((event) => event.persistenceState === 'persisted');
  expect(persisted).toEqual(block);
}

/** The columns of an event's stored row. */
const rowOf = ({ sessionId, sequenceNumber, runId, eventIndex, type }: LoggedEvent) => ({
  sessionId,
  sequenceNumber,
  runId,
  eventIndex,
  type,
});

/** The stored rows of the sessions' events, read from the database itself. */
async function storedRows(testApp: TestApp, sessionIds: string[]) {
  return databaseOf(testApp)
    .select({
      sessionId: runEvents.session_id,
      sequenceNumber: runEvents.sequence_number,
      runId: runEvents.run_id,
      eventIndex: runEvents.event_index,
      type: runEvents.type,
    })
    .from(runEvents)
    .where(inArray(runEvents.session_id, sessionIds))
    .orderBy(asc(runEvents.session_id), asc(runEvents.sequence_number));
}

/** The runs of a session, read from the database itself. */
function storedRuns(testApp: TestApp, sessionId: string) {
  return databaseOf(testApp)
    .select({ id: runs.id })
    .from(runs)
    .where(eq(runs.session_id, sessionId));
}

/** A run another start stored: it holds its session until it is ended. */
async function otherStart(testApp: TestApp, sessionId: string): Promise<string> {
  const [run] = await databaseOf(testApp)
    .insert(runs)
    .values({ session_id: sessionId, owner: 'alice' })
    .returning({ id: runs.id });
  return run.id;
}

async function endRun(testApp: TestApp, runId: string): Promise<void> {
  await databaseOf(testApp)
    .update(runs)
    .set({ status: 'completed', finished_at: new Date() })
    .where(eq(runs.id, runId));
}

/** One lookup of a session's active run, given the real one to make when it chooses. */
type Lookup = (read: () => Promise<RunRow | undefined>) => Promise<RunRow | undefined>;

/**
 * Makes the next lookups of a session's active run these, in turn: what other starts and runs
 * do between a start's steps (its first look, read with the session, its insert, its look after
 * a refused insert) is decided by the test rather than by timing. Later lookups are real again.
 * The result records every lookup, real ones too.
 */
function nextLookups(testApp: TestApp, lookups: Lookup[]): jest.Mock {
  const queue = [...lookups];
  const made = jest.fn();
  const runsRepository = testApp.app.get(RunsRepository);
  const findActive = runsRepository.findActive.bind(runsRepository);
  jest.spyOn(runsRepository, 'findActive').mockImplementation((sessionId) => {
    made();
    const lookup = queue.shift();
    return lookup ? lookup(() => findActive(sessionId)) : findActive(sessionId);
  });
  const sessionsRepository = testApp.app.get(SessionsRepository);
  const findWithRun = sessionsRepository.findOwnedForRun.bind(sessionsRepository);
  jest.spyOn(sessionsRepository, 'findOwnedForRun').mockImplementation(async (id, owner) => {
    const found = await findWithRun(id, owner);
    if (!found) return found;
    made();
    const lookup = queue.shift();
    if (!lookup) return found;
    return { ...found, activeRun: await lookup(() => Promise.resolve(found.activeRun)) };
  });
  return made;
}

describe('Agent runtime under concurrency', () => {
  let testApp: TestApp;
  let alice: RuntimeUser;
  let bob: RuntimeUser;
  let encodeToolId: string;

  beforeAll(async () => {
    testApp = await startTestApp(SELECTED_ADAPTER);
    alice = await runtimeUser(testApp, 'alice');
    bob = await runtimeUser(testApp, 'bob');
    const listed = await alice.get('/api/v1/tools?search=encodePlantUML');
    encodeToolId = (listed.body as { items: { id: string; name: string }[] }).items.find(
      (tool) => tool.name === 'encodePlantUML',
    )!.id;
  });

  afterAll(async () => {
    await testApp?.close();
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  /** Runs `count` runs one after another in the session, each to its end. */
  async function runInTurn(user: RuntimeUser, sessionId: string, count: number) {
    const finished: FinishedRun[] = [];
    for (let run = 0; run < count; run++) {
      finished.push(await runToEnd(user, sessionId, `diagram request ${run}`));
    }
    return finished;
  }

  test(`${SESSIONS} sessions of two users run at once: every log is 0..n-1 with nothing lost`, async () => {
    const owners = [alice, bob];
    const started = await Promise.all(
      Array.from({ length: SESSIONS }, async (_, index) => {
        const user = owners[index % owners.length];
        const { sessionId } = await user.session(DIAGRAM_AGENT, [encodeToolId]);
        return { user, sessionId, runs: await runInTurn(user, sessionId, RUNS_PER_SESSION) };
      }),
    );

    const sessionIds = started.map((session) => session.sessionId);
    const rows = await storedRows(testApp, sessionIds);
    expect(rows).toHaveLength(SESSIONS * RUNS_PER_SESSION * DIAGRAM_RUN_TYPES.length);
    for (const { user, sessionId, runs: finished } of started) {
      const log = await durableLog(user, sessionId);
      await expectGapFree(user, sessionId, log);
      // The database holds exactly the rows the log shows: none missing, none extra.
      expect(rows.filter((row) => row.sessionId === sessionId)).toEqual(log.map(rowOf));
      const runIds = finished.map((run) => run.runId);
      const blocks = runBlocks(log, runIds);
      blocks.forEach((block, index) => {
        expect(typesOf(block)).toEqual(DIAGRAM_RUN_TYPES);
        expect(block[block.length - 1]).toMatchObject({ content: 'Here are your diagrams.' });
        expectStreamedAsLogged(finished[index], block);
      });
      expectToolCallsAnswered(log);
      for (const result of log.filter((event) => event.type === 'tool_result')) {
        expect(result).toMatchObject({ success: true, result: { format: 'svg' } });
      }
      for (const { runId } of finished) {
        const run = await user.get(`/api/v1/runs/${runId}`);
        expect(run.body).toMatchObject({ status: 'completed', stop_reason: 'end_turn' });
      }
    }
  });

  test(`${RACERS} racing starts on one session: one 202, the others 409 SESSION_BUSY naming it`, async () => {
    const { sessionId } = await alice.session(HOLDING_AGENT);
    const responses = await Promise.all(
      Array.from({ length: RACERS }, (_, index) =>
        alice.post(runsPath(sessionId), { content: `racer ${index}` }),
      ),
    );

    const started = responses.filter((response) => response.status === 202);
    expect(started).toHaveLength(1);
    const runId = (started[0].body as { run_id: string }).run_id;
    const refused = responses.filter((response) => response.status !== 202);
    expect(refused.map((response) => [response.status, response.body.error as unknown])).toEqual(
      Array(RACERS - 1).fill([
        409,
        expect.objectContaining({ code: 'SESSION_BUSY', details: { run_id: runId } }),
      ]),
    );

    await cancelAndWait(alice, runId);
    const next = await startRun(alice, sessionId, 'my turn now');
    await cancelAndWait(alice, next);

    // The refused starts left nothing behind: two runs, two user messages, no gap.
    const log = await durableLog(alice, sessionId);
    await expectGapFree(alice, sessionId, log);
    runBlocks(log, [runId, next]);
    expect(log.filter((event) => event.type === 'user_message_sent')).toHaveLength(2);
    expect(await storedRuns(testApp, sessionId)).toHaveLength(2);
  });

  test(`${RACERS} racing starts with one Idempotency-Key and body: all answer the same run`, async () => {
    const { sessionId } = await alice.session(HOLDING_AGENT);
    const key = `race-${randomUUID()}`;
    const responses = await Promise.all(
      Array.from({ length: RACERS }, () =>
        alice.post(runsPath(sessionId), { content: 'only once' }).set('Idempotency-Key', key),
      ),
    );

    const answers = responses.map((response) => ({
      status: response.status,
      runId: response.body.run_id ?? response.body.error?.code,
    }));
    const runId = answers[0].runId as string;
    expect(answers).toEqual(Array(RACERS).fill({ status: 202, runId }));

    await cancelAndWait(alice, runId);
    const log = await durableLog(alice, sessionId);
    await expectGapFree(alice, sessionId, log);
    expect(log.filter((event) => event.type === 'user_message_sent')).toEqual([
      expect.objectContaining({ runId, content: 'only once' }),
    ]);
    expect(await storedRuns(testApp, sessionId)).toEqual([{ id: runId }]);
  });

  describe('a start whose insert lost the session to another start', () => {
    let sessionId: string;
    /** The runs of the other starts, in the order they took the session. */
    let others: string[];
    /** The session is free at this look; another start takes it right after. */
    const takenAfter: Lookup = async (read) => {
      const active = await read();
      others.push(await otherStart(testApp, sessionId));
      return active;
    };
    /** The other start's run ends just before this look. */
    const endedBefore: Lookup = async (read) => {
      await endRun(testApp, others[others.length - 1]);
      return read();
    };

    beforeEach(async () => {
      ({ sessionId } = await alice.session());
      others = [];
    });

    test('while that run is active: 409 SESSION_BUSY naming it', async () => {
      const lookups = nextLookups(testApp, [takenAfter]);

      const refused = await alice.post(runsPath(sessionId), { content: 'too late' });

      expect(lookups).toHaveBeenCalledTimes(2);
      expect([refused.status, refused.body.error]).toEqual([
        409,
        expect.objectContaining({ code: 'SESSION_BUSY', details: { run_id: others[0] } }),
      ]);
      expect(await storedRuns(testApp, sessionId)).toEqual([{ id: others[0] }]);
    });

    test('and that run ended before it looked: it simply starts, once for its Idempotency-Key', async () => {
      const lookups = nextLookups(testApp, [takenAfter, endedBefore]);
      const key = `free-again-${randomUUID()}`;
      const start = () =>
        alice.post(runsPath(sessionId), { content: 'free again' }).set('Idempotency-Key', key);

      const started = await start();

      expect(lookups).toHaveBeenCalledTimes(2);
      expect(started.status).toBe(202);
      const runId = (started.body as { run_id: string }).run_id;
      const frames = await untilEnded(alice, runId);
      expect(frames.find((frame) => frame.event === 'message')?.data.content).toBe(
        'You said: free again',
      );
      // The same request again is answered with the same run.
      const again = await start();
      expect([again.status, again.body.run_id]).toEqual([202, runId]);
      expect(await storedRuns(testApp, sessionId)).toEqual(
        expect.arrayContaining([{ id: others[0] }, { id: runId }]),
      );
      const log = await durableLog(alice, sessionId);
      expect(log.filter((event) => event.type === 'user_message_sent')).toEqual([
        expect.objectContaining({ runId, content: 'free again' }),
      ]);
    });

    test('each time, to runs that ended before it looked: 409 SESSION_BUSY, and nothing stored', async () => {
      // Every look finds the session free: the run that beat the last insert has ended.
      const everLosing: Lookup = async (read) => {
        if (others.length > 0) await endRun(testApp, others[others.length - 1]);
        return takenAfter(read);
      };
      const lookups = nextLookups(testApp, Array<Lookup>(10).fill(everLosing));

      const refused = await alice.post(runsPath(sessionId), { content: 'never my turn' });

      expect([refused.status, refused.body.error]).toEqual([
        409,
        expect.objectContaining({ code: 'SESSION_BUSY' }),
      ]);
      expect(refused.body.error).not.toHaveProperty('details');
      // A bounded number of tries, each an insert beaten by another start's run.
      expect(lookups.mock.calls.length).toBeLessThan(10);
      expect(others).toHaveLength(lookups.mock.calls.length);
      expect(await storedRuns(testApp, sessionId)).toHaveLength(others.length);
      jest.restoreAllMocks();
      await endRun(testApp, others[others.length - 1]);
      // The session is free once the races stop.
      await untilEnded(alice, await startRun(alice, sessionId, 'my turn now'));
    });
  });

  // Only a server runs two transactions at once; the embedded database takes them in turn.
  const serverOnly = process.env.DATABASE_URL ? test : test.skip;

  serverOnly('two deletes of one session: one is 200, the other 404', async () => {
    const { sessionId } = await alice.session(HOLDING_AGENT);
    let second: Promise<Response> | undefined;
    // The first delete, caught between its lock and its commit.
    await databaseOf(testApp).transaction(async (tx) => {
      await tx.select().from(sessions).where(eq(sessions.id, sessionId)).for('update');
      await tx.delete(sessions).where(eq(sessions.id, sessionId));
      second = alice.del(`/api/v1/sessions/${sessionId}`).then((response) => response);
      await untilWaitingForLocks(databaseOf(testApp), '%for update%');
    });
    const answer = await second!;
    expect(answer.status).toBe(404);
    expect(answer.body.error).toMatchObject({ code: 'SESSION_NOT_FOUND' });
  });

  serverOnly(
    'a session deleted while a run starts in it: the delete sees the run and refuses',
    async () => {
      const { sessionId } = await alice.session(HOLDING_AGENT);
      let deleted: Promise<Response> | undefined;
      // A run's start, caught between its insert and its commit.
      const runId = await databaseOf(testApp).transaction(async (tx) => {
        const [run] = await tx
          .insert(runs)
          .values({ session_id: sessionId, owner: 'alice' })
          .returning({ id: runs.id });
        // Sent now (supertest sends on `then`), answered once this transaction ends.
        deleted = alice.del(`/api/v1/sessions/${sessionId}`).then((response) => response);
        await untilWaitingForLocks(databaseOf(testApp), '%for update%');
        return run.id;
      });
      const answer = await deleted!;
      expect(answer.status).toBe(409);
      expect(answer.body.error).toMatchObject({ code: 'SESSION_BUSY', details: { run_id: runId } });
      expect(await storedRuns(testApp, sessionId)).toEqual([{ id: runId }]);
    },
  );

  serverOnly(
    'a run started while its session is deleted is 404, and nothing is stored',
    async () => {
      const { sessionId } = await alice.session(HOLDING_AGENT);
      let started: Promise<Response> | undefined;
      // A delete of the session, caught between its lock and its commit.
      await databaseOf(testApp).transaction(async (tx) => {
        await tx.select().from(sessions).where(eq(sessions.id, sessionId)).for('update');
        await tx.delete(sessions).where(eq(sessions.id, sessionId));
        started = alice
          .post(runsPath(sessionId), { content: 'too late' })
          .then((response) => response);
        await untilWaitingForLocks(
          databaseOf(testApp),
          'with "inserted_run" as (insert into "runs"%',
        );
      });
      const answer = await started!;
      expect(answer.status).toBe(404);
      expect(answer.body.error).toMatchObject({ code: 'SESSION_NOT_FOUND' });
      expect(await storedRuns(testApp, sessionId)).toEqual([]);
    },
  );
});

describe('Agent runtime across restarts', () => {
  let database: TestDatabase;

  beforeEach(async () => {
    database = await createTestDatabase();
  });

  afterEach(async () => {
    await database.drop();
  });

  /** Boots an app on this test's database, lets `work` use it, and closes it. */
  async function withApp<T>(work: (testApp: TestApp) => Promise<T>): Promise<T> {
    const testApp = await startTestApp(SELECTED_ADAPTER, { env: database.env });
    try {
      return await work(testApp);
    } finally {
      await testApp.close();
    }
  }

  /** Runs an echoing agent (no script) and checks it echoed `content`. */
  async function echo(user: RuntimeUser, sessionId: string, content: string): Promise<string> {
    const { runId, frames } = await runToEnd(user, sessionId, content);
    const message = frames.find((frame) => frame.event === 'message');
    expect(message?.data.content).toBe(`You said: ${content}`);
    return runId;
  }

  /**
   * The input tokens the scripted provider counts for a call (a token per four characters of
   * the system prompt and messages it was sent) when an echoing agent is sent `said` — what
   * the user said before, each echoed back, then the last message.
   */
  function echoInputTokens(systemPrompt: string, said: readonly string[]): number {
    const messages = said.flatMap((content, index) => [
      { role: 'user', content },
      ...(index < said.length - 1
        ? [{ role: 'assistant', thinking: [], text: `You said: ${content}`, toolCalls: [] }]
        : []),
    ]);
    return Math.ceil(JSON.stringify([systemPrompt, messages]).length / 4);
  }

  test('runs before and after a restart: numbers continue 0..n-1, the conversation carries over', async () => {
    const said = ['first', 'second', 'third', 'fourth'];
    const before = await withApp(async (testApp) => {
      const alice = await runtimeUser(testApp, 'alice');
      const { agentId, sessionId } = await alice.session();
      const runIds = [await echo(alice, sessionId, said[0]), await echo(alice, sessionId, said[1])];
      return { agentId, sessionId, runIds };
    });
    const { sessionId } = before;

    await withApp(async (testApp) => {
      const alice = await runtimeUser(testApp, 'alice');
      const runIds = [
        ...before.runIds,
        await echo(alice, sessionId, said[2]),
        await echo(alice, sessionId, said[3]),
      ];
      const log = await durableLog(alice, sessionId);
      await expectGapFree(alice, sessionId, log);
      runBlocks(log, runIds);
      expect(log.map((event) => [event.type, event.content])).toEqual(
        said.flatMap((content) => [
          ['user_message_sent', content],
          ['message', `You said: ${content}`],
        ]),
      );

      // The model was sent the whole conversation, the turns before the restart included.
      const agent = await alice.get(`/api/v1/agents/${before.agentId}`);
      for (const [index, runId] of runIds.entries()) {
        const run = await alice.get(`/api/v1/runs/${runId}`);
        expect([index, run.body.usage.input_tokens]).toEqual([
          index,
          echoInputTokens(agent.body.system_prompt as string, said.slice(0, index + 1)),
        ]);
      }
    });
  });

  /**
   * What a process that died mid-run leaves: a `running` run with the events it had stored,
   * numbered as the event store numbers them.
   */
  async function insertRunningRun(
    testApp: TestApp,
    owner: string,
    sessionId: string,
    stored: readonly Record<string, unknown>[],
  ): Promise<string> {
    return databaseOf(testApp).transaction(async (tx) => {
      const [run] = await tx
        .insert(runs)
        .values({ session_id: sessionId, owner })
        .returning({ id: runs.id });
      for (const [eventIndex, fields] of stored.entries()) {
        const [{ sequenceNumber }] = await tx
          .update(sessions)
          .set({ last_sequence_number: sql`${sessions.last_sequence_number} + 1` })
          .where(eq(sessions.id, sessionId))
          .returning({ sequenceNumber: sessions.last_sequence_number });
        const event = {
          ...fields,
          sessionId,
          runId: run.id,
          eventIndex,
          timestamp: new Date().toISOString(),
          persistenceState: 'persisted',
          sequenceNumber,
        };
        await tx.insert(runEvents).values({
          session_id: sessionId,
          sequence_number: sequenceNumber,
          run_id: run.id,
          event_index: eventIndex,
          type: String(fields.type),
          event,
        });
      }
      return run.id;
    });
  }

  /** A session with one finished run, then one left running by a process that died. */
  function sessionWithInterruptedRun(stored: readonly Record<string, unknown>[]) {
    return withApp(async (testApp) => {
      const alice = await runtimeUser(testApp, 'alice');
      const { sessionId } = await alice.session();
      const finished = await echo(alice, sessionId, 'hello');
      const interrupted = await insertRunningRun(testApp, 'alice', sessionId, stored);
      return { sessionId, finished, interrupted };
    });
  }

  /** The run failed with RUN_INTERRUPTED and an `error` event closes the session's log. */
  async function expectInterrupted(
    user: RuntimeUser,
    sessionId: string,
    runId: string,
  ): Promise<LoggedEvent[]> {
    const run = await user.get(`/api/v1/runs/${runId}`);
    expect(run.body).toMatchObject({
      status: 'failed',
      error: { code: 'RUN_INTERRUPTED' },
      finished_at: expect.any(String),
    });
    const log = await durableLog(user, sessionId);
    await expectGapFree(user, sessionId, log);
    expect(log[log.length - 1]).toMatchObject({ type: 'error', runId, code: 'RUN_INTERRUPTED' });
    return log;
  }

  // Only the embedded database serves a single process, so only it can tell a dead run.
  const embeddedOnly = process.env.DATABASE_URL ? test.skip : test;

  embeddedOnly(
    'a run left running by a process that died is failed on the next start',
    async () => {
      const { sessionId, finished, interrupted } = await sessionWithInterruptedRun([
        { type: 'user_message_sent', content: 'are you there?' },
      ]);

      await withApp(async (testApp) => {
        const alice = await runtimeUser(testApp, 'alice');
        const log = await expectInterrupted(alice, sessionId, interrupted);
        runBlocks(log, [finished, interrupted]);
        expect(typesOf(log)).toEqual([
          'user_message_sent',
          'message',
          'user_message_sent',
          'error',
        ]);
        expect(log[log.length - 1].eventIndex).toBe(1);

        // The session is free again; the unanswered message is read with the next one.
        const { runId, frames } = await runToEnd(alice, sessionId, 'hello again');
        const message = frames.find((frame) => frame.event === 'message');
        expect(message?.data.content).toBe('You said: are you there?\n\nhello again');
        const after = await durableLog(alice, sessionId);
        await expectGapFree(alice, sessionId, after);
        runBlocks(after, [finished, interrupted, runId]);
      });
    },
  );

  embeddedOnly(
    'a tool call cut off by a process that died still gets its tool_result',
    async () => {
      const { sessionId, interrupted } = await sessionWithInterruptedRun([
        { type: 'user_message_sent', content: 'draw it' },
        {
          type: 'message',
          content: 'Drawing.',
          messageId: 'msg_cut',
          stopReason: 'tool_use',
          usage: { input_tokens: 10, output_tokens: 2 },
        },
        {
          type: 'tool_use',
          toolUseId: 'toolu_cut',
          toolName: 'encodePlantUML',
          args: { plantumlCode: '@startuml\nA -> B\n@enduml' },
        },
      ]);

      await withApp(async (testApp) => {
        const alice = await runtimeUser(testApp, 'alice');
        const log = await expectInterrupted(alice, sessionId, interrupted);
        // A tool_use is always followed by its tool_result. The next run replays the conversation
        // to the model, and providers refuse a tool call that has no result.
        expectToolCallsAnswered(log);
      });
    },
  );
});
