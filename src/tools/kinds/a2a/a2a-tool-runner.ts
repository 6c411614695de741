import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AgentCard, Message, Part, SendMessageRequest } from '@a2a-js/sdk';
import type { Client } from '@a2a-js/sdk/client';
import { Injectable, Logger } from '@nestjs/common';
import { DomainError } from '../../../core/errors';
import { OutboundFetch } from '../../outbound/outbound-fetch';
import { type ToolCallDecision, type ToolContext } from '../../tool.contract';
import { ToolExecutionFailedError } from '../../tool.errors';
import { excerptOf } from '../endpoint/remote-body-excerpt';
import { a2aClientSdk, a2aProtocol } from './a2a-client-sdk';
import { type A2aToolInput } from './a2a-tool-input';
import {
  type A2aToolAnswer,
  type RemoteQuestion,
  RemoteTask,
  type RemoteTaskProgress,
} from './remote-task';
import { type RemoteAgentCard } from './remote-agent-card';

/** How often a remote that cannot stream is asked how its task stands. */
const POLL_INTERVAL_MS = 500;
/** How long a cancellation of a remote task that toolhub no longer waits for may take. */
const CANCEL_LIMIT_MS = 5_000;

/** One call's conversation with the remote agent. */
interface Exchange {
  card: AgentCard;
  client: Client;
  task: RemoteTask;
  /** The call's signal. */
  signal: AbortSignal;
  /** Aborted when an answer passes the size limit. */
  tooLarge: AbortSignal;
}

/** The remote agent a tool calls: its card, the headers its requests carry, the skill asked for. */
export interface A2aTarget {
  card: RemoteAgentCard;
  headers: Headers;
  skill?: string;
}

/**
 * Runs an `a2a` tool: sends the message to the remote agent with the official SDK's client and
 * follows its task to the end, streamed where the card says the agent streams, else polled.
 * Every request goes through the outbound guard with the tool's headers. A task that asks for
 * input, in a call an agent run made, asks the run's user as an approval and is answered with
 * their decision; elsewhere it ends the call. When the caller goes away or the time limit
 * passes, the remote task is cancelled: nobody waits for its answer.
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
    const card = await target.card.get(signal);
    if (target.skill && !card.skills?.some(({ id }) => id === target.skill)) {
      throw new ToolExecutionFailedError(
        `The remote agent '${card.name}' has no skill '${target.skill}'`,
      );
    }
    const exchange: Exchange = {
      card,
      client: await this.clientFor(card, target.headers, tooLarge),
      task: new RemoteTask(context.reportProgress),
      signal,
      tooLarge: tooLarge.signal,
    };
    const blocking = !card.capabilities?.streaming;
    let message = messageOf([textPart(input.message)], { contextId: input.context_id ?? '' });
    for (;;) {
      await this.send(exchange, requestOf(message, target.skill, blocking));
      const { askInRun } = context;
      const question = askInRun && exchange.task.question();
      if (!question) return exchange.task.answer();
      const decision = await this.decide(exchange, question, { ...context, askInRun });
      exchange.task.markAnswered();
      message = messageOf(decisionParts(decision), question);
    }
  }

  /**
   * Sends a message and follows the remote task until it ends or waits for input: streamed
   * where the card says the agent streams, else polled.
   */
  private async send(exchange: Exchange, request: SendMessageRequest): Promise<void> {
    const { card, client, task, signal, tooLarge } = exchange;
    const options = { signal: AbortSignal.any([signal, tooLarge]) };
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
      this.throwIfStopped(exchange);
      throw failureOf(error, card, task);
    }
    if (progress === 'going') {
      throw new ToolExecutionFailedError(
        `The remote agent '${card.name}' ended its stream before its ${task.describe()} ended`,
      );
    }
  }

  /**
   * Puts the remote's question to the user of the run that made the call, as an approval; the
   * time limit stands still while it waits for them (the approval's expiry bounds the wait).
   */
  private async decide(
    exchange: Exchange,
    question: RemoteQuestion,
    context: Required<Pick<ToolContext, 'askInRun' | 'pauseTimeLimit'>>,
  ): Promise<ToolCallDecision> {
    const { card } = exchange;
    const asked = question.text || 'It waits for input';
    const resume = context.pauseTimeLimit();
    try {
      return await context.askInRun({
        args: { remote_agent: card.name, remote_task_id: question.taskId, question: asked },
        description: `The remote agent '${card.name}' asks: ${excerptOf(asked)}`,
      });
    } catch (error) {
      this.throwIfStopped(exchange);
      throw error;
    } finally {
      resume();
    }
  }

  /**
   * Throws why the call was stopped, if it was (its caller, its time limit, an answer too
   * large), once the remote task is cancelled: nobody waits for its answer any more.
   */
  private throwIfStopped({ client, task, signal, tooLarge }: Exchange): void {
    if (!signal.aborted && !tooLarge.aborted) return;
    this.cancel(client, task);
    throw signal.aborted ? signal.reason : tooLarge.reason;
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
  message: Message,
  skill: string | undefined,
  returnImmediately: boolean,
): SendMessageRequest {
  return {
    tenant: '',
    message: { ...message, metadata: skill ? { skill } : undefined },
    configuration: {
      acceptedOutputModes: [],
      taskPushNotificationConfig: undefined,
      // A remote that cannot stream answers at once with its task, so it can be cancelled.
      returnImmediately,
    },
    metadata: undefined,
  };
}

/** The caller's message: a new one in a context, or the answer in a waiting task. */
function messageOf(
  parts: Part[],
  { contextId, taskId = '' }: { contextId: string; taskId?: string },
): Message {
  return {
    messageId: randomUUID(),
    contextId,
    taskId,
    role: a2aProtocol().Role.ROLE_USER,
    parts,
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}

/**
 * The user's decision as the remote is answered: a data part `{ decision, reason? }` (what
 * toolhub's own A2A server takes), and the text they gave, for agents that read only text. An
 * expired approval is a rejection.
 */
function decisionParts({ status, reason }: ToolCallDecision): Part[] {
  const decision = status === 'approved' ? 'approve' : 'reject';
  const data: Part = {
    content: { $case: 'data', value: { decision, ...(reason !== null && { reason }) } },
    mediaType: 'application/json',
    filename: '',
    metadata: undefined,
  };
  return reason ? [data, textPart(reason)] : [data];
}

function textPart(value: string): Part {
  return {
    content: { $case: 'text', value },
    mediaType: 'text/plain',
    filename: '',
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
