import { Injectable } from '@nestjs/common';
import type { Message, Task } from '@a2a-js/sdk';
import type { AgentExecutor, ExecutionEventBus, RequestContext } from '@a2a-js/sdk/server';
import { type Principal } from '../../api-keys/principal';
import { DomainError } from '../../core/errors';
import { type RunEvent } from '../../runtime/events/run-event.types';
import { ApprovalsService } from '../../runtime/approvals/approvals.service';
import { RunCanceller } from '../../runtime/approvals/run-canceller';
import { ApprovalResolvedError, RunFinishedError } from '../../runtime/runtime.errors';
import { RunFollower } from '../../runtime/runs/run-follower';
import { RunsService } from '../../runtime/runs/runs.service';
import { SessionsService } from '../../runtime/sessions/sessions.service';
import { callerOf, originOf } from '../a2a-caller';
import { a2aSdk, a2aServerSdk } from '../loaded-on-first-use';
import { A2aTasksRepository } from './a2a-tasks.repository';
import { attachmentIdsOf, decisionOf, runContentOf } from './message-input';
import { RunTaskUpdates, awaitedApprovalOf } from './run-task-updates';
import { workMetadata, workOf } from './task-work';

/** The longest a new session's title taken from the first message. */
const TITLE_LENGTH = 100;

interface TaskHere {
  principal: Principal;
  runId: string;
  contextId: string;
  paused: boolean;
}

/** Where following a run stopped: it ended, or it waits for an approval still pending. */
type LegEnd = { ended: true } | { awaiting: RunEvent<'approval_requested'> };

/**
 * Runs an A2A task as a run of the agent, in the session its context continues. Each message
 * is one leg: a new task's starts the run, a follow-up's decides the approval the task waits
 * for; each leg follows the run's events until it ends or waits for the user again, publishing
 * them as the task's updates.
 */
@Injectable()
export class RunTaskExecutor implements AgentExecutor {
  /**
   * The tasks whose run a leg follows in this process (`paused`: the run waits for an approval,
   * and the task for its decision, with no leg following), by task id.
   */
  private readonly here = new Map<string, TaskHere>();

  constructor(
    private readonly runs: RunsService,
    private readonly sessions: SessionsService,
    private readonly approvals: ApprovalsService,
    private readonly follower: RunFollower,
    private readonly tasks: A2aTasksRepository,
    private readonly canceller: RunCanceller,
  ) {}

  execute = async (request: RequestContext, bus: ExecutionEventBus): Promise<void> => {
    if (request.task) return this.decide(request, request.task, bus);
    const { principal, agentId } = callerOf(request.context);
    const message = request.userMessage;
    const task: Task = {
      id: request.taskId,
      contextId: request.contextId,
      status: submitted(),
      history: [message],
      artifacts: [],
      metadata: {},
    };
    const updates = new RunTaskUpdates({
      taskId: task.id,
      contextId: task.contextId,
      origin: originOf(request.context),
    });
    let runId: string;
    try {
      const sessionId = await this.sessionFor(principal, agentId, request.contextId, message);
      const run = await this.runs.start(principal, sessionId, {
        content: runContentOf(message),
        attachments: attachmentIdsOf(message),
      });
      runId = run.id;
      task.metadata = workMetadata({ sessionId, runId });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      // The run could not start (the context's session is busy, or the agent's model takes no
      // such file, say): the task fails saying why.
      bus.publish(a2aServerSdk().AgentEvent.task(task));
      bus.publish(updates.failed(`${error.code}: ${error.message}`));
      return;
    }
    bus.publish(a2aServerSdk().AgentEvent.task(task));
    await this.followLegs(principal, runId, -1, updates, bus);
  };

  /**
   * Cancels the task's run: a leg following it publishes the end; a paused task, whose run ends
   * with its approvals cancelled, is cancelled here.
   */
  cancelTask = async (taskId: string, bus: ExecutionEventBus): Promise<void> => {
    const task = this.here.get(taskId);
    if (!task) return;
    await this.canceller.cancel(task.principal, task.runId).catch((error: unknown) => {
      if (!(error instanceof RunFinishedError)) throw error;
    });
    if (!task.paused) return;
    this.here.delete(taskId);
    bus.publish(new RunTaskUpdates({ taskId, contextId: task.contextId, origin: '' }).canceled());
  };

  /** A follow-up in a task that waits for an approval: decides it, then follows the run on. */
  private async decide(request: RequestContext, task: Task, bus: ExecutionEventBus): Promise<void> {
    const { principal } = callerOf(request.context);
    bus.publish(a2aServerSdk().AgentEvent.task(task));
    const awaited = awaitedApprovalOf(task.status?.message);
    const { runId } = workOf(task);
    const updates = new RunTaskUpdates({
      taskId: task.id,
      contextId: task.contextId,
      origin: originOf(request.context),
    });
    if (!awaited || !runId) {
      bus.publish(updates.failed('The task has no run waiting for a decision'));
      return;
    }
    try {
      await this.approvals.decide(principal, awaited.approvalId, decisionOf(request.userMessage));
    } catch (error) {
      // The first decision wins, over REST or the console as here: the run goes on with it.
      if (!(error instanceof ApprovalResolvedError)) throw error;
    }
    await this.followLegs(principal, runId, awaited.eventIndex, updates, bus);
  }

  /**
   * Follows the run from after `afterIndex` until it ends (its last updates published) or waits
   * for an approval still pending (`input-required`). An approval decided meanwhile elsewhere is
   * followed past.
   */
  private async followLegs(
    principal: Principal,
    runId: string,
    afterIndex: number,
    updates: RunTaskUpdates,
    bus: ExecutionEventBus,
  ): Promise<void> {
    const taskId = updates.taskId;
    const here: TaskHere = { principal, runId, contextId: updates.contextId, paused: false };
    this.here.set(taskId, here);
    try {
      bus.publish(updates.working());
      for (let from = afterIndex; ;) {
        const end = await this.followLeg(runId, from, updates, bus);
        if ('ended' in end) break;
        const approval = await this.approvals.get(principal, end.awaiting.approvalId);
        if (approval.status === 'pending') {
          here.paused = true;
          bus.publish(updates.inputRequired(end.awaiting));
          return;
        }
        from = end.awaiting.eventIndex;
      }
    } catch (error) {
      this.here.delete(taskId);
      throw error;
    }
    this.here.delete(taskId);
    for (const update of updates.ended(await this.runs.find(principal, runId))) bus.publish(update);
  }

  private async followLeg(
    runId: string,
    afterIndex: number,
    updates: RunTaskUpdates,
    bus: ExecutionEventBus,
  ): Promise<LegEnd> {
    const stop = new AbortController();
    let awaiting: RunEvent<'approval_requested'> | undefined;
    const deliver = (event: RunEvent) => {
      if (awaiting) return;
      if (event.type === 'approval_requested') {
        awaiting = event;
        stop.abort();
        return;
      }
      for (const update of updates.updatesFor(event)) bus.publish(update);
    };
    try {
      await this.follower.untilEnded(runId, deliver, stop.signal, afterIndex);
    } catch (error) {
      if (!awaiting) throw error;
    }
    return awaiting ? { awaiting } : { ended: true };
  }

  /** The session the context continues, or a new one with the agent for a new context. */
  private async sessionFor(
    principal: Principal,
    agentId: string,
    contextId: string,
    message: Message,
  ): Promise<string> {
    const known = await this.tasks.sessionOfContext({ owner: principal.user, agentId }, contextId);
    if (known) return known;
    const title = `A2A: ${runContentOf(message).split('\n')[0].slice(0, TITLE_LENGTH)}`;
    return (await this.sessions.create(principal, { agent_id: agentId, title })).id;
  }
}

function submitted() {
  return {
    state: a2aSdk().TaskState.TASK_STATE_SUBMITTED,
    message: undefined,
    timestamp: new Date().toISOString(),
  };
}
