import { createHash, randomUUID } from 'node:crypto';
import { BudgetMeter } from '../../budgets/budget-meter';
import { BUDGET_DIMENSIONS } from '../../database/schema';
import { Injectable } from '@nestjs/common';
import { failSpan, traceParentOf } from '../../core/telemetry/tracing';
import { type Principal } from '../../api-keys/principal';
import { ClusterInstance } from '../../cluster/cluster-buses';
import { isUniqueViolation } from '../../database/postgres-errors';
import { isActiveRunStatus, type WorkflowRunStep } from '../../database/schema';
import { DatabaseConfig } from '../../database/database.config';
import { ClusterConfig } from '../../cluster/cluster.config';
import { ResourceNotFoundError } from '../../registry/common/registry.errors';
import { ToolParametersCompiler } from '../../registry/tools/tool-parameters';
import {
  type WorkflowDefinition,
  WorkflowsRepository,
} from '../../registry/workflows/workflows.repository';
import { inputCheckOf } from '../../tools/tool-input-check';
import { RunCanceller } from '../approvals/run-canceller';
import { RunsRepository } from '../runs/runs.repository';
import { IdempotencyKeyReusedError, RunFinishedError } from '../runtime.errors';
import { WebhookOutbox, type WebhookState } from '../../webhooks/webhook-outbox';
import { WebhookTargets } from '../../webhooks/webhook-targets';
import { InvalidWorkflowInputError, WorkflowRunNotFoundError } from './workflow-run.errors';
import { type WorkflowRunEvent } from './workflow-run-event.types';
import { topLevelPath } from './step-paths';
import { stepStartedFields } from './step-started';
import { pinnedSteps } from './pinned-steps';
import { WorkflowRunExecutions } from './workflow-run-executions';
import { startWorkflowRunSpan } from './workflow-run-spans';
import { WorkflowRunStreams } from './workflow-run-streams';
import { WorkflowRunner } from './workflow-runner';
import { type WorkflowRunRow, WorkflowRunsRepository } from './workflow-runs.repository';

export interface WorkflowRunRequest {
  input: unknown;
  webhookUrl?: string;
}

/** Where a workflow run comes from: the user it acts for, and the run that called it, if any. */
export interface WorkflowRunOrigin {
  owner: string;
  /** The API key it was asked for with, for the key's budgets. */
  keyId?: string;
  idempotencyKey?: string;
  parentRunId?: string;
  depth: number;
}

/** Starts, reads, lists and cancels workflow runs, for their owner. */
@Injectable()
export class WorkflowRunsService {
  constructor(
    private readonly workflows: WorkflowsRepository,
    private readonly inputSchemas: ToolParametersCompiler,
    private readonly repository: WorkflowRunsRepository,
    private readonly streams: WorkflowRunStreams,
    private readonly runner: WorkflowRunner,
    private readonly executions: WorkflowRunExecutions,
    private readonly instance: ClusterInstance,
    private readonly runs: RunsRepository,
    private readonly canceller: RunCanceller,
    private readonly webhookTargets: WebhookTargets,
    private readonly webhooks: WebhookOutbox,
    private readonly database: DatabaseConfig,
    private readonly cluster: ClusterConfig,
    private readonly budgets: BudgetMeter,
  ) {}

  /**
   * Starts a run of the workflow in the background and returns it; with an idempotency key
   * already used for the same request, returns that request's run instead.
   */
  async start(
    workflowId: string,
    request: WorkflowRunRequest,
    origin: WorkflowRunOrigin,
  ): Promise<WorkflowRunRow> {
    if (request.webhookUrl !== undefined) this.webhookTargets.check(request.webhookUrl);
    const workflow = await this.workflows.definitionOf(workflowId);
    if (!workflow) throw new ResourceNotFoundError('Workflow', workflowId);
    const requestHash = origin.idempotencyKey && hashOf(workflow.id, request);
    const earlier = await this.earlierRun(origin, requestHash);
    if (earlier) return earlier;
    this.assertValidInput(workflow, request.input);
    // Its steps are charged as they run; one that could not take its first step is not started.
    await this.budgets.checkLeft(
      { user: origin.owner, keyId: origin.keyId },
      BUDGET_DIMENSIONS,
      origin.parentRunId === undefined ? 'rest' : 'run',
    );
    // What the run executes, whatever edits of the workflow come later.
    const steps = pinnedSteps(workflow.steps);
    const id = randomUUID();
    const opening = openingEvents(id, request.input, steps);
    const span = startWorkflowRunSpan(workflow, id);
    let started: { row: WorkflowRunRow; opening: WorkflowRunEvent[] };
    try {
      started = await this.repository.insert(
        {
          workflowId: workflow.id,
          owner: origin.owner,
          keyId: origin.keyId,
          input: request.input,
          steps,
          idempotencyKey: origin.idempotencyKey,
          requestHash,
          webhookUrl: request.webhookUrl,
          parentRunId: origin.parentRunId,
          depth: origin.depth,
          instanceId: this.instance.id,
          traceParent: traceParentOf(span),
        },
        opening,
      );
    } catch (error) {
      // A concurrent request with the same key stored its run first: that run is the answer,
      // and this span stands for nothing that ran.
      const raced = isUniqueViolation(error) && (await this.earlierRun(origin, requestHash));
      if (raced) span.setAttribute('toolhub.workflow_run.replayed', true);
      else failSpan(span, error);
      span.end();
      if (raced) return raced;
      throw error;
    }
    this.streams.open(started.row.id);
    started.opening.forEach((event) => this.streams.publish(event));
    this.runner.launch(started.row, {
      nextEventIndex: opening.length,
      firstStepStarted: steps.length > 0,
      span,
    });
    return started.row;
  }

  async find(principal: Principal, id: string): Promise<WorkflowRunRow> {
    const run = await this.repository.findOwned(id, principal.user);
    if (!run) throw new WorkflowRunNotFoundError(id);
    return run;
  }

  /** One page of the caller's runs of the workflow, newest first. */
  async list(principal: Principal, workflowId: string, page: { limit: number; offset: number }) {
    const workflow = await this.workflows.find(workflowId);
    if (!workflow) throw new ResourceNotFoundError('Workflow', workflowId);
    return this.repository.listOwned(principal.user, workflow.id, page);
  }

  /** Its step runs at every depth, in path order. */
  stepRuns(run: WorkflowRunRow) {
    return this.repository.stepRuns(run.id);
  }

  /** How the latest webhook delivery about it stands; null when it has no webhook. */
  webhookOf(run: WorkflowRunRow): Promise<WebhookState | null> {
    return this.webhooks.stateOf('workflow_run', run.id);
  }

  /** Asks a workflow run to stop, wherever it executes; RUN_FINISHED once it has ended. */
  async cancel(principal: Principal, id: string): Promise<WorkflowRunRow> {
    const run = await this.find(principal, id);
    return this.stop(run);
  }

  async stop(run: WorkflowRunRow): Promise<WorkflowRunRow> {
    if (!isActiveRunStatus(run.status)) throw new RunFinishedError(run.id, run.status);
    if (this.executions.cancel(run.id)) return run;
    // Not executed here: the instance executing it stops on the notice. One that is silent is
    // gone (on the embedded database, any run not executed here is): it ends where it stands.
    const silentFor =
      this.database.DATABASE_URL === '' ? 0 : this.cluster.RUN_HEARTBEAT_TIMEOUT_SECONDS;
    const cancelled = await this.repository.cancelSilent(run.id, silentFor);
    if (!cancelled) return run;
    await this.runner.announceEnd(cancelled.run);
    const stepRun = cancelled.stepRunId ? await this.runs.find(cancelled.stepRunId) : undefined;
    if (stepRun && isActiveRunStatus(stepRun.status)) await this.canceller.cancelRun(stepRun);
    return run;
  }

  /** Resolves once the workflow run has ended, when this process executes it. */
  settled(id: string): Promise<void> {
    return this.executions.settled(id);
  }

  private async earlierRun(
    origin: WorkflowRunOrigin,
    requestHash: string | undefined,
  ): Promise<WorkflowRunRow | undefined> {
    if (!origin.idempotencyKey) return undefined;
    const earlier = await this.repository.findByIdempotencyKey(origin.owner, origin.idempotencyKey);
    if (earlier && earlier.request_hash !== requestHash) throw new IdempotencyKeyReusedError();
    return earlier;
  }

  private assertValidInput(workflow: WorkflowDefinition, input: unknown): void {
    const issues = inputCheckOf(this.inputSchemas.compile(workflow.input_schema))(input);
    if (issues.length > 0) throw new InvalidWorkflowInputError(workflow.name, issues);
  }
}

function hashOf(workflowId: string, request: WorkflowRunRequest): string {
  const asked = [workflowId, request.input ?? null, request.webhookUrl ?? null];
  return createHash('sha256').update(JSON.stringify(asked)).digest('hex');
}

/**
 * A new workflow run's first events: its start and, as the first step starts at once, that
 * step's start, stored with the run by the same statement.
 */
function openingEvents(
  workflowRunId: string,
  input: unknown,
  steps: readonly WorkflowRunStep[],
): WorkflowRunEvent[] {
  const opened = { workflowRunId, timestamp: new Date().toISOString() } as const;
  const started: WorkflowRunEvent = {
    ...opened,
    type: 'workflow_started',
    eventIndex: 0,
    persistenceState: 'persisted',
    input,
  };
  if (steps.length === 0) return [started];
  const firstStep: WorkflowRunEvent = {
    ...opened,
    type: 'step_started',
    eventIndex: 1,
    persistenceState: 'persisted',
    ...stepStartedFields(steps[0], { stepIndex: 0 }),
    stepPath: topLevelPath(0),
  };
  return [started, firstStep];
}
