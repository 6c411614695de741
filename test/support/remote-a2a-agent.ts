/**
 * A remote A2A agent for `a2a` tools to call: the official SDK's server (its request handler,
 * task store and Express handlers for the card and both bindings) on loopback, with an agent
 * whose behaviour the message names: `answer …`, `stream …`, `ask …` (input-required),
 * `fail …`, `slow` (works until cancelled); anything else is echoed. A task that asked is
 * answered with a data part `{ decision, reason? }`: it completes saying what was decided.
 */
import { type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import {
  type AgentCard,
  type Message,
  type Part,
  Role,
  type Task,
  type TaskStatus,
  TaskState,
} from '@a2a-js/sdk';
import {
  AgentEvent,
  type AgentExecutor,
  DefaultRequestHandler,
  type ExecutionEventBus,
  InMemoryTaskStore,
  type RequestContext,
} from '@a2a-js/sdk/server';
import {
  UserBuilder,
  agentCardHandler,
  jsonRpcHandler,
  restHandler,
} from '@a2a-js/sdk/server/express';
import express from 'express';

export interface RemoteA2aAgent {
  /** Its card's URL. */
  cardUrl: string;
  /** The headers of every request it received, in order. */
  headers: Record<string, string | string[] | undefined>[];
  /** The messages it was sent, with their context. */
  messages: { text: string; contextId: string; metadata: Record<string, unknown> | undefined }[];
  /** The tasks it was asked to cancel. */
  cancelled: string[];
  /** The answers to its questions: the task, its context, the data part and the text sent. */
  answers: { taskId: string; contextId: string; data: unknown; text: string }[];
  close(): Promise<void>;
}

export interface RemoteA2aAgentOptions {
  streaming: boolean;
  /** The binding its card names first. */
  binding?: 'JSONRPC' | 'HTTP+JSON';
}

const text = (value: string): Part => ({
  content: { $case: 'text', value },
  mediaType: 'text/plain',
  filename: '',
  metadata: undefined,
});

function agentMessage(context: RequestContext, said: string): Message {
  return {
    messageId: `${context.taskId}-${Math.random()}`,
    contextId: context.contextId,
    taskId: context.taskId,
    role: Role.ROLE_AGENT,
    parts: [text(said)],
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}

class ScriptedExecutor implements AgentExecutor {
  private readonly working = new Map<string, () => void>();

  constructor(private readonly agent: Pick<RemoteA2aAgent, 'messages' | 'cancelled' | 'answers'>) {}

  async execute(context: RequestContext, bus: ExecutionEventBus): Promise<void> {
    const said = context.userMessage.parts
      .map((part) => (part.content?.$case === 'text' ? part.content.value : ''))
      .join('');
    if (context.task) {
      this.takeAnswer(context, context.task, said, bus);
      return;
    }
    this.agent.messages.push({
      text: said,
      contextId: context.contextId,
      metadata: context.userMessage.metadata,
    });
    const status = (state: TaskState, message?: string): TaskStatus => ({
      state,
      message: message === undefined ? undefined : agentMessage(context, message),
      timestamp: new Date().toISOString(),
    });
    const update = (state: TaskState, message?: string) =>
      bus.publish(
        AgentEvent.statusUpdate({
          taskId: context.taskId,
          contextId: context.contextId,
          status: status(state, message),
          metadata: undefined,
        }),
      );
    const task: Task = {
      id: context.taskId,
      contextId: context.contextId,
      status: status(TaskState.TASK_STATE_SUBMITTED),
      artifacts: [],
      history: [context.userMessage],
      metadata: undefined,
    };
    bus.publish(AgentEvent.task(task));
    const [verb, ...rest] = said.split(' ');
    const subject = rest.join(' ');
    switch (verb) {
      case 'answer':
        bus.publish(
          AgentEvent.artifactUpdate({
            taskId: context.taskId,
            contextId: context.contextId,
            artifact: {
              artifactId: 'report',
              name: 'report.txt',
              description: 'What was found',
              parts: [text(`Report on ${subject}`)],
              metadata: undefined,
              extensions: [],
            },
            append: false,
            lastChunk: true,
            metadata: undefined,
          }),
        );
        update(TaskState.TASK_STATE_COMPLETED, `${subject} is fine (context ${context.contextId})`);
        break;
      case 'stream':
        update(TaskState.TASK_STATE_WORKING, `looking up ${subject}`);
        update(TaskState.TASK_STATE_WORKING, `reading ${subject}`);
        update(TaskState.TASK_STATE_COMPLETED, `${subject} streamed`);
        break;
      case 'ask':
        update(TaskState.TASK_STATE_INPUT_REQUIRED, `Which ${subject} do you mean?`);
        break;
      case 'fail':
        update(TaskState.TASK_STATE_FAILED, `could not do ${subject}`);
        break;
      case 'slow':
        update(TaskState.TASK_STATE_WORKING, 'thinking');
        await new Promise<void>((resolve) => this.working.set(context.taskId, resolve));
        break;
      default:
        update(TaskState.TASK_STATE_COMPLETED, `echo: ${said}`);
    }
    bus.finished();
  }

  /** A follow-up in a task that asked: the task as it stands first (as servers may), then done. */
  private takeAnswer(context: RequestContext, task: Task, said: string, bus: ExecutionEventBus) {
    const data = context.userMessage.parts.find((part) => part.content?.$case === 'data')?.content
      ?.value as { decision?: string; reason?: string } | undefined;
    this.agent.answers.push({ taskId: task.id, contextId: task.contextId, data, text: said });
    bus.publish(AgentEvent.task(task));
    const reason = data?.reason ? ` because ${data.reason}` : '';
    bus.publish(
      AgentEvent.statusUpdate({
        taskId: task.id,
        contextId: task.contextId,
        status: {
          state: TaskState.TASK_STATE_COMPLETED,
          message: agentMessage(context, `You said ${data?.decision ?? 'nothing'}${reason}`),
          timestamp: new Date().toISOString(),
        },
        metadata: undefined,
      }),
    );
    bus.finished();
  }

  cancelTask(taskId: string, bus: ExecutionEventBus): Promise<void> {
    this.agent.cancelled.push(taskId);
    bus.publish(
      AgentEvent.statusUpdate({
        taskId,
        contextId: '',
        status: { state: TaskState.TASK_STATE_CANCELED, message: undefined, timestamp: undefined },
        metadata: undefined,
      }),
    );
    this.working.get(taskId)?.();
    this.working.delete(taskId);
    bus.finished();
    return Promise.resolve();
  }
}

export async function startRemoteA2aAgent(options: RemoteA2aAgentOptions): Promise<RemoteA2aAgent> {
  const agent: RemoteA2aAgent = {
    cardUrl: '',
    headers: [],
    messages: [],
    cancelled: [],
    answers: [],
    close: () => Promise.resolve(),
  };
  const app = express();
  app.use((req, _res, next) => {
    agent.headers.push(req.headers);
    next();
  });
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const interfaces = [
    { url: `${origin}/jsonrpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0', tenant: '' },
    { url: `${origin}/rest`, protocolBinding: 'HTTP+JSON', protocolVersion: '1.0', tenant: '' },
  ];
  if (options.binding === 'HTTP+JSON') interfaces.reverse();
  const card: AgentCard = {
    name: 'remote_helper',
    description: 'Answers questions from afar',
    supportedInterfaces: interfaces,
    provider: undefined,
    version: '1.0.0',
    capabilities: { streaming: options.streaming, pushNotifications: false, extensions: [] },
    securitySchemes: {},
    securityRequirements: [],
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [
      {
        id: 'answer',
        name: 'Answer',
        description: 'Answers questions',
        tags: [],
        examples: [],
        inputModes: [],
        outputModes: [],
        securityRequirements: [],
      },
    ],
    signatures: [],
  };
  const requestHandler = new DefaultRequestHandler(
    card,
    new InMemoryTaskStore(),
    new ScriptedExecutor(agent),
  );
  const userBuilder = UserBuilder.noAuthentication;
  app.use(
    '/.well-known/agent-card.json',
    agentCardHandler({ agentCardProvider: () => Promise.resolve(card) }),
  );
  app.use('/jsonrpc', jsonRpcHandler({ requestHandler, userBuilder }));
  app.use('/rest', restHandler({ requestHandler, userBuilder }));
  agent.cardUrl = `${origin}/.well-known/agent-card.json`;
  agent.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return agent;
}
