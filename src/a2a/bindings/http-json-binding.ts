import { type ServerResponse } from 'node:http';
import type { Message, Task } from '@a2a-js/sdk';
import type { A2ARequestHandler, ServerCallContext } from '@a2a-js/sdk/server';
import { sendJson } from '../../core/http/node-http';
import { a2aErrors, a2aSdk, a2aServerSdk } from '../loaded-on-first-use';
import { replyWithStream } from './sse-reply';

/** One request of the HTTP+JSON binding, as the agent's routes read it. */
export type HttpJsonRequest =
  | { operation: 'message:send' | 'message:stream'; body: unknown }
  | { operation: 'get'; taskId: string; historyLength?: string }
  | { operation: 'cancel' | 'subscribe'; taskId: string }
  | { operation: 'list'; query: Record<string, unknown> }
  | { operation: 'push:create'; taskId: string; body: unknown }
  | { operation: 'push:list'; taskId: string }
  | { operation: 'push:get' | 'push:delete'; taskId: string; configId: string };

const MAX_PAGE_SIZE = 100;

/**
 * The HTTP+JSON binding on Node's response, so both HTTP adapters serve it alike: requests
 * decoded and answers encoded with the SDK's codecs (the protocol's JSON form), its request
 * handler behind them. Protocol errors are answered as the binding has them (status and
 * `google.rpc.Status` body); toolhub's own refusals reach the global filter.
 */
export async function serveHttpJson(
  handler: A2ARequestHandler,
  context: ServerCallContext,
  request: HttpJsonRequest,
  res: ServerResponse,
): Promise<void> {
  const sdk = a2aSdk();
  try {
    a2aServerSdk().validateVersion(
      context.requestedVersion,
      await handler.getAgentCard(),
      'HTTP+JSON',
    );
    switch (request.operation) {
      case 'message:send': {
        const result = await handler.sendMessage(sendRequestOf(request.body), context);
        return reply(res, 200, sdk.SendMessageResponse.toJSON({ payload: payloadOf(result) }));
      }
      case 'message:stream':
        return await stream(res, handler.sendMessageStream(sendRequestOf(request.body), context));
      case 'get': {
        const historyLength =
          request.historyLength === undefined
            ? undefined
            : count(request.historyLength, 'historyLength');
        const task = await handler.getTask(
          { id: request.taskId, tenant: '', historyLength },
          context,
        );
        return reply(res, 200, sdk.Task.toJSON(task));
      }
      case 'cancel': {
        const task = await handler.cancelTask(
          { id: request.taskId, tenant: '', metadata: {} },
          context,
        );
        return reply(res, 200, sdk.Task.toJSON(task));
      }
      case 'subscribe':
        return await stream(res, handler.resubscribe({ id: request.taskId, tenant: '' }, context));
      case 'list': {
        const page = await handler.listTasks(listRequestOf(request.query), context);
        return reply(res, 200, sdk.ListTasksResponse.toJSON(page));
      }
      case 'push:create': {
        const config = await handler.createTaskPushNotificationConfig(
          pushConfigOf(request.taskId, request.body),
          context,
        );
        return reply(res, 201, sdk.TaskPushNotificationConfig.toJSON(config));
      }
      case 'push:list': {
        const configs = await handler.listTaskPushNotificationConfigs(
          { tenant: '', taskId: request.taskId, pageSize: 0, pageToken: '' },
          context,
        );
        return reply(res, 200, sdk.ListTaskPushNotificationConfigsResponse.toJSON(configs));
      }
      case 'push:get': {
        const config = await handler.getTaskPushNotificationConfig(
          { tenant: '', taskId: request.taskId, id: request.configId },
          context,
        );
        return reply(res, 200, sdk.TaskPushNotificationConfig.toJSON(config));
      }
      case 'push:delete':
        await handler.deleteTaskPushNotificationConfig(
          { tenant: '', taskId: request.taskId, id: request.configId },
          context,
        );
        res.writeHead(204).end();
        return;
    }
  } catch (error) {
    if (!(error instanceof a2aErrors().A2AError)) throw error;
    replyError(res, error);
  }
}

function stream(
  res: ServerResponse,
  events: ReturnType<A2ARequestHandler['sendMessageStream']>,
): Promise<void> {
  const { StreamResponse } = a2aSdk();
  const { restStatusFor, toRestErrorBody } = a2aErrors();
  return replyWithStream(
    res,
    events,
    {
      event: (event) => StreamResponse.toJSON(event),
      error: (error) => toRestErrorBody(error, restStatusFor(error)),
    },
    (error) => {
      if (!(error instanceof a2aErrors().A2AError)) throw error;
      replyError(res, error);
    },
  );
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  sendJson(res, status, body);
}

function replyError(res: ServerResponse, error: unknown): void {
  const { restStatusFor, toRestErrorBody } = a2aErrors();
  const status = restStatusFor(error);
  sendJson(res, status, toRestErrorBody(error, status));
}

function payloadOf(result: Message | Task) {
  return 'messageId' in result
    ? { $case: 'message' as const, value: result }
    : { $case: 'task' as const, value: result };
}

function sendRequestOf(body: unknown) {
  const request = a2aSdk().SendMessageRequest.fromJSON(body ?? {});
  if (!request.message) throw malformed('message is required');
  if (!request.message.messageId) throw malformed('message.messageId is required');
  return request;
}

/** A config from a create's body, for the task its path names. */
function pushConfigOf(taskId: string, body: unknown) {
  const fields = typeof body === 'object' && body !== null ? body : {};
  const config = a2aSdk().TaskPushNotificationConfig.fromJSON({ ...fields, taskId });
  if (!config.url) throw malformed('url is required');
  return config;
}

function listRequestOf(query: Record<string, unknown>) {
  const { TaskState, taskStateFromJSON } = a2aSdk();
  const text = (name: string) => {
    const value = query[name];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  const status = text('status');
  const pageSize = text('pageSize');
  const historyLength = text('historyLength');
  const size = pageSize === undefined ? undefined : count(pageSize, 'pageSize');
  if (size !== undefined && (size < 1 || size > MAX_PAGE_SIZE)) {
    throw malformed(`pageSize must be between 1 and ${MAX_PAGE_SIZE}`);
  }
  return {
    tenant: '',
    contextId: text('contextId') ?? '',
    status:
      status === undefined
        ? TaskState.TASK_STATE_UNSPECIFIED
        : taskStateFromJSON(/^\d+$/.test(status) ? Number(status) : status),
    pageSize: size,
    pageToken: text('pageToken') ?? '',
    historyLength: historyLength === undefined ? undefined : count(historyLength, 'historyLength'),
    statusTimestampAfter: text('statusTimestampAfter'),
    includeArtifacts: text('includeArtifacts') === 'true',
  };
}

function count(value: string, name: string): number {
  if (!/^\d{1,6}$/.test(value)) throw malformed(`${name} must be a non-negative integer`);
  return Number(value);
}

function malformed(message: string): Error {
  return new (a2aErrors().RequestMalformedError)(message);
}
