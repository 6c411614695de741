import { randomUUID } from 'node:crypto';
import {
  type CallToolResult,
  type InputRequests,
  ProtocolError,
  ProtocolErrorCode,
  type TaskStatus,
} from '@modelcontextprotocol/server';

/** How long a fixture task stays readable after its creation. */
const FIXTURE_TASK_TTL_MS = 10 * 60 * 1000;
/** How often clients are asked to poll a fixture task. */
const FIXTURE_TASK_POLL_INTERVAL_MS = 100;

/** What a fixture task's work may do beyond running: notice a cancel, and ask its client. */
export interface FixtureTaskControl {
  /** Aborted when the task is cancelled. */
  signal: AbortSignal;
  /** Parks the task in `input_required` until every request is answered; the answers. */
  ask(requests: InputRequests): Promise<Record<string, unknown>>;
}

/** A fixture tool call's work; what it resolves is the task's result, what it throws fails it. */
export type FixtureWork = (task: FixtureTaskControl) => Promise<CallToolResult>;

interface FixtureTask {
  taskId: string;
  status: TaskStatus;
  createdAt: Date;
  lastUpdatedAt: Date;
  controller: AbortController;
  /** The input requests still unanswered, and what answering the last of them resumes. */
  waiting?: { requests: InputRequests; answers: Record<string, unknown>; resume(): void };
  result?: CallToolResult;
  error?: { code: number; message: string };
}

const TERMINAL: readonly TaskStatus[] = ['completed', 'failed', 'cancelled'];

/**
 * The conformance fixtures' tasks (the `io.modelcontextprotocol/tasks` extension), kept in this
 * process's memory: the conformance server is one instance, and a fixture task lives only as
 * long as the suite needs it. toolhub's own tasks are stored work (see `McpTasks`); these are
 * not, so nothing of the product serves or stores them.
 */
export class FixtureTasks {
  private readonly tasks = new Map<string, FixtureTask>();

  /** Starts `work` as a new task, and answers the task as `tools/call` creates it. */
  start(work: FixtureWork) {
    this.forgetExpired();
    const now = new Date();
    const task: FixtureTask = {
      taskId: randomUUID(),
      status: 'working',
      createdAt: now,
      lastUpdatedAt: now,
      controller: new AbortController(),
    };
    this.tasks.set(task.taskId, task);
    const created = { resultType: 'task' as const, ...summaryOf(task) };
    work(this.controlOf(task)).then(
      (result) => settle(task, { status: 'completed', result }),
      (error: unknown) =>
        settle(task, {
          status: 'failed',
          error: { code: ProtocolErrorCode.InternalError, message: messageOf(error) },
        }),
    );
    return created;
  }

  /** The task as `tasks/get` answers it: its status, and what it waits for or ended with. */
  get(taskId: string) {
    const task = this.find(taskId);
    return {
      ...summaryOf(task),
      ...(task.status === 'input_required' && { inputRequests: task.waiting?.requests }),
      ...(task.status === 'completed' && { result: { resultType: 'complete', ...task.result } }),
      ...(task.status === 'failed' && { error: task.error }),
    };
  }

  /**
   * Answers some or all of the input requests the task waits for; answers to requests it does
   * not wait for are ignored. The task resumes once none is left unanswered.
   */
  update(taskId: string, responses: Record<string, unknown>): Record<string, never> {
    const task = this.find(taskId);
    const waiting = task.status === 'input_required' ? task.waiting : undefined;
    if (!waiting) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Task ${taskId} is not waiting for input (it is ${task.status})`,
      );
    }
    const answered = Object.keys(responses).filter((key) => Object.hasOwn(waiting.requests, key));
    // Every answer is checked before any is taken, so a bad one leaves them all open.
    for (const key of answered) {
      if (typeof responses[key] !== 'object' || responses[key] === null) {
        throw new ProtocolError(
          ProtocolErrorCode.InvalidParams,
          `inputResponses.${key} must be the result of the request it answers`,
        );
      }
    }
    for (const key of answered) {
      waiting.answers[key] = responses[key];
      delete waiting.requests[key];
    }
    if (Object.keys(waiting.requests).length === 0) waiting.resume();
    return {};
  }

  /** Cancels the task; a task that has ended stays as it ended. */
  cancel(taskId: string): Record<string, never> {
    const task = this.find(taskId);
    if (!TERMINAL.includes(task.status)) {
      settle(task, { status: 'cancelled' });
      task.controller.abort();
    }
    return {};
  }

  private controlOf(task: FixtureTask): FixtureTaskControl {
    const { signal } = task.controller;
    return {
      signal,
      ask: (requests) =>
        new Promise((resolve, reject) => {
          signal.throwIfAborted();
          signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
          const answers: Record<string, unknown> = {};
          task.waiting = {
            requests: { ...requests },
            answers,
            resume: () => {
              task.waiting = undefined;
              touch(task, 'working');
              resolve(answers);
            },
          };
          touch(task, 'input_required');
        }),
    };
  }

  private find(taskId: string): FixtureTask {
    const task = this.tasks.get(taskId);
    if (!task || expired(task)) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Task not found: ${taskId}`);
    }
    return task;
  }

  private forgetExpired(): void {
    for (const [taskId, task] of this.tasks) {
      if (expired(task)) {
        task.controller.abort();
        this.tasks.delete(taskId);
      }
    }
  }
}

function summaryOf(task: FixtureTask) {
  return {
    taskId: task.taskId,
    status: task.status,
    createdAt: task.createdAt.toISOString(),
    lastUpdatedAt: task.lastUpdatedAt.toISOString(),
    ttlMs: FIXTURE_TASK_TTL_MS,
    pollIntervalMs: FIXTURE_TASK_POLL_INTERVAL_MS,
  };
}

function touch(task: FixtureTask, status: TaskStatus): void {
  task.status = status;
  task.lastUpdatedAt = new Date();
}

/** Ends the task as `end` says, unless it has ended already (a cancelled task stays so). */
function settle(task: FixtureTask, end: Pick<FixtureTask, 'status' | 'result' | 'error'>): void {
  if (TERMINAL.includes(task.status)) return;
  task.result = end.result;
  task.error = end.error;
  task.waiting = undefined;
  touch(task, end.status);
}

function expired(task: FixtureTask): boolean {
  return task.createdAt.getTime() + FIXTURE_TASK_TTL_MS < Date.now();
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
