import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { ClusterBus, ClusterInstance } from '../../cluster/cluster-buses';
import { ClusterConfig } from '../../cluster/cluster.config';
import { DatabaseConfig } from '../../database/database.config';
import { RunCancelledError, RunEndedElsewhereError } from '../runtime.errors';
import { RunStreams } from '../streams/run-streams.service';
import { ActiveWork } from './active-work';
import { type RunBeat, RunsRepository } from './runs.repository';

/** Asks the instance executing a run to cancel it (`{ runId }`). */
const CANCEL_CHANNEL = 'toolhub_run_cancel';

/**
 * The runs this process is executing: how to cancel each and when each is done. On a
 * PostgreSQL server, it records their heartbeat every `RUN_HEARTBEAT_SECONDS`, which tells the
 * other instances they are alive (see `InterruptedRuns`), and cancels a run of its own when
 * another instance is asked to.
 */
@Injectable()
export class ActiveRuns implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Runs');
  private readonly runs = new ActiveWork();
  /** Runs that are steps of a workflow run: left running at shutdown, to be resumed. */
  private readonly leftAtShutdown = new Set<string>();
  private heartbeat?: NodeJS.Timeout;

  constructor(
    private readonly repository: RunsRepository,
    private readonly streams: RunStreams,
    private readonly instance: ClusterInstance,
    private readonly cluster: ClusterConfig,
    private readonly database: DatabaseConfig,
    private readonly bus: ClusterBus,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // The embedded database serves one process: nobody else could end its runs.
    if (this.database.DATABASE_URL === '') return;
    await this.bus.subscribe(CANCEL_CHANNEL, {
      message: (message) => {
        const { runId } = JSON.parse(message) as { runId?: unknown };
        if (typeof runId === 'string') this.abort(runId);
      },
    });
    this.heartbeat = setInterval(
      () => void this.beat(),
      this.cluster.RUN_HEARTBEAT_SECONDS * 1000,
    ).unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.heartbeat);
  }

  /**
   * Starts `work` for the run; it is forgotten once it settles. A run `leftAtShutdown` is not
   * cancelled when the server stops: it stays running, to be ended interrupted by the next
   * sweep, so the workflow run it is a step of runs the step again.
   */
  start(
    runId: string,
    work: (signal: AbortSignal) => Promise<void>,
    options: { leftAtShutdown?: boolean } = {},
  ): void {
    if (options.leftAtShutdown) this.leftAtShutdown.add(runId);
    else this.leftAtShutdown.delete(runId);
    this.runs.start(runId, work);
    void this.runs.settled(runId).then(() => {
      if (!this.runs.ids().includes(runId)) this.leftAtShutdown.delete(runId);
    });
  }

  /**
   * Aborts the run's model call and tools; false when this process is not running it. Then
   * the instance that runs it, if any, is asked to abort it (it records `complete` with
   * `cancelled` for its followers; the caller ends the run in the database meanwhile).
   */
  cancel(runId: string): boolean {
    if (this.abort(runId)) return true;
    this.bus.publish(CANCEL_CHANNEL, JSON.stringify({ runId }));
    return false;
  }

  private abort(runId: string, reason: Error = new RunCancelledError()): boolean {
    return this.runs.abort(runId, reason);
  }

  /** Resolves when the run is done here (at once if this process is not running it). */
  settled(runId: string): Promise<void> {
    return this.runs.settled(runId);
  }

  /**
   * Shutting down: every run is cancelled and records its end, but a workflow's step, which
   * stops recording nothing.
   */
  async cancelAll(): Promise<void> {
    await this.runs.abortAll((runId) =>
      this.leftAtShutdown.has(runId) ? new RunEndedElsewhereError() : new RunCancelledError(),
    );
  }

  private async beat(): Promise<void> {
    const beats = this.runs.ids().map((id) => ({
      id,
      nextEventIndex: this.streams.nextEventIndex(id),
    }));
    let found: RunBeat[];
    try {
      found = await this.repository.beat(beats, this.instance.id);
    } catch (error) {
      this.logger.warn({ err: error }, 'The heartbeat of the running runs was not recorded');
      return;
    }
    for (const { id, status, errorCode } of found) {
      // Ended elsewhere while it runs here: cancelled on another instance (whose notice may
      // not have come), or ended RUN_INTERRUPTED after heartbeats this instance missed.
      if (status === 'cancelled') this.abort(id);
      const interrupted = status === 'failed' && errorCode === 'RUN_INTERRUPTED';
      if (interrupted && this.abort(id, new RunEndedElsewhereError())) {
        this.logger.warn({ runId: id }, 'A run this instance executes was ended elsewhere');
      }
    }
  }
}
