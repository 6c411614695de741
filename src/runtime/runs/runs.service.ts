import { createHash, randomUUID } from 'node:crypto';
import { type AuditTransport } from '../../audit/audit-event';
import { BudgetMeter } from '../../budgets/budget-meter';
import { type BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { type Span, context, trace } from '@opentelemetry/api';
import { failSpan, traceParentOf } from '../../core/telemetry/tracing';
import { type Principal } from '../../api-keys/principal';
import {
  isForeignKeyViolation,
  isUniqueViolation,
  violatedConstraintOf,
} from '../../database/postgres-errors';
import { Transactions } from '../../database/transactions';
import { type AttachmentFile, FilesService } from '../../files/files.service';
import { type MessageAttachment } from '../../providers/model-provider.contract';
import { type AgentWithTools } from '../../registry/agents/agents.repository';
import { EventStore } from '../events/event-store.repository';
import { type RunEvent } from '../events/run-event.types';
import { executionOutcomeOf } from '../execution-outcome';
import { RuntimeMetrics } from '../runtime.metrics';
import {
  AttachmentNotSupportedError,
  IdempotencyKeyReusedError,
  RunFinishedError,
  RunNotFoundError,
  PendingApprovalError,
  SessionBusyError,
  SessionNotFoundError,
} from '../runtime.errors';
import { SessionsRepository, type SessionRow } from '../sessions/sessions.repository';
import { RunStreams } from '../streams/run-streams.service';
import { ActiveRuns } from './active-runs';
import { LiveRunSinks } from './live-run-sinks';
import { RunTelemetry } from './run-telemetry';
import { RunStarts, type StartingRun } from './run-starts.repository';
import { conversationOf } from './conversation-history';
import { RunEventSink } from './run-event-sink';
import { RunOrchestrator } from './run-orchestrator';
import { type PlannedRun, type RunOptions, RunPlanner } from './run-planner';
import { type RunPlan } from './run-plan';
import { ApprovalsRepository } from '../approvals/approvals.repository';
import { messageAttachmentsOf } from './message-attachments';
import { ONE_ACTIVE_RUN_PER_SESSION, type RunRow, RunsRepository } from './runs.repository';
import { WebhookOutbox, type WebhookState } from '../../webhooks/webhook-outbox';
import { WebhookTargets } from '../../webhooks/webhook-targets';

export interface RunRequest extends RunOptions {
  content: string;
  /** Ids of the caller's files to give the model with the message. */
  attachments?: string[];
  /** Where the run's status changes are posted. */
  webhook_url?: string;
}

/** Where a delegated run stands in its tree: the run that called it and how deep it is. */
export interface RunLineage {
  parentRunId?: string;
  depth: number;
}

/** A tool call's run of an agent, for the user the call acts for. */
export interface Delegation {
  owner: string;
  agentId: string;
  /** One of the owner's sessions of that agent to continue; a new one otherwise. */
  sessionId?: string;
  content: string;
  lineage: RunLineage;
  /** The title of a new session. */
  title: string;
  /** The workflow run the run is a step of. */
  workflowRunId?: string;
  /** The API key the delegating run or workflow run was asked for with, if any. */
  keyId?: string;
}

/** What a start stores: the run and its first event, and its session if it is new. */
interface RunInsert {
  session: SessionRow;
  request: RunRequest;
  idempotencyKey?: string;
  requestHash?: string;
  lineage?: RunLineage;
  workflowRunId?: string;
  newSession?: { title: string };
  traceParent?: string;
  keyId: string | undefined;
  model: string;
  thinkingBudget: number | undefined;
  attachments: readonly AttachmentFile[];
}

/** A stored run and its first event. */
interface InsertedRun {
  run: RunRow;
  first: RunEvent;
}

/**
 * How many inserts a start tries while each one loses the session to a run that has ended by
 * the time it looks: bounded, so a session whose runs keep racing answers busy instead.
 */
const START_ATTEMPTS = 3;

/** Starts, reads and cancels runs, for the owner of their session. */
@Injectable()
export class RunsService implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Runs');

  constructor(
    private readonly sessions: SessionsRepository,
    private readonly runs: RunsRepository,
    private readonly events: EventStore,
    private readonly transactions: Transactions,
    private readonly starts: RunStarts,
    private readonly planner: RunPlanner,
    private readonly orchestrator: RunOrchestrator,
    private readonly streams: RunStreams,
    private readonly active: ActiveRuns,
    private readonly metrics: RuntimeMetrics,
    private readonly approvals: ApprovalsRepository,
    private readonly files: FilesService,
    private readonly liveSinks: LiveRunSinks,
    private readonly telemetry: RunTelemetry,
    private readonly webhookTargets: WebhookTargets,
    private readonly webhooks: WebhookOutbox,
    private readonly budgets: BudgetMeter,
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
    const found = await this.sessions.findOwnedForRun(sessionId, principal.user);
    if (!found) throw new SessionNotFoundError(sessionId);
    const { session, activeRun, agent } = found;
    if (request.webhook_url !== undefined) this.webhookTargets.check(request.webhook_url);
    const requestHash = idempotencyKey && hashOf(session.id, request);
    if (idempotencyKey) {
      const earlier = await this.runs.findByIdempotencyKey(principal.user, idempotencyKey);
      if (earlier) return sameRequestOrRefuse(earlier, requestHash);
    }
    // A run started after the read above is refused by the unique index (see insertWhileFree).
    const refusal = await this.activeRunRefusal(activeRun);
    if (refusal) {
      // A racing request with this key may have started the run since the lookup above.
      const earlier = idempotencyKey
        ? await this.runs.findByIdempotencyKey(principal.user, idempotencyKey)
        : undefined;
      if (earlier) return sameRequestOrRefuse(earlier, requestHash);
      throw refusal;
    }
    const started = await this.begin(
      session,
      request,
      { idempotencyKey, requestHash },
      { keyId: principal.keyId, transport: 'rest' },
      agent,
    );
    if ('earlier' in started) return sameRequestOrRefuse(started.earlier, requestHash);
    return started.run;
  }

  /**
   * Starts a run for a tool call that delegates to an agent: in the caller's given session of
   * that agent, or in a new one, stored with the run, so a run that cannot start leaves nothing.
   */
  async startDelegated(delegation: Delegation): Promise<RunRow> {
    const { owner, agentId, sessionId, content, lineage, workflowRunId, keyId } = delegation;
    let session: SessionRow | undefined;
    let agent: AgentWithTools | undefined;
    if (sessionId !== undefined) {
      const found = await this.sessions.findOwnedForRun(sessionId, owner);
      if (found?.session.agent_id !== agentId) throw new SessionNotFoundError(sessionId);
      ({ session, agent } = found);
      const refusal = await this.activeRunRefusal(found.activeRun);
      if (refusal) throw refusal;
    }
    const newSession = session ? undefined : { title: delegation.title };
    session ??= unsavedSession(owner, agentId, delegation.title);
    const started = await this.begin(
      session,
      { content },
      { lineage, newSession, workflowRunId },
      { keyId, transport: workflowRunId === undefined ? 'run' : 'workflow' },
      agent,
    );
    // Without an idempotency key there is no earlier run of the same request.
    if ('earlier' in started) throw new SessionBusyError(started.earlier.id, 'start a run');
    return started.run;
  }

  /**
   * Plans the run, takes it from its budgets, stores it with its first event and launches it.
   * `agent`: the session's agent with its tools, when they were read with the session.
   */
  private async begin(
    session: SessionRow,
    request: RunRequest,
    start: Pick<
      RunInsert,
      'idempotencyKey' | 'requestHash' | 'lineage' | 'newSession' | 'workflowRunId'
    >,
    by: { keyId?: string; transport: AuditTransport },
    agent?: AgentWithTools,
  ): Promise<{ run: RunRow } | { earlier: RunRow }> {
    const plan = await this.planner.plan(session, request, agent);
    // A run counts once it is allowed to start; one that then fails to be stored stays counted,
    // which errs on the side of the limit.
    const subject = { user: session.owner, keyId: by.keyId, agentId: plan.agent.id };
    await this.budgets.checkLeft(subject, ['tokens'], by.transport);
    await this.budgets.take(subject, 'runs', by.transport);
    const attached = await this.attachmentsFor(session.owner, plan, request.attachments ?? []);
    const span = this.telemetry.startRun(plan.agent, session.id);
    let started: InsertedRun | { earlier: RunRow };
    try {
      started = await this.insertWhileFree({
        ...start,
        session,
        request,
        keyId: by.keyId,
        model: plan.agent.model_config.model,
        thinkingBudget: plan.thinkingBudget,
        attachments: attached.files,
        traceParent: traceParentOf(span),
      });
    } catch (error) {
      failSpan(span, error);
      span.end();
      throw error;
    }
    if ('earlier' in started) {
      // The request's run exists already: this span stands for nothing that ran.
      span.setAttribute('toolhub.run.replayed', true);
      span.end();
      return started;
    }
    const { run, first } = started;
    this.streams.open(run.id);
    this.streams.publish(first);
    this.metrics.runsStarted.inc({ provider: plan.agent.model_config.provider });
    // The conversation is read in the background: the caller's stream opens a read sooner.
    this.launch(
      { sessionId: session.id, runId: run.id },
      async () => ({
        ...plan,
        keyId: by.keyId,
        runId: run.id,
        depth: run.depth,
        history: conversationOf(
          [...(start.newSession ? [] : await this.earlierEvents(session.id, run.id)), first],
          { attachments: { runId: run.id, files: attached.contents } },
        ),
        turnsSoFar: 0,
        usageSoFar: { input_tokens: 0, output_tokens: 0 },
        // Nobody else knows a session made with the run: it holds no artifacts to read.
        ...(start.newSession && { artifacts: [] }),
      }),
      first.eventIndex + 1,
      span,
      { fileIds: attached.files.map((file) => file.id), workflowRunId: run.workflow_run_id },
    );
    return { run };
  }

  /**
   * Resumes a run paused for approval once every approval is decided: claims it (one caller
   * wins, in any instance), rebuilds its conversation from the stored events and answers the
   * paused calls before the next model call.
   */
  async resume(runId: string): Promise<void> {
    const run = await this.runs.claimResume(runId);
    if (!run) return;
    const session = await this.sessions.find(run.session_id);
    const events = session ? await this.events.listBySession(session.id) : [];
    const ofRun = events.filter((event) => event.runId === run.id);
    const answered = new Set(ofRun.flatMap((e) => (e.type === 'tool_result' ? [e.toolUseId] : [])));
    const calls = ofRun.flatMap((event) =>
      event.type === 'tool_use' && !answered.has(event.toolUseId)
        ? [{ id: event.toolUseId, name: event.toolName, args: event.args }]
        : [],
    );
    const approvals = new Map(
      (await this.approvals.listByRun(run.id)).map((approval) => [approval.tool_use_id, approval]),
    );
    this.streams.openIfMissing(run.id);
    const usageSoFar = { input_tokens: run.input_tokens, output_tokens: run.output_tokens };
    let plan: PlannedRun;
    try {
      if (!session) throw new SessionNotFoundError(run.session_id);
      plan = await this.planner.plan(session, {
        enable_thinking: run.thinking_budget !== null,
        thinking_budget: run.thinking_budget ?? undefined,
      });
    } catch (error) {
      // E.g. the provider's key was removed while the run waited: the run cannot go on.
      const sink = this.sinkFor(run.session_id, run.id, run.next_event_index);
      await this.orchestrator.fail({ runId: run.id }, sink, error, usageSoFar);
      await sink.drained();
      this.streams.finish(run.id);
      return;
    }
    const attached = await this.attachmentsOfResumed(run.owner, ofRun);
    const span = this.telemetry.startRun(plan.agent, run.session_id, run.trace_parent);
    this.launch(
      { sessionId: run.session_id, runId: run.id },
      () => ({
        ...plan,
        keyId: run.key_id ?? undefined,
        runId: run.id,
        depth: run.depth,
        history: conversationOf(events, {
          thinkingOfRun: run.id,
          attachments: { runId: run.id, files: attached.contents },
        }),
        turnsSoFar: ofRun.filter((event) => event.type === 'message').length,
        usageSoFar,
        decided: { calls, approvals },
      }),
      run.next_event_index,
      span,
      { fileIds: attached.ids, workflowRunId: run.workflow_run_id },
    );
  }

  /**
   * The caller's attached files, checked before anything is written: each must be theirs
   * (FILE_NOT_FOUND naming the others) and of a kind the agent's provider takes.
   */
  private async attachmentsFor(
    owner: string,
    plan: PlannedRun,
    ids: readonly string[],
  ): Promise<{ files: AttachmentFile[]; contents: MessageAttachment[] }> {
    if (ids.length === 0) return { files: [], contents: [] };
    const files = await this.files.findAttachments(owner, ids);
    const refused = files.filter((f) => !f.kind || !plan.provider.attachmentKinds.has(f.kind));
    if (refused.length > 0) {
      throw new AttachmentNotSupportedError(plan.agent.model_config.provider, refused);
    }
    return { files, contents: await messageAttachmentsOf(this.files, files) };
  }

  /** A resumed run's attachments, read again; files deleted meanwhile are only named. */
  private async attachmentsOfResumed(
    owner: string,
    ofRun: readonly RunEvent[],
  ): Promise<{ ids: string[]; contents: MessageAttachment[] }> {
    const first = ofRun.find((event) => event.type === 'user_message_sent');
    const ids = first?.attachments?.map((file) => file.id) ?? [];
    if (ids.length === 0) return { ids, contents: [] };
    try {
      const files = await this.files.findAttachments(owner, ids);
      return { ids, contents: await messageAttachmentsOf(this.files, files) };
    } catch (error) {
      this.logger.warn(
        { err: error, runId: first?.runId },
        'Attachments of a resumed run are gone',
      );
      return { ids, contents: [] };
    }
  }

  /**
   * Runs the plan `planned` completes in the background; its event stream ends with it, unless
   * it pauses. A plan that cannot be completed (its conversation could not be read) fails the
   * run. A workflow's step is left running when the server stops, to be ended interrupted.
   */
  private launch(
    { sessionId, runId }: { sessionId: string; runId: string },
    planned: () => Promise<RunPlan> | RunPlan,
    firstEventIndex: number,
    span: Span,
    { fileIds, workflowRunId }: { fileIds: string[]; workflowRunId: string | null },
  ): void {
    const sink = this.sinkFor(sessionId, runId, firstEventIndex);
    this.liveSinks.add(runId, sink);
    span.setAttribute('toolhub.run.id', runId);
    const work = async (signal: AbortSignal) => {
      let outcome: 'ended' | 'paused' = 'ended';
      try {
        const plan = await this.completedOrFailed(planned, runId, sink);
        if (plan) outcome = await this.orchestrator.execute(plan, sink, signal);
      } catch (error) {
        // Only a run whose end could not be stored gets here (the database is gone).
        this.logger.error({ err: error, runId }, 'Run could not record its end');
      } finally {
        this.liveSinks.remove(runId, sink);
        await sink.drained();
        if (outcome === 'ended') {
          this.streams.finish(runId);
          this.files.recordUsage(fileIds, runId);
        }
        await this.endSpan(span, runId, outcome);
      }
    };
    // The run's spans (model turns, tool calls, the runs it delegates to) nest under its own.
    const inRunSpan = trace.setSpan(context.active(), span);
    this.active.start(runId, (signal) => context.with(inRunSpan, () => work(signal)), {
      leftAtShutdown: workflowRunId !== null,
    });
  }

  /**
   * The plan `planned` completes; undefined when it could not be completed (the database is
   * gone, say), and the run, which has not called its model yet, has failed.
   */
  private async completedOrFailed(
    planned: () => Promise<RunPlan> | RunPlan,
    runId: string,
    sink: RunEventSink,
  ): Promise<RunPlan | undefined> {
    try {
      return await planned();
    } catch (error) {
      await this.orchestrator.fail({ runId }, sink, error, { input_tokens: 0, output_tokens: 0 });
      return undefined;
    }
  }

  /**
   * Ends a run's span with how its execution ended (`toolhub.run.outcome`), failed if the run
   * failed; read only when the span is recorded.
   */
  private async endSpan(span: Span, runId: string, outcome: 'ended' | 'paused'): Promise<void> {
    try {
      if (!span.isRecording()) return;
      const run = outcome === 'ended' ? await this.runs.find(runId) : undefined;
      span.setAttribute('toolhub.run.outcome', run ? executionOutcomeOf(run.status) : outcome);
      if (run?.status === 'failed') {
        failSpan(span, Object.assign(new Error(run.error?.message), { code: run.error?.code }));
      }
    } catch (error) {
      this.logger.warn({ err: error, runId }, 'The status of a run span could not be read');
    } finally {
      span.end();
    }
  }

  private sinkFor(sessionId: string, runId: string, firstEventIndex: number): RunEventSink {
    return new RunEventSink(
      { sessionId, runId },
      firstEventIndex,
      this.events,
      this.streams,
      this.transactions,
    );
  }

  async find(principal: Principal, id: string): Promise<RunRow> {
    const run = await this.runs.findOwned(id, principal.user);
    if (!run) throw new RunNotFoundError(id);
    return run;
  }

  /** How the latest webhook delivery about the run stands; null without one. */
  webhookOf(run: RunRow): Promise<WebhookState | null> {
    return this.webhooks.stateOf('run', run.id);
  }

  /** The runs it delegated to (they act for its owner too). */
  childIdsOf(run: RunRow): Promise<string[]> {
    return this.runs.childIds(run.id);
  }

  /** Asks a running run to stop; it records its cancellation itself. */
  async cancel(principal: Principal, id: string): Promise<RunRow> {
    return this.stop(await this.find(principal, id));
  }

  /** Asks the run to stop, wherever it executes; RUN_FINISHED if it is not running. */
  async stop(run: RunRow): Promise<RunRow> {
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

  /**
   * Stores the run, or answers why not. The unique index decides between racing starts; a start
   * that lost to a run which has ended by the time it looks finds the session free again and
   * tries again, a bounded number of times.
   */
  private async insertWhileFree(insert: RunInsert): Promise<InsertedRun | { earlier: RunRow }> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.insertRun(insert);
      } catch (error) {
        const refusal = await this.explainRefusal(error, insert);
        if ('run' in refusal) return { earlier: refusal.run };
        if ('error' in refusal) throw refusal.error;
        if (attempt === START_ATTEMPTS) throw new SessionBusyError(undefined, 'start a run');
      }
    }
  }

  /**
   * The run and its first event, `user_message_sent`, stored together (with the session when the
   * run makes it), and the session's events before it.
   */
  private async insertRun({
    session,
    request,
    idempotencyKey,
    requestHash,
    lineage,
    workflowRunId,
    newSession,
    traceParent,
    keyId,
    model,
    thinkingBudget,
    attachments,
  }: RunInsert): Promise<InsertedRun> {
    const run: StartingRun = {
      id: randomUUID(),
      sessionId: session.id,
      owner: session.owner,
      keyId,
      model,
      idempotencyKey,
      requestHash,
      thinkingBudget,
      parentRunId: lineage?.parentRunId,
      depth: lineage?.depth ?? 0,
      traceParent,
      workflowRunId,
      webhookUrl: request.webhook_url,
    };
    const first: RunEvent = {
      type: 'user_message_sent',
      sessionId: session.id,
      runId: run.id,
      eventIndex: 0,
      timestamp: new Date().toISOString(),
      persistenceState: 'persisted',
      content: request.content,
      ...(attachments.length > 0 && {
        attachments: attachments.map(({ id, name, mime_type }) => ({ id, name, mime_type })),
      }),
    };
    if (newSession) {
      const row = await this.starts.insertWithSession(session, run, first);
      return { run: row, first: { ...first, sequenceNumber: 0 } };
    }
    const started = await this.starts.insert(run, first);
    if (!started) throw new SessionNotFoundError(session.id);
    return { run: started.row, first: { ...first, sequenceNumber: started.sequenceNumber } };
  }

  /**
   * The session's events before the run's. Read once the run holds the session and before it
   * appends, so no run appends meanwhile and every turn of a run that ended before it (one it
   * raced, too) is there.
   */
  private async earlierEvents(sessionId: string, runId: string): Promise<RunEvent[]> {
    const events = await this.events.listBySession(sessionId);
    return events.filter((event) => event.runId !== runId);
  }

  /**
   * Why the database refused a new run: the session is busy, a concurrent request with the
   * same idempotency key started its run first (that run is the answer if the request matches),
   * the session was deleted since it was read, or the run that took the session has ended
   * already (`free`: the session takes a run again).
   */
  private async explainRefusal(
    error: unknown,
    { session, idempotencyKey }: RunInsert,
  ): Promise<{ run: RunRow } | { error: unknown } | { free: true }> {
    if (isForeignKeyViolation(error)) return { error: new SessionNotFoundError(session.id) };
    if (!isUniqueViolation(error)) return { error };
    const constraint = violatedConstraintOf(error);
    // A racing request with the same key may be reported against either index (PostgreSQL
    // names the first one the insert conflicts with), so the key decides first.
    if (idempotencyKey) {
      const earlier = await this.runs.findByIdempotencyKey(session.owner, idempotencyKey);
      if (earlier) return { run: earlier };
    }
    if (constraint === ONE_ACTIVE_RUN_PER_SESSION) {
      const refusal = await this.activeRunRefusal(await this.runs.findActive(session.id));
      return refusal ? { error: refusal } : { free: true };
    }
    return { error };
  }

  /** Why a new run cannot start: a run is active, or waits for approvals the user owes. */
  private async activeRunRefusal(active: RunRow | undefined): Promise<Error | undefined> {
    if (!active) return undefined;
    if (active.status === 'awaiting_approval') {
      const pending = (await this.approvals.listByRun(active.id)).filter(
        (approval) => approval.status === 'pending',
      );
      return new PendingApprovalError(pending.map((approval) => approval.id));
    }
    return new SessionBusyError(active.id, 'start a run');
  }
}

/** A session of the owner's with the agent, made now and stored with its first run. */
function unsavedSession(owner: string, agentId: string, title: string): SessionRow {
  const now = new Date();
  return {
    id: randomUUID(),
    owner,
    agent_id: agentId,
    title,
    last_sequence_number: -1,
    created_at: now,
    updated_at: now,
  };
}

function sameRequestOrRefuse(earlier: RunRow, requestHash: string | undefined): RunRow {
  if (earlier.request_hash !== requestHash) throw new IdempotencyKeyReusedError();
  return earlier;
}

function hashOf(sessionId: string, request: RunRequest): string {
  const { content, enable_thinking = false, thinking_budget = null, attachments = [] } = request;
  const asked: unknown[] = [sessionId, content, enable_thinking, thinking_budget];
  // Without attachments or a webhook the hash stays what it was before they existed.
  if (attachments.length > 0) asked.push(attachments);
  if (request.webhook_url !== undefined) asked.push({ webhook_url: request.webhook_url });
  return createHash('sha256').update(JSON.stringify(asked)).digest('hex');
}
