import { randomUUID } from 'node:crypto';
import {
  type Message,
  type Part,
  Role,
  type SendMessageRequest,
  type Task,
  TaskState,
} from '@a2a-js/sdk';
import {
  type Client,
  ClientFactory,
  ClientFactoryOptions,
  DefaultAgentCardResolver,
  JsonRpcTransportFactory,
  RestTransportFactory,
} from '@a2a-js/sdk/client';

/** A fetch that sends `auth` (a toolhub API key, as a bearer) with every request. */
export function fetchWithKey(auth: string): typeof fetch {
  return (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('Authorization', auth);
    return fetch(input, { ...init, headers });
  };
}

/**
 * The official SDK's client of the agent at `base` (its A2A base URL), over the binding named,
 * found from its card as any A2A client finds it, authenticated with `auth`.
 */
export function a2aClient(
  base: string,
  auth: string,
  binding: 'JSONRPC' | 'HTTP+JSON',
  options: { legacy?: boolean } = {},
): Promise<Client> {
  const fetchImpl = fetchWithKey(auth);
  const legacyCompat = options.legacy ? { enabled: true } : undefined;
  const factory = new ClientFactory(
    ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
      transports: [
        new JsonRpcTransportFactory({ fetchImpl, legacyCompat }),
        new RestTransportFactory({ fetchImpl, legacyCompat }),
      ],
      preferredTransports: [binding],
      cardResolver: new DefaultAgentCardResolver({ fetchImpl, legacyCompat }),
    }),
  );
  return factory.createFromUrl(`${base}/`);
}

export function textPart(text: string): Part {
  return {
    content: { $case: 'text', value: text },
    mediaType: 'text/plain',
    filename: '',
    metadata: undefined,
  };
}

export function dataPart(data: Record<string, unknown>): Part {
  return {
    content: { $case: 'data', value: data },
    mediaType: 'application/json',
    filename: '',
    metadata: undefined,
  };
}

/** A user's message, in a context or task if given, blocking unless `returnImmediately`. */
export function userMessage(
  parts: Part[],
  ids: { contextId?: string; taskId?: string } = {},
  returnImmediately = false,
): SendMessageRequest {
  return {
    tenant: '',
    message: {
      messageId: randomUUID(),
      contextId: ids.contextId ?? '',
      taskId: ids.taskId ?? '',
      role: Role.ROLE_USER,
      parts,
      metadata: undefined,
      extensions: [],
      referenceTaskIds: [],
    },
    configuration: {
      acceptedOutputModes: [],
      taskPushNotificationConfig: undefined,
      returnImmediately,
    },
    metadata: undefined,
  };
}

export function asTask(result: Message | Task): Task {
  if (!('status' in result)) throw new Error(`a message, not a task: ${JSON.stringify(result)}`);
  return result;
}

/** The texts of a message's text parts, joined. */
export function textOf(message: Message | undefined): string {
  return (message?.parts ?? [])
    .map((part) => (part.content?.$case === 'text' ? part.content.value : ''))
    .join('');
}

export { TaskState };
