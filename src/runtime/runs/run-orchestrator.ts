import { Injectable, Logger } from '@nestjs/common';
import { SpanKind } from '@opentelemetry/api';
import { contentAttribute, inSpan } from '../../core/telemetry/tracing';
import { DomainError } from '../../core/errors';
import {
  type ModelToolCall,
  ProviderError,
  type TokenUsage,
  type ToolResultMessage,
} from '../../providers/model-provider.contract';
import { BudgetMeter } from '../../budgets/budget-meter';
import { RuntimeConfig } from '../runtime.config';
import { RuntimeMetrics } from '../runtime.metrics';
import { ApprovalGate } from '../approvals/approval-gate';
import { RunCancelledError, RunEndedElsewhereError } from '../runtime.errors';
import { type RunEnding, RunsRepository } from './runs.repository';
import { type RunEventSink } from './run-event-sink';
import { type RunPlan } from './run-plan';
import { type ToolCallRun, type ToolOffer, RunToolCalls } from './run-tool-calls';
import { ModelTurn } from './model-turn';
import { RunTelemetry } from './run-telemetry';
import { inputMessagesOf, outputMessageOf, systemInstructionsOf } from './gen-ai-messages';

/** How a run ends when it is not cancelled or completed. */
class RunFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The model/tool loop of one run: call the model with the conversation and the tools offered,
 * stream what it says as events, have `RunToolCalls` run the tools it calls, give it their
 * results, and repeat until it answers without a tool call. Ends with `complete`, or a terminal
 * `error`, or, when its signal is aborted, the cancellation sequence.
 */
@Injectable()
export class RunOrchestrator {
  private readonly logger = new Logger('Runs');

  constructor(
    private readonly runs: RunsRepository,
    private readonly config: RuntimeConfig,
    private readonly metrics: RuntimeMetrics,
    private readonly gate: ApprovalGate,
    private readonly toolCalls: RunToolCalls,
    private readonly telemetry: RunTelemetry,
    private readonly budgets: BudgetMeter,
  ) {}

  /** Runs until the run ends, or pauses for approval (`'paused'`: nothing is held). */
  async execute(
    plan: RunPlan,
    sink: RunEventSink,
    signal: AbortSignal,
  ): Promise<'ended' | 'paused'> {
    const usage: TokenUsage = { ...plan.usageSoFar };
    let turn: ModelTurn | undefined;
    const calls: ToolCallRun = { plan, sink, signal, open: new Map() };
    try {
      if (plan.decided) {
        const answers = await this.toolCalls.answerDecided(plan.decided, calls);
        if (signal.aborted) throw signal.reason;
        if ([...plan.decided.approvals.values()].some(({ status }) => status === 'cancelled')) {
          await this.end(plan, sink, { status: 'cancelled', stopReason: 'cancelled', usage });
          return 'ended';
        }
        appendResults(plan, answers);
      }
      for (let index = plan.turnsSoFar; ; index++) {
        if (index >= this.config.AGENT_MAX_TURNS) {
          throw new RunFailure(
            'MAX_TURNS',
            `The run made ${index} model calls without a final answer (AGENT_MAX_TURNS)`,
          );
        }
        turn = new ModelTurn();
        await this.streamModelTurn(plan, index, turn, sink, signal);
        await this.persistTurn(turn, sink, usage);
        if (await this.overBudget(plan, turn)) {
          await this.end(plan, sink, { status: 'completed', stopReason: 'budget_exceeded', usage });
          return 'ended';
        }
        if (turn.stopReason !== 'tool_use' || turn.toolCalls.length === 0) {
          await this.end(plan, sink, {
            status: 'completed',
            stopReason: turn.stopReason ?? null,
            usage,
          });
          return 'ended';
        }
        plan.history.push({
          role: 'assistant',
          thinking: turn.thinkingBlocks(),
          text: turn.text,
          toolCalls: turn.toolCalls,
        });
        const made = turn.toolCalls;
        turn = undefined;
        for (const call of made) {
          await sink.emit('tool_use', { toolUseId: call.id, toolName: call.name, args: call.args });
          calls.open.set(call.id, call);
        }
        const gated = made.filter((call) => needsApproval(plan, call));
        const results = await Promise.all(
          made
            .filter((call) => !gated.includes(call))
            .map((call) => this.toolCalls.execute(call, calls)),
        );
        if (signal.aborted) throw signal.reason;
        if (gated.length > 0) {
          await this.gate.pause(plan, gated, sink, usage);
          return 'paused';
        }
        plan.history.push({ role: 'tool_results', results });
      }
    } catch (error) {
      if (signal.reason instanceof RunEndedElsewhereError) return 'ended';
      if (signal.aborted) {
        await this.cancel(plan, sink, turn, calls.open, usage);
      } else {
        await this.fail(plan, sink, error, usage);
      }
    }
    return 'ended';
  }

  /**
   * Counts the turn's tokens in the run's budgets: whether one of them is used up, so the run
   * ends here rather than making another model call (its tool calls, if any, are not run).
   */
  private async overBudget(plan: RunPlan, turn: ModelTurn): Promise<boolean> {
    const subject = { user: plan.owner, keyId: plan.keyId, agentId: plan.agent.id };
    const tokens = turn.usage.input_tokens + turn.usage.output_tokens;
    return (await this.budgets.spendTokens(subject, tokens, 'run')) !== undefined;
  }

  /** One model call, in its `chat` span; the turn holds what the model said. */
  private streamModelTurn(
    plan: RunPlan,
    index: number,
    turn: ModelTurn,
    sink: RunEventSink,
    signal: AbortSignal,
  ): Promise<void> {
    const { agent, maxTokens } = plan;
    const attributes = this.telemetry.chatAttributes(agent, maxTokens);
    if (this.telemetry.captureContent) {
      attributes['gen_ai.input.messages'] = contentAttribute(inputMessagesOf(plan.history));
    }
    return inSpan(
      `chat ${agent.model_config.model}`,
      { kind: SpanKind.CLIENT, attributes },
      async (span) => {
        const started = performance.now();
        const offer = await this.toolCalls.offer(plan);
        if (this.telemetry.captureContent && offer.system) {
          span.setAttribute(
            'gen_ai.system_instructions',
            contentAttribute(systemInstructionsOf(offer.system)),
          );
        }
        await this.streamTurn(plan, index, turn, offer, sink, signal);
        const seconds = (performance.now() - started) / 1000;
        const outcome = {
          responseId: turn.messageId,
          finishReason: turn.stopReason,
          usage: turn.usage,
        };
        this.telemetry.turnEnded(span, agent, outcome, seconds);
        if (this.telemetry.captureContent && offer.system) {
          span.setAttribute('gen_ai.output.messages', contentAttribute([outputMessageOf(turn)]));
        }
      },
    );
  }

  private async streamTurn(
    plan: RunPlan,
    index: number,
    turn: ModelTurn,
    { system, tools }: ToolOffer,
    sink: RunEventSink,
    signal: AbortSignal,
  ): Promise<void> {
    const stream = plan.provider.stream(
      {
        model: plan.agent.model_config.model,
        system,
        messages: plan.history,
        tools,
        maxTokens: plan.maxTokens,
        temperature: plan.agent.model_config.temperature,
        topP: plan.agent.model_config.top_p,
        thinking:
          plan.thinkingBudget === undefined ? undefined : { budgetTokens: plan.thinkingBudget },
        modelConfig: plan.agent.model_config as unknown as Record<string, unknown>,
        turn: index,
      },
      signal,
    );
    for await (const event of stream) {
      switch (event.type) {
        case 'turn_start':
          turn.messageId = event.messageId;
          turn.usage = event.usage;
          break;
        case 'thinking_delta':
          turn.addThinking(event.blockIndex, event.text);
          await sink.emit('thinking_chunk', { content: event.text, blockIndex: event.blockIndex });
          break;
        case 'thinking_end': {
          const block = turn.thinking.get(event.blockIndex) ?? { content: '' };
          block.signature = event.signature;
          turn.thinking.set(event.blockIndex, block);
          await sink.emit('thinking_complete', {
            content: block.content,
            blockIndex: event.blockIndex,
          });
          break;
        }
        case 'text_delta':
          turn.text += event.text;
          await sink.emit('message_chunk', { content: event.text, blockIndex: event.blockIndex });
          break;
        case 'tool_call':
          turn.toolCalls.push(event.call);
          break;
        case 'turn_end':
          turn.messageId = event.messageId;
          turn.stopReason = event.stopReason;
          turn.usage = event.usage;
          break;
      }
    }
    if (signal.aborted) throw signal.reason;
    if (turn.stopReason === undefined) {
      throw new RunFailure('PROVIDER_ERROR', 'The model stream ended before the turn did');
    }
  }

  /** The turn's thinking and message, persisted thinking first: clients replay them in that order. */
  private async persistTurn(turn: ModelTurn, sink: RunEventSink, usage: TokenUsage) {
    usage.input_tokens += turn.usage.input_tokens;
    usage.output_tokens += turn.usage.output_tokens;
    for (const block of turn.thinkingBlocks()) {
      await sink.emit('thinking', {
        content: block.content,
        messageId: turn.messageId,
        ...(block.signature !== undefined && { signature: block.signature }),
      });
    }
    await sink.emit('message', {
      content: turn.text,
      messageId: turn.messageId,
      stopReason: turn.stopReason ?? 'end_turn',
      usage: turn.usage,
    });
  }

  private async cancel(
    plan: RunPlan,
    sink: RunEventSink,
    turn: ModelTurn | undefined,
    open: ReadonlyMap<string, ModelToolCall>,
    usage: TokenUsage,
  ): Promise<void> {
    if (turn && turn.text !== '') {
      await sink.emit('message', {
        content: turn.text,
        messageId: turn.messageId,
        stopReason: 'cancelled',
        usage: turn.usage,
      });
    }
    const cancelled = new RunCancelledError();
    for (const call of open.values()) {
      await sink.emit('tool_result', {
        toolUseId: call.id,
        toolName: call.name,
        success: false,
        result: null,
        error: cancelled.message,
        code: cancelled.code,
      });
    }
    await this.end(plan, sink, { status: 'cancelled', stopReason: 'cancelled', usage });
  }

  /** Ends the run as failed with `error` (also for a run that could not even resume). */
  async fail(
    plan: Pick<RunPlan, 'runId'>,
    sink: RunEventSink,
    error: unknown,
    usage: TokenUsage,
  ): Promise<void> {
    const failure =
      error instanceof RunFailure || error instanceof ProviderError || error instanceof DomainError
        ? { code: error.code, message: error.message }
        : { code: 'INTERNAL_ERROR', message: 'The run failed unexpectedly' };
    if (failure.code === 'INTERNAL_ERROR') {
      this.logger.error({ err: error, runId: plan.runId }, 'Run failed unexpectedly');
    }
    const ending: RunEnding = { status: 'failed', stopReason: null, usage, error: failure };
    await sink.emit('error', { error: failure.message, code: failure.code }, () =>
      this.runs.finish(plan.runId, ending),
    );
    this.metrics.runsFinished.inc({ status: 'failed' });
  }

  private async end(
    plan: Pick<RunPlan, 'runId'>,
    sink: RunEventSink,
    ending: RunEnding,
  ): Promise<void> {
    // The status is stored before `complete` is sent: a client reading the run then sees it.
    await this.runs.finish(plan.runId, ending);
    await sink.emit('complete', {
      reason: ending.status === 'cancelled' ? 'cancelled' : 'success',
    });
    this.metrics.runsFinished.inc({ status: ending.status });
  }
}

function needsApproval(plan: RunPlan, call: ModelToolCall): boolean {
  // A call that cannot run (unknown tool, malformed arguments) fails at once instead.
  return call.malformedArgs === undefined && plan.tools.get(call.name)?.requiresApproval === true;
}

/** Adds tool results to the conversation: to the turn's results so far, if there are some. */
function appendResults(plan: RunPlan, results: ToolResultMessage[]): void {
  const last = plan.history[plan.history.length - 1];
  if (last?.role === 'tool_results') last.results.push(...results);
  else plan.history.push({ role: 'tool_results', results });
}
