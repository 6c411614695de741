import type {
  AgentCard,
  CancelTaskRequest,
  DeleteTaskPushNotificationConfigRequest,
  GetExtendedAgentCardRequest,
  GetTaskPushNotificationConfigRequest,
  GetTaskRequest,
  ListTaskPushNotificationConfigsRequest,
  ListTaskPushNotificationConfigsResponse,
  ListTasksRequest,
  ListTasksResponse,
  Message,
  SendMessageRequest,
  StreamResponse,
  SubscribeToTaskRequest,
  Task,
  TaskPushNotificationConfig,
} from '@a2a-js/sdk';
import type {
  A2ARequestHandler,
  ExecutionEventBusManager,
  ServerCallContext,
} from '@a2a-js/sdk/server';
import { type RunCanceller } from '../../runtime/approvals/run-canceller';
import { RunFinishedError } from '../../runtime/runtime.errors';
import { callerOf, originOf } from '../a2a-caller';
import { a2aErrors, a2aSdk } from '../loaded-on-first-use';
import { type A2aTasksRepository } from './a2a-tasks.repository';
import { type InlineFiles } from './inline-files';
import { decisionOf } from './message-input';

/**
 * The SDK's request handler with toolhub's rules around it: a message to an existing task must
 * decide the approval the task waits for (checked before the task is touched), and cancelling a
 * task whose run no leg here follows cancels the run first.
 */
export class RunTaskRequestHandler implements A2ARequestHandler {
  constructor(
    private readonly inner: A2ARequestHandler,
    private readonly buses: ExecutionEventBusManager,
    private readonly tasks: A2aTasksRepository,
    private readonly canceller: RunCanceller,
    private readonly inlineFiles: InlineFiles,
  ) {}

  getAgentCard(): Promise<AgentCard> {
    return this.inner.getAgentCard();
  }

  getAuthenticatedExtendedAgentCard(
    params: GetExtendedAgentCardRequest,
    context: ServerCallContext,
  ): Promise<AgentCard> {
    return this.inner.getAuthenticatedExtendedAgentCard(params, context);
  }

  async sendMessage(
    params: SendMessageRequest,
    context: ServerCallContext,
  ): Promise<Message | Task> {
    return this.inner.sendMessage(await this.checkMessage(params, context), context);
  }

  async *sendMessageStream(
    params: SendMessageRequest,
    context: ServerCallContext,
  ): AsyncGenerator<StreamResponse, void, undefined> {
    yield* this.inner.sendMessageStream(await this.checkMessage(params, context), context);
  }

  getTask(params: GetTaskRequest, context: ServerCallContext): Promise<Task> {
    return this.inner.getTask(params, context);
  }

  listTasks(params: ListTasksRequest, context: ServerCallContext): Promise<ListTasksResponse> {
    return this.inner.listTasks(params, context);
  }

  async cancelTask(params: CancelTaskRequest, context: ServerCallContext): Promise<Task> {
    // Where the task's events flow here, the executor cancels its run (see RunTaskExecutor).
    if (!this.buses.getByTaskId(params.id, context)) await this.cancelRunOf(params.id, context);
    return this.inner.cancelTask(params, context);
  }

  createTaskPushNotificationConfig(
    params: TaskPushNotificationConfig,
    context: ServerCallContext,
  ): Promise<TaskPushNotificationConfig> {
    return this.inner.createTaskPushNotificationConfig(params, context);
  }

  getTaskPushNotificationConfig(
    params: GetTaskPushNotificationConfigRequest,
    context: ServerCallContext,
  ): Promise<TaskPushNotificationConfig> {
    return this.inner.getTaskPushNotificationConfig(params, context);
  }

  listTaskPushNotificationConfigs(
    params: ListTaskPushNotificationConfigsRequest,
    context: ServerCallContext,
  ): Promise<ListTaskPushNotificationConfigsResponse> {
    return this.inner.listTaskPushNotificationConfigs(params, context);
  }

  deleteTaskPushNotificationConfig(
    params: DeleteTaskPushNotificationConfigRequest,
    context: ServerCallContext,
  ): Promise<void> {
    return this.inner.deleteTaskPushNotificationConfig(params, context);
  }

  resubscribe(
    params: SubscribeToTaskRequest,
    context: ServerCallContext,
  ): AsyncGenerator<StreamResponse, void, undefined> {
    return this.inner.resubscribe(params, context);
  }

  /**
   * Refuses a message before any task is touched: a new task's must have something a run can
   * take (INVALID_PARAMS), and one naming a task must be the decision it waits for
   * (UNSUPPORTED_OPERATION while it works and asks for nothing, INVALID_PARAMS without a
   * decision). Unknown and ended tasks are the SDK's to refuse. A new task's message goes on
   * with its inline files stored as the caller's uploads.
   */
  private async checkMessage(
    params: SendMessageRequest,
    context: ServerCallContext,
  ): Promise<SendMessageRequest> {
    if (!params.message) return params;
    const taskId = params.message.taskId;
    const { principal, agentId } = callerOf(context);
    if (!taskId) {
      const message = await this.inlineFiles.storedIn(principal, params.message, originOf(context));
      return { ...params, message };
    }
    const row = await this.tasks.find({ owner: principal.user, agentId }, taskId);
    if (!row) return params;
    const state = a2aSdk().Task.fromJSON(row.task).status?.state;
    const { TaskState } = a2aSdk();
    if (state === TaskState.TASK_STATE_INPUT_REQUIRED) {
      decisionOf(params.message);
      return params;
    }
    if (state === TaskState.TASK_STATE_SUBMITTED || state === TaskState.TASK_STATE_WORKING) {
      throw new (a2aErrors().UnsupportedOperationError)(
        `Task ${taskId} is working: it takes a message only when it asks for input`,
      );
    }
    return params;
  }

  private async cancelRunOf(taskId: string, context: ServerCallContext): Promise<void> {
    const { principal, agentId } = callerOf(context);
    const row = await this.tasks.find({ owner: principal.user, agentId }, taskId);
    if (!row?.run_id) return;
    await this.canceller.cancel(principal, row.run_id).catch((error: unknown) => {
      // Ended on its own meanwhile: the SDK answers for the task as it stands.
      if (!(error instanceof RunFinishedError)) throw error;
    });
  }
}
