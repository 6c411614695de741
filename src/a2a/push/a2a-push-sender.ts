import { Injectable } from '@nestjs/common';
import type { StreamResponse, Task, TaskState } from '@a2a-js/sdk';
import type {
  PushNotificationSender,
  PushNotificationSerializer,
  ServerCallContext,
} from '@a2a-js/sdk/server';
import { WebhookOutbox } from '../../webhooks/webhook-outbox';
import { LEGACY_VERSION } from '../bindings/spoken-version';
import { a2aLegacyServerSdk, a2aSdk, a2aServerSdk } from '../loaded-on-first-use';
import { A2aPushConfigStore } from './a2a-push-config-store';

/** The header A2A receivers read a config's token from. */
const TOKEN_HEADER = 'X-A2A-Notification-Token';

/**
 * Pushes a task's updates to its configs through toolhub's webhook outbox: each update is a
 * delivery, signed as every webhook is (Standard Webhooks) and retried by the delivery worker
 * from whichever instance, with the config's token and credentials. The update is shaped for the
 * protocol version the config was made in; a status that waits for the client or ends the task
 * is sent as the whole task, so the receiver has its history and artifacts.
 */
@Injectable()
export class A2aPushSender implements PushNotificationSender {
  /** Each task's recording so far: its updates are queued in the order they happened. */
  private readonly queued = new Map<string, Promise<void>>();

  constructor(
    private readonly configs: A2aPushConfigStore,
    private readonly outbox: WebhookOutbox,
  ) {}

  send(update: StreamResponse, context: ServerCallContext, task?: Task): Promise<void> {
    const taskId = taskIdOf(update);
    if (!taskId) return Promise.resolve();
    // The handler goes on changing the task it hands over: what is sent is how it is now.
    const notice = noticeOf(structuredClone(update), task && structuredClone(task));
    const previous = this.queued.get(taskId) ?? Promise.resolve();
    // One update that could not be queued (reported by the SDK) does not hold back the next.
    const recorded = previous
      .catch(() => undefined)
      .then(() => this.record(taskId, notice, context));
    this.queued.set(taskId, recorded);
    return recorded.finally(() => {
      if (this.queued.get(taskId) === recorded) this.queued.delete(taskId);
    });
  }

  private async record(taskId: string, notice: Notice, context: ServerCallContext) {
    for (const { config, wireVersion } of await this.configs.loadWithMetadata(taskId, context)) {
      const { body, contentType } = serializerFor(wireVersion).serialize(
        notice.update,
        notice.task,
      );
      await this.outbox.recordShaped({
        url: config.url,
        type: notice.type,
        subject: { kind: 'a2a_task', id: taskId },
        body,
        contentType,
        headers: {
          ...(config.token && { [TOKEN_HEADER]: config.token }),
          ...(config.authentication && {
            Authorization: `${config.authentication.scheme} ${config.authentication.credentials}`,
          }),
        },
      });
    }
  }
}

interface Notice {
  type: string;
  update: StreamResponse;
  task?: Task;
}

function noticeOf(update: StreamResponse, task: Task | undefined): Notice {
  const payload = update.payload;
  if (payload?.$case === 'statusUpdate' && task && waitsOrEnded(payload.value.status?.state)) {
    return { type: 'a2a.task', update: { payload: { $case: 'task', value: task } }, task };
  }
  const types = {
    task: 'a2a.task',
    message: 'a2a.message',
    statusUpdate: 'a2a.status_update',
    artifactUpdate: 'a2a.artifact_update',
  } as const;
  return { type: payload ? types[payload.$case] : 'a2a.update', update, task };
}

function waitsOrEnded(state: TaskState | undefined): boolean {
  const { TaskState } = a2aSdk();
  return (
    state === TaskState.TASK_STATE_INPUT_REQUIRED ||
    state === TaskState.TASK_STATE_AUTH_REQUIRED ||
    state === TaskState.TASK_STATE_COMPLETED ||
    state === TaskState.TASK_STATE_FAILED ||
    state === TaskState.TASK_STATE_CANCELED ||
    state === TaskState.TASK_STATE_REJECTED
  );
}

function taskIdOf(update: StreamResponse): string {
  const payload = update.payload;
  if (!payload) return '';
  return payload.$case === 'task' ? payload.value.id : payload.value.taskId;
}

function serializerFor(wireVersion: string): PushNotificationSerializer {
  return wireVersion === LEGACY_VERSION
    ? new (a2aLegacyServerSdk().V03PushNotificationSerializer)()
    : new (a2aServerSdk().V1PushNotificationSerializer)();
}
