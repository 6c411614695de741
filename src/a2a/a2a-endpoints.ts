import { type ServerResponse } from 'node:http';
import { Injectable } from '@nestjs/common';
import type { AgentCard } from '@a2a-js/sdk';
import type { ExecutionEventBusManager } from '@a2a-js/sdk/server';
import { RunCanceller } from '../runtime/approvals/run-canceller';
import { type A2aCall, callContextOf } from './a2a-caller';
import { type HttpJsonRequest, serveHttpJson } from './bindings/http-json-binding';
import { serveJsonRpc } from './bindings/json-rpc-binding';
import { httpJsonVersionOf, jsonRpcVersionOf } from './bindings/spoken-version';
import { AgentCards } from './cards/agent-cards';
import { a2aSdk, a2aServerSdk } from './loaded-on-first-use';
import { A2aPushConfigStore } from './push/a2a-push-config-store';
import { A2aPushSender } from './push/a2a-push-sender';
import { A2aTaskStore } from './tasks/a2a-task-store';
import { A2aTasksRepository } from './tasks/a2a-tasks.repository';
import { InlineFiles } from './tasks/inline-files';
import { RunTaskExecutor } from './tasks/run-task-executor';
import { RunTaskRequestHandler } from './tasks/run-task-request-handler';

/**
 * Each served agent's A2A endpoint: its card, and the SDK's request handler for it (made per
 * request around the agent's current card; the tasks, their executor, their push notification
 * configs and sender and their live event buses are shared) behind both bindings.
 */
@Injectable()
export class A2aEndpoints {
  /** Made by the first request, which loads the SDK. */
  private buses?: ExecutionEventBusManager;

  constructor(
    private readonly cards: AgentCards,
    private readonly store: A2aTaskStore,
    private readonly executor: RunTaskExecutor,
    private readonly tasks: A2aTasksRepository,
    private readonly canceller: RunCanceller,
    private readonly pushConfigs: A2aPushConfigStore,
    private readonly pushSender: A2aPushSender,
    private readonly inlineFiles: InlineFiles,
  ) {}

  /** The agent's card in the protocol's JSON form; AGENT_NOT_FOUND unless it is served. */
  async card(agentId: string, origin: string): Promise<unknown> {
    const card = await this.cards.cardOf(await this.cards.served(agentId), origin);
    return a2aSdk().AgentCard.toJSON(card);
  }

  /** Every served agent's card, in the protocol's JSON form. */
  async allCards(origin: string): Promise<unknown[]> {
    const { AgentCard } = a2aSdk();
    return (await this.cards.all(origin)).map((card) => AgentCard.toJSON(card));
  }

  async jsonRpc(call: A2aCall, version: string | undefined, body: unknown, res: ServerResponse) {
    const handler = await this.handlerFor(call);
    await serveJsonRpc(handler, callContextOf(call, jsonRpcVersionOf(version, body)), body, res);
  }

  async httpJson(
    call: A2aCall,
    version: string | undefined,
    request: HttpJsonRequest,
    res: ServerResponse,
  ) {
    const handler = await this.handlerFor(call);
    await serveHttpJson(handler, callContextOf(call, httpJsonVersionOf(version)), request, res);
  }

  private async handlerFor(call: A2aCall): Promise<RunTaskRequestHandler> {
    const card: AgentCard = await this.cards.cardOf(
      await this.cards.served(call.agentId),
      call.origin,
    );
    const { DefaultRequestHandler, DefaultExecutionEventBusManager } = a2aServerSdk();
    this.buses ??= new DefaultExecutionEventBusManager();
    const inner = new DefaultRequestHandler(
      card,
      this.store,
      this.executor,
      this.buses,
      this.pushConfigs,
      this.pushSender,
    );
    return new RunTaskRequestHandler(
      inner,
      this.buses,
      this.tasks,
      this.canceller,
      this.inlineFiles,
    );
  }
}
