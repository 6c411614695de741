import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DatabaseConfig } from '../../database/database.config';
import { Transactions } from '../../database/transactions';
import { EventStore } from '../events/event-store.repository';
import { type RunEvent, type RunEventFields, type RunEventType } from '../events/run-event.types';
import { type RunRow, RunsRepository } from './runs.repository';

const INTERRUPTED = {
  code: 'RUN_INTERRUPTED',
  message: 'The server stopped while the run was running',
};

/**
 * The embedded database serves one process, so a run still `running` when that process starts
 * was cut off by a crash: it is ended as failed, its open tool calls answered (a provider
 * refuses a conversation with an unanswered tool call), and its session freed for new runs.
 * (On a PostgreSQL server, other instances may be running those runs: they are left alone.)
 */
@Injectable()
export class InterruptedRuns implements OnApplicationBootstrap {
  private readonly logger = new Logger('Runs');

  constructor(
    private readonly runs: RunsRepository,
    private readonly events: EventStore,
    private readonly transactions: Transactions,
    private readonly database: DatabaseConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.database.DATABASE_URL !== '') return;
    for (const run of await this.runs.listRunning()) {
      await this.end(run, await this.events.listByRun(run.id, -1));
      this.logger.warn(`Run ${run.id} was interrupted by a restart and is marked failed`);
    }
  }

  private end(run: RunRow, stored: readonly RunEvent[]): Promise<void> {
    let eventIndex = stored[stored.length - 1]?.eventIndex ?? -1;
    const append = <T extends RunEventType>(type: T, fields: RunEventFields[T]) =>
      this.events.append({
        type,
        sessionId: run.session_id,
        runId: run.id,
        eventIndex: ++eventIndex,
        timestamp: new Date().toISOString(),
        persistenceState: 'persisted',
        ...fields,
      } as RunEvent);
    const answered = new Set(
      stored.flatMap((event) => (event.type === 'tool_result' ? [event.toolUseId] : [])),
    );
    const unanswered = stored.filter(
      (event): event is RunEvent<'tool_use'> =>
        event.type === 'tool_use' && !answered.has(event.toolUseId),
    );
    return this.transactions.run(async () => {
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
    });
  }
}
