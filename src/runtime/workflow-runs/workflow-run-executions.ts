import {
  type BeforeApplicationShutdown,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { ClusterBus, ClusterInstance } from '../../cluster/cluster-buses';
import { ClusterConfig } from '../../cluster/cluster.config';
import { DatabaseConfig } from '../../database/database.config';
import { JobQueue } from '../../jobs/job-queue';
import { ActiveWork } from '../runs/active-work';
import { RunCancelledError } from '../runtime.errors';
import { WorkflowRunLeftError } from './workflow-run.errors';
import { WorkflowRunStreams } from './workflow-run-streams';
import { type WorkflowRunRow, WorkflowRunsRepository } from './workflow-runs.repository';

/** Asks the instance executing a workflow run to cancel it (`{ workflowRunId }`). */
const CANCEL_CHANNEL = 'toolhub_workflow_run_cancel';

/** The queue of workflow runs to take over: one job waits per run at a time. */
const PICK_UP_QUEUE = 'workflow-run-pick-up';

interface PickUpJob {
  workflowRunId: string;
  /** How long it has been silent when it was found, so its claim asks for the same. */
  silentSeconds: number;
}

/**
 * The workflow runs this process executes, and the pick-up of those nobody executes.
 *
 * - Shutting down leaves them active (their steps' runs end interrupted): they resume.
 * - The embedded database serves one process: at start, every active workflow run was left by
 *   the last one, and is picked up at once.
 * - On a PostgreSQL server the executing instance records a heartbeat every
 *   `RUN_HEARTBEAT_SECONDS`; every instance looks, at that pace, for the workflow runs silent for
 *   `RUN_HEARTBEAT_TIMEOUT_SECONDS`.
 * A run found so becomes a job of the job queue (one per run at a time; retried if the instance
 * taking it over dies meanwhile); the job claims the run by a conditional update, so exactly
 * one instance resumes it.
 */
@Injectable()
export class WorkflowRunExecutions
  implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown
{
  private readonly logger = new Logger('WorkflowRuns');
  private readonly work = new ActiveWork();
  private timer?: NodeJS.Timeout;
  private heartbeat?: NodeJS.Timeout;
  private pickingUp?: Promise<void>;
  private stopping = false;
  private resume: (run: WorkflowRunRow) => void = () => undefined;

  constructor(
    private readonly repository: WorkflowRunsRepository,
    private readonly streams: WorkflowRunStreams,
    private readonly instance: ClusterInstance,
    private readonly cluster: ClusterConfig,
    private readonly database: DatabaseConfig,
    private readonly bus: ClusterBus,
    private readonly jobs: JobQueue,
  ) {}

  /** Who resumes a picked-up workflow run (the runner, which depends on this). */
  resumeWith(resume: (run: WorkflowRunRow) => void): void {
    this.resume = resume;
  }

  async onModuleInit(): Promise<void> {
    await this.jobs.work<PickUpJob>(PICK_UP_QUEUE, ({ data }) => this.takeOver(data), {
      policy: 'short',
      retryLimit: 3,
      retryDelaySeconds: 5,
      retryBackoff: true,
      expireInSeconds: 60,
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    // How far each stream got is recorded on both databases: a resumed stream goes on after it.
    this.heartbeat = setInterval(
      () => void this.beat(),
      this.cluster.RUN_HEARTBEAT_SECONDS * 1000,
    ).unref();
    if (this.database.DATABASE_URL === '') {
      await this.pickUp(0);
      return;
    }
    await this.bus.subscribe(CANCEL_CHANNEL, {
      message: (message) => {
        const { workflowRunId } = JSON.parse(message) as { workflowRunId?: unknown };
        if (typeof workflowRunId === 'string')
          this.work.abort(workflowRunId, new RunCancelledError());
      },
    });
    await this.pickUp(this.cluster.RUN_HEARTBEAT_TIMEOUT_SECONDS);
    this.timer = setInterval(
      () => void this.pickUpStale(),
      this.cluster.RUN_HEARTBEAT_SECONDS * 1000,
    ).unref();
  }

  /** Stopping: every workflow run here stops where it is, recording nothing, to resume later. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    clearInterval(this.heartbeat);
    await this.pickingUp;
    await this.work.abortAll(() => new WorkflowRunLeftError());
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
    clearInterval(this.heartbeat);
  }

  start(id: string, work: (signal: AbortSignal) => Promise<void>): void {
    this.work.start(id, work);
  }

  /** Aborts the workflow run here, or asks the instance executing it; false if not here. */
  cancel(id: string): boolean {
    if (this.work.abort(id, new RunCancelledError())) return true;
    this.bus.publish(CANCEL_CHANNEL, JSON.stringify({ workflowRunId: id }));
    return false;
  }

  settled(id: string): Promise<void> {
    return this.work.settled(id);
  }

  /**
   * Picks up the workflow runs silent for the heartbeat timeout now, as the timer does (public:
   * a test drives a pick-up rather than wait for the timer).
   */
  pickUpStale(): Promise<void> {
    return this.pickUp(this.cluster.RUN_HEARTBEAT_TIMEOUT_SECONDS);
  }

  private pickUp(seconds: number): Promise<void> {
    this.pickingUp ??= this.claimStale(seconds)
      .catch((error: unknown) =>
        this.logger.warn({ err: error }, 'Picking up workflow runs failed'),
      )
      .finally(() => (this.pickingUp = undefined));
    return this.pickingUp;
  }

  private async claimStale(seconds: number): Promise<void> {
    for (const stale of await this.repository.findStale(seconds)) {
      if (this.stopping) return;
      await this.jobs.send<PickUpJob>(
        PICK_UP_QUEUE,
        { workflowRunId: stale.id, silentSeconds: seconds },
        { singletonKey: stale.id },
      );
    }
  }

  /** Resumes the workflow run here, if it is still silent (one claimant wins). */
  private async takeOver({ workflowRunId, silentSeconds }: PickUpJob): Promise<void> {
    if (this.stopping || this.work.ids().includes(workflowRunId)) return;
    const claimed = await this.repository.claim(workflowRunId, silentSeconds, this.instance.id);
    if (!claimed) return;
    this.logger.warn(`Workflow run ${claimed.id} was left by its server: resuming it`);
    this.resume(claimed);
  }

  private async beat(): Promise<void> {
    const beats = this.work.ids().map((id) => ({
      id,
      nextEventIndex: this.streams.nextEventIndex(id),
    }));
    try {
      for (const lost of await this.repository.beat(beats, this.instance.id)) {
        if (lost.status === 'cancelled') {
          // Cancelled elsewhere while it runs here (the notice may not have come).
          this.work.abort(lost.id, new RunCancelledError());
        } else if (this.work.abort(lost.id, new WorkflowRunLeftError())) {
          // Taken over by another instance after heartbeats this one missed: it stops here.
          this.logger.warn({ workflowRunId: lost.id }, 'A workflow run was taken over elsewhere');
        }
      }
    } catch (error) {
      this.logger.warn({ err: error }, 'The heartbeat of the workflow runs was not recorded');
    }
  }
}
