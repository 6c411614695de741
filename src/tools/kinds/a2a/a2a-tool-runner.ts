import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AgentCard, SendMessageRequest } from '@a2a-js/sdk';
import type { Client } from '@a2a-js/sdk/client';
import { Injectable, Logger } from '@nestjs/common';
import { DomainError } from '../../../core/errors';
import { OutboundFetch } from '../../outbound/outbound-fetch';
import { type ToolContext } from '../../tool.contract';
import { ToolExecutionFailedError } from '../../tool.errors';
import { excerptOf } from '../endpoint/remote-body-excerpt';
import { a2aClientSdk, a2aProtocol } from './a2a-client-sdk';
import { type A2aToolInput } from './a2a-tool-input';
import { type A2aToolAnswer, RemoteTask, type RemoteTaskProgress } from './remote-task';
import { type RemoteAgentCard } from './remote-agent-card';

/** How often a remote that cannot stream is asked how its task stands. */
const POLL_INTERVAL_MS = 500;
/** How long a cancellation of a remote task that toolhub no longer waits for may take. */
const CANCEL_LIMIT_MS = 5_000;

/** The remote agent a tool calls: its card, the headers its requests carry, the skill asked for. */
export interface A2aTarget {
  card: RemoteAgentCard;
  headers: Headers;
  skill?: string;
}

/**
 * Runs an `a2a` tool: sends the message to the remote agent with the official SDK's client and
 * follows its task to the end, streamed where the card says the agent streams, else polled.
 * Every request goes through the outbound guard with the tool's headers. When the caller goes
 * away or the time limit passes, the remote task is cancelled: nobody waits for its answer.
 */
@Injectable()
export class A2aToolRunner {
  private readonly logger = new Logger('A2aTools');

  constructor(private readonly outbound: OutboundFetch) {}

  async run(target: A2aTarget, input: A2aToolInput, context: ToolContext): Promise<A2aToolAnswer> {
    const { signal } = context;
    // The SDK's SSE reader may not surface a failed read: an answer past the size limit ends
    // the call through this signal instead.
    const tooLarge = new AbortController();
    const options = { signal: AbortSignal.any([signal, tooLarge.signal]) };
    const card = await target.card.get(signal);
    if (target.skill && !card.skills?.some(({ id }) => id === target.skill)) {
      throw new ToolExecutionFailedError(
        `The remote agent '${card.name}' has no skill '${target.skill}'`,
      );
    }
    const client = await this.clientFor(card, target.headers, tooLarge);
    const task = new RemoteTask(context.reportProgress);
    const request = requestOf(input, target.skill, !card.capabilities?.streaming);
    let progress: RemoteTaskProgress = 'going';
    try {
      if (card.capabilities?.streaming) {
        for await (const event of client.sendMessageStream(request, options)) {
          progress = task.deliver(event);
          if (progress === 'done') break;
        }
      } else {
        progress = task.take(await client.sendMessage(request, options));
        while (progress === 'going') {
          await sleep(POLL_INTERVAL_MS, undefined, options);
          progress = task.take(await client.getTask({ tenant: '', id: task.id ?? '' }, options));
        }
      }
    } catch (error) {
      if (signal.aborted || tooLarge.signal.aborted) this.cancel(client, task);
      if (signal.aborted) throw signal.reason;
      if (tooLarge.signal.aborted) throw tooLarge.signal.reason;
      throw failureOf(error, card, task);
    }
    if (progress === 'going') {
      throw new ToolExecutionFailedError(
        `The remote agent '${card.name}' ended its stream before its ${task.describe()} ended`,
      );
    }
    return task.answer();
  }

  private async clientFor(
    card: AgentCard,
    headers: Headers,
    tooLarge: AbortController,
  ): Promise<Client> {
    const { ClientFactory, ClientFactoryOptions, JsonRpcTransportFactory, RestTransportFactory } =
      a2aClientSdk();
    const fetchImpl = ((url: string | URL, init: RequestInit = {}) => {
      // The protocol's own headers (content type, version) win over the registration's.
      const sent = new Headers(headers);
      new Headers(init.headers).forEach((value, name) => sent.set(name, value));
      return this.outbound.fetch(url, { ...init, headers: sent }, (error) => tooLarge.abort(error));
    }) as typeof fetch;
    const legacyCompat = { enabled: true };
    const factory = new ClientFactory(
      ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
        transports: [
          new JsonRpcTransportFactory({ fetchImpl, legacyCompat }),
          new RestTransportFactory({ fetchImpl, legacyCompat }),
        ],
      }),
    );
    try {
      return await factory.createFromAgentCard(card);
    } catch (error) {
      throw failureOf(error, card, undefined);
    }
  }

  /** Asks the remote to cancel the task the call no longer waits for; its answer is not awaited. */
  private cancel(client: Client, task: RemoteTask): void {
    const id = task.id;
    if (!id) return;
    const signal = AbortSignal.timeout(CANCEL_LIMIT_MS);
    client
      .cancelTask({ tenant: '', id, metadata: undefined }, { signal })
      .catch((error: unknown) => {
        this.logger.warn({ err: error, taskId: id }, 'A remote A2A task could not be cancelled');
      });
  }
}

function requestOf(
  input: A2aToolInput,
  skill: string | undefined,
  returnImmediately: boolean,
): SendMessageRequest {
  const { Role } = a2aProtocol();
  return {
    tenant: '',
    message: {
      messageId: randomUUID(),
      contextId: input.context_id ?? '',
      taskId: '',
      role: Role.ROLE_USER,
      parts: [
        {
          content: { $case: 'text', value: input.message },
          mediaType: 'text/plain',
          filename: '',
          metadata: undefined,
        },
      ],
      metadata: skill ? { skill } : undefined,
      extensions: [],
      referenceTaskIds: [],
    },
    configuration: {
      acceptedOutputModes: [],
      taskPushNotificationConfig: undefined,
      // A remote that cannot stream answers at once with its task, so it can be cancelled.
      returnImmediately,
    },
    metadata: undefined,
  };
}

/** A failed request or stream as toolhub reports it, naming the remote agent and its task. */
function failureOf(error: unknown, card: AgentCard, task: RemoteTask | undefined): DomainError {
  if (error instanceof DomainError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  const where = task ? `, ${task.describe()}` : '';
  return new ToolExecutionFailedError(
    `The remote agent '${card.name}' failed${where}: ${excerptOf(reason)}`,
  );
}
