import { Injectable } from '@nestjs/common';
import type { ListTasksRequest, ListTasksResponse, Task } from '@a2a-js/sdk';
import type { ServerCallContext, TaskStore } from '@a2a-js/sdk/server';
import { callerOf } from '../a2a-caller';
import { a2aErrors, a2aSdk } from '../loaded-on-first-use';
import { type A2aTaskRow, A2aTasksRepository, type TaskScope } from './a2a-tasks.repository';
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
    const { TaskState, taskStateToJSON } = a2aSdk();
    const state =
      params.status === TaskState.TASK_STATE_UNSPECIFIED
        ? undefined
        : taskStateToJSON(params.status);
    const { rows, total } = await this.tasks.list(scopeOf(context), {
      contextId: params.contextId || undefined,
      state,
      limit: pageSize,
      offset,
    });
    const tasks = rows.map((row) => {
      const task = taskOf(row);
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

function scopeOf(context: ServerCallContext): TaskScope {
  const { principal, agentId } = callerOf(context);
  return { owner: principal.user, agentId };
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
