import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { ClusterConfig } from '../../cluster/cluster.config';
import { DatabaseConfig } from '../../database/database.config';
import { Transactions } from '../../database/transactions';
import { EventStore } from '../events/event-store.repository';
import { type RunEvent, type RunEventFields, type RunEventType } from '../events/run-event.types';
import { RunStreams } from '../streams/run-streams.service';
import { ApprovalsService } from '../approvals/approvals.service';
import { CallApprovals } from '../approvals/call-approvals';
import { type RunRow, RunsRepository } from './runs.repository';

const INTERRUPTED = {
  code: 'RUN_INTERRUPTED',
  message: 'The server stopped while the run was running',
};

/**
 * Ends runs whose process is gone: as failed, with their open tool calls answered (a provider
 * refuses a conversation with an unanswered tool call) and an `error` event (`RUN_INTERRUPTED`),
 * so their sessions take new runs again.
 *
 * - The embedded database serves one process: a run still `running` when it starts was cut off
 *   by a crash, and is ended at once.
 * - On a PostgreSQL server, the instance executing a run records a heartbeat every
 *   `RUN_HEARTBEAT_SECONDS` (`ActiveRuns`); every instance sweeps, at the same pace, the runs
 *   whose heartbeat is older than `RUN_HEARTBEAT_TIMEOUT_SECONDS`. A run is locked
 *   (`FOR UPDATE SKIP LOCKED`) while it is ended, so two sweepers never both end it.
 */
@Injectable()
export class InterruptedRuns implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Runs');
  private timer?: NodeJS.Timeout;
  private sweeping?: Promise<void>;

  constructor(
    private readonly runs: RunsRepository,
    private readonly events: EventStore,
    private readonly transactions: Transactions,
    private readonly streams: RunStreams,
    private readonly database: DatabaseConfig,
    private readonly cluster: ClusterConfig,
    private readonly approvals: ApprovalsService,
    private readonly calls: CallApprovals,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.database.DATABASE_URL === '') {
      await this.sweep(0, 'a restart');
      return;
    }
    await this.sweepStale();
    this.timer = setInterval(
      () => void this.sweepStale(),
      this.cluster.RUN_HEARTBEAT_SECONDS * 1000,
    ).unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.sweeping;
  }

  /**
   * Ends the runs without a heartbeat for `RUN_HEARTBEAT_TIMEOUT_SECONDS`, as the timer does
   * every `RUN_HEARTBEAT_SECONDS` (public: a test drives a sweep rather than wait for the timer).
   * One sweep at a time; a failed one is logged and the next interval tries again.
   */
  sweepStale(): Promise<void> {
    this.sweeping ??= this.sweep(this.cluster.RUN_HEARTBEAT_TIMEOUT_SECONDS, 'a lost heartbeat')
      .catch((error: unknown) => this.logger.warn({ err: error }, 'Sweeping stale runs failed'))
      .finally(() => (this.sweeping = undefined));
    return this.sweeping;
  }

  /**
   * Ends, one by one, every running run without a heartbeat for `seconds` (or whose caller was
   * interrupted), then cancels the paused runs whose caller was.
   */
  private async sweep(seconds: number, cause: string): Promise<void> {
    for (;;) {
      const ended = await this.transactions.run(async () => {
        const run = await this.runs.lockStale(seconds);
        if (!run) return undefined;
        return { run, events: await this.end(run, await this.events.listByRun(run.id, -1)) };
      });
      if (!ended) break;
      // Followers anywhere see the run end: here and, over the live bus, on other instances.
      ended.events.forEach((event) => this.streams.publish(event));
      this.streams.finish(ended.run.id);
      this.logger.warn(`Run ${ended.run.id} was interrupted by ${cause} and is marked failed`);
    }
    // A run paused for approval whose caller was interrupted must not run an approved tool for
    // nobody: its approvals are cancelled, which ends it cancelled.
    for (const orphan of await this.runs.findPausedOrphans()) {
      await this.approvals.cancelPaused(orphan.id);
      this.logger.warn(`Run ${orphan.id} waited for approval for an interrupted run: cancelled`);
    }
  }

  /** Answers the open tool calls, appends the `error` and ends the run (in the caller's unit). */
  private async end(run: RunRow, stored: readonly RunEvent[]): Promise<RunEvent[]> {
    // Events appended after the last stored one: a paused run's `approval_resolved` events
    // take indexes from the run row, so the larger of the two is the next free index.
    let eventIndex = Math.max(
      stored.reduce((max, event) => Math.max(max, event.eventIndex), -1),
      run.next_event_index - 1,
    );
    const appended: RunEvent[] = [];
    const append = async <T extends RunEventType>(type: T, fields: RunEventFields[T]) => {
      appended.push(
        await this.events.append({
          type,
          sessionId: run.session_id,
          runId: run.id,
          eventIndex: ++eventIndex,
          timestamp: new Date().toISOString(),
          persistenceState: 'persisted',
          ...fields,
        } as RunEvent),
      );
    };
    // A call that waited for its user's decision is gone with the run: nobody may decide it.
    for (const approval of await this.calls.cancelPending(run.id, INTERRUPTED.message)) {
      await append('approval_resolved', {
        approvalId: approval.id,
        toolUseId: approval.tool_use_id,
        approved: false,
        reason: approval.reason,
      });
    }
    const answered = new Set(
      stored.flatMap((event) => (event.type === 'tool_result' ? [event.toolUseId] : [])),
    );
    const unanswered = stored.filter(
      (event): event is RunEvent<'tool_use'> =>
        event.type === 'tool_use' && !answered.has(event.toolUseId),
    );
    for (const call of unanswered) {
      await append('tool_result', {
        toolUseId: call.toolUseId,
        toolName: call.toolName,
        success: false,
        result: null,
        error: INTERRUPTED.message,
        code: INTERRUPTED.code,
      });
    }
    await append('error', { error: INTERRUPTED.message, code: INTERRUPTED.code });
    await this.runs.finish(run.id, {
      status: 'failed',
      stopReason: null,
      usage: { input_tokens: run.input_tokens, output_tokens: run.output_tokens },
      error: INTERRUPTED,
    });
    return appended;
  }
}
