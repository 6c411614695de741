import { createHash } from 'node:crypto';
import { type BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { type Principal } from '../../api-keys/principal';
import { isUniqueViolation, violatedConstraintOf } from '../../database/postgres-errors';
import { Transactions } from '../../database/transactions';
import { EventStore } from '../events/event-store.repository';
import { type RunEvent } from '../events/run-event.types';
import { RuntimeMetrics } from '../runtime.metrics';
import {
  IdempotencyKeyReusedError,
  RunFinishedError,
  RunNotFoundError,
  SessionBusyError,
  SessionNotFoundError,
} from '../runtime.errors';
import { SessionsRepository, type SessionRow } from '../sessions/sessions.repository';
import { RunStreams } from '../streams/run-streams.service';
import { ActiveRuns } from './active-runs';
import { conversationOf } from './conversation-history';
import { RunEventSink } from './run-event-sink';
import { RunOrchestrator } from './run-orchestrator';
import { type RunOptions, RunPlanner } from './run-planner';
import { ONE_RUNNING_PER_SESSION, type RunRow, RunsRepository } from './runs.repository';

export interface RunRequest extends RunOptions {
  content: string;
}

/** Starts, reads and cancels runs (seed 002's `runGraph`), for the owner of their session. */
@Injectable()
export class RunsService implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Runs');

  constructor(
    private readonly sessions: SessionsRepository,
    private readonly runs: RunsRepository,
    private readonly events: EventStore,
    private readonly transactions: Transactions,
    private readonly planner: RunPlanner,
    private readonly orchestrator: RunOrchestrator,
    private readonly streams: RunStreams,
    private readonly active: ActiveRuns,
    private readonly metrics: RuntimeMetrics,
  ) {}

  /**
   * Starts a run in the background and returns it. With an idempotency key already used for
   * the same request, returns that request's run instead of starting another.
   */
  async start(
    principal: Principal,
    sessionId: string,
    request: RunRequest,
    idempotencyKey?: string,
  ): Promise<RunRow> {
    const session = await this.sessions.findOwned(sessionId, principal.user);
    if (!session) throw new SessionNotFoundError(sessionId);
    const requestHash = idempotencyKey && hashOf(session.id, request);
    if (idempotencyKey) {
      const earlier = await this.runs.findByIdempotencyKey(principal.user, idempotencyKey);
      if (earlier) return sameRequestOrRefuse(earlier, requestHash);
    }
    const plan = await this.planner.plan(session, request);
    // Read before the run exists: the session has no active run, so nothing is appended meanwhile.
    const earlierEvents = await this.events.listBySession(session.id);
    let started: { run: RunRow; first: RunEvent };
    try {
      started = await this.insertRun(session, principal, request, idempotencyKey, requestHash);
    } catch (error) {
      const refusal = await this.explainRefusal(error, session, principal, idempotencyKey);
      if ('run' in refusal) return sameRequestOrRefuse(refusal.run, requestHash);
      throw refusal.error;
    }
    const { run, first } = started;
    const history = conversationOf([...earlierEvents, first]);
    this.streams.open(run.id);
    this.streams.publish(first);
    const sink = new RunEventSink(
      { sessionId: session.id, runId: run.id },
      first.eventIndex + 1,
      this.events,
      this.streams,
      this.transactions,
    );
    this.metrics.runsStarted.inc({ provider: plan.agent.model_config.provider });
    this.active.start(run.id, async (signal) => {
      try {
        await this.orchestrator.execute({ ...plan, runId: run.id, history }, sink, signal);
      } catch (error) {
        // Only a run whose end could not be stored gets here (the database is gone).
        this.logger.error({ err: error, runId: run.id }, 'Run could not record its end');
      } finally {
        await sink.drained();
        this.streams.finish(run.id);
      }
    });
    return run;
  }

  async find(principal: Principal, id: string): Promise<RunRow> {
    const run = await this.runs.findOwned(id, principal.user);
    if (!run) throw new RunNotFoundError(id);
    return run;
  }

  /** Asks a running run to stop; it records its cancellation itself. */
  async cancel(principal: Principal, id: string): Promise<RunRow> {
    const run = await this.find(principal, id);
    if (run.status !== 'running') throw new RunFinishedError(run.id, run.status);
    if (!this.active.cancel(run.id)) {
      // Nobody here runs it: its process is gone, so end it where it stands.
      await this.runs.finish(run.id, {
        status: 'cancelled',
        stopReason: 'cancelled',
        usage: { input_tokens: run.input_tokens, output_tokens: run.output_tokens },
      });
    }
    return run;
  }

  /** Resolves once the run has ended, when this process runs it. */
  settled(runId: string): Promise<void> {
    return this.active.settled(runId);
  }

  /** Shutting down: every run here is cancelled and records its end before the database closes. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.active.cancelAll();
  }

  /** The run and its first event, `user_message_sent`, stored together. */
  private insertRun(
    session: SessionRow,
    principal: Principal,
    request: RunRequest,
    idempotencyKey: string | undefined,
    requestHash: string | undefined,
  ): Promise<{ run: RunRow; first: RunEvent }> {
    return this.transactions.run(async () => {
      const run = await this.runs.insertRunning({
        sessionId: session.id,
        owner: principal.user,
        idempotencyKey,
        requestHash,
      });
      const first = await this.events.append({
        type: 'user_message_sent',
        sessionId: session.id,
        runId: run.id,
        eventIndex: 0,
        timestamp: new Date().toISOString(),
        persistenceState: 'persisted',
        content: request.content,
      });
      return { run, first };
    });
  }

  /**
   * Why the database refused a new run: the session is busy, or a concurrent request with the
   * same idempotency key started its run first (that run is the answer if the request matches).
   */
  private async explainRefusal(
    error: unknown,
    session: SessionRow,
    principal: Principal,
    idempotencyKey: string | undefined,
  ): Promise<{ run: RunRow } | { error: unknown }> {
    if (!isUniqueViolation(error)) return { error };
    const constraint = violatedConstraintOf(error);
    // A racing request with the same key may be reported against either index (PostgreSQL
    // names the first one the insert conflicts with), so the key decides first.
    if (idempotencyKey) {
      const earlier = await this.runs.findByIdempotencyKey(principal.user, idempotencyKey);
      if (earlier) return { run: earlier };
    }
    if (constraint === ONE_RUNNING_PER_SESSION) {
      const running = await this.runs.findRunning(session.id);
      return { error: new SessionBusyError(running?.id ?? 'unknown', 'start a run') };
    }
    return { error };
  }
}

function sameRequestOrRefuse(earlier: RunRow, requestHash: string | undefined): RunRow {
  if (earlier.request_hash !== requestHash) throw new IdempotencyKeyReusedError();
  return earlier;
}

function hashOf(sessionId: string, request: RunRequest): string {
  const { content, enable_thinking = false, thinking_budget = null } = request;
  return createHash('sha256')
    .update(JSON.stringify([sessionId, content, enable_thinking, thinking_budget]))
    .digest('hex');
}
