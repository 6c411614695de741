import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DatabaseConfig } from '../../database/database.config';
import { Transactions } from '../../database/transactions';
import { EventStore } from '../events/event-store.repository';
import { RunsRepository } from './runs.repository';

const INTERRUPTED = {
  code: 'RUN_INTERRUPTED',
  message: 'The server stopped while the run was running',
};

/**
 * The embedded database serves one process, so a run still `running` when that process starts
 * was cut off by a crash: it is ended as failed with an `error` event, freeing its session.
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
      const stored = await this.events.listByRun(run.id, -1);
      await this.transactions.run(async () => {
        await this.events.append({
          type: 'error',
          sessionId: run.session_id,
          runId: run.id,
          eventIndex: (stored[stored.length - 1]?.eventIndex ?? -1) + 1,
          timestamp: new Date().toISOString(),
          persistenceState: 'persisted',
          error: INTERRUPTED.message,
          code: INTERRUPTED.code,
        });
        await this.runs.finish(run.id, {
          status: 'failed',
          stopReason: null,
          usage: { input_tokens: run.input_tokens, output_tokens: run.output_tokens },
          error: INTERRUPTED,
        });
      });
      this.logger.warn(`Run ${run.id} was interrupted by a restart and is marked failed`);
    }
  }
}
