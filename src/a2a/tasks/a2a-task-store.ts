import { Injectable } from '@nestjs/common';
import type { ListTasksRequest, ListTasksResponse, Task } from '@a2a-js/sdk';
import type { ServerCallContext, TaskStore } from '@a2a-js/sdk/server';
import { scopeOf } from '../a2a-caller';
import { a2aErrors, a2aSdk } from '../loaded-on-first-use';
import { type A2aTaskRow, A2aTasksRepository } from './a2a-tasks.repository';
import { workOf } from './task-work';

const DEFAULT_PAGE_SIZE = 50;

/**
 * The request handler's tasks, in the database: any instance answers for a task, and each
 * caller sees only the tasks they started through the agent they address.
 */
@Injectable()
export class A2aTaskStore implements TaskStore {
  constructor(private readonly tasks: A2aTasksRepository) {}

  async save(task: Task, context: ServerCallContext): Promise<void> {
    const json = a2aSdk().Task.toJSON(task) as Record<string, unknown>;
    await this.tasks.save(
      scopeOf(context),
      { id: task.id, contextId: task.contextId, json },
      workOf(task),
    );
  }

  async load(taskId: string, context: ServerCallContext): Promise<Task | undefined> {
    const row = await this.tasks.find(scopeOf(context), taskId);
    return row && taskOf(row);
  }

  async list(params: ListTasksRequest, context: ServerCallContext): Promise<ListTasksResponse> {
    const pageSize = params.pageSize ?? DEFAULT_PAGE_SIZE;
    const offset = offsetOf(params.pageToken);
    const keepHistory = historyKeeperOf(params.historyLength);
    const changedSince = instantOf(params.statusTimestampAfter);
    const { TaskState, taskStateToJSON } = a2aSdk();
    const state =
      params.status === TaskState.TASK_STATE_UNSPECIFIED
        ? undefined
        : taskStateToJSON(params.status);
    const { rows, total } = await this.tasks.list(scopeOf(context), {
      contextId: params.contextId || undefined,
      state,
      changedSince,
      limit: pageSize,
      offset,
    });
    const tasks = rows.map((row) => {
      const task = keepHistory(taskOf(row));
      return params.includeArtifacts ? task : { ...task, artifacts: [] };
    });
    const next = offset + rows.length;
    return {
      tasks,
      nextPageToken: next < total ? String(next) : '',
      pageSize,
      totalSize: total,
    };
  }
}

function taskOf(row: A2aTaskRow): Task {
  return a2aSdk().Task.fromJSON(row.task);
}

/** A page token is the offset of the page's first task, as the last page handed it out. */
function offsetOf(pageToken: string): number {
  if (!pageToken) return 0;
  if (!/^\d{1,9}$/.test(pageToken)) {
    throw new (a2aErrors().RequestMalformedError)(
      `pageToken '${pageToken}' was not given out here`,
    );
  }
  return Number(pageToken);
}

/** What `historyLength` keeps of a task's history: all when unset, else its latest messages. */
function historyKeeperOf(historyLength: number | undefined): (task: Task) => Task {
  if (historyLength === undefined) return (task) => task;
  if (!Number.isInteger(historyLength) || historyLength < 0) {
    throw new (a2aErrors().RequestMalformedError)('historyLength must be a whole number ≥ 0');
  }
  return (task) => ({
    ...task,
    history: historyLength === 0 ? [] : task.history.slice(-historyLength),
  });
}

/** An ISO 8601 date and time with its offset, as `statusTimestampAfter` takes. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** The instant `statusTimestampAfter` names; refused unless it is an ISO 8601 date and time. */
function instantOf(value: string | undefined): Date | undefined {
  if (!value) return undefined;
  const instant = new Date(value);
  if (!ISO_INSTANT.test(value) || Number.isNaN(instant.getTime())) {
    throw new (a2aErrors().RequestMalformedError)(
      `statusTimestampAfter '${value}' is no ISO 8601 date and time, e.g. 2026-01-31T12:00:00Z`,
    );
  }
  return instant;
}
