import { Injectable, Logger } from '@nestjs/common';
import { DomainError } from '../../core/errors';
import {
  type ModelToolCall,
  ProviderError,
  type TokenUsage,
  type ToolResultMessage,
} from '../../providers/model-provider.contract';
import { type ModelArtifact, ArtifactsService } from '../../artifacts/artifacts.service';
import { LOAD_ARTIFACT } from '../../artifacts/load-artifact.tool';
import { holdsBinary } from '../../artifacts/processing/holds-binary';
import { type ModelToolResponse } from '../../artifacts/processing/tool-response';
import { ToolResponses } from '../../artifacts/tool-responses.service';
import { type CatalogTool, ToolCatalog } from '../../tools/tool-catalog.service';
import { ToolContentResult, plainValueOf } from '../../tools/tool-content-result';
import { ToolExecutor } from '../../tools/tool-executor.service';
import { ToolReportedError } from '../../tools/tool.errors';
import { RuntimeConfig } from '../runtime.config';
import { RuntimeMetrics } from '../runtime.metrics';
import { ApprovalGate } from '../approvals/approval-gate';
import { toolResultText } from './conversation-history';
import { type RunEventFields } from '../events/run-event.types';
import { RunCancelledError, RunEndedElsewhereError } from '../runtime.errors';
import { type RunEnding, RunsRepository } from './runs.repository';
import { type RunEventSink } from './run-event-sink';
import { type RunPlan } from './run-plan';
import { ModelTurn } from './model-turn';

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
 * The model/tool loop of one run: call the model with the conversation and the agent's tools,
 * stream what it says as events, run the tools it calls, give it their results, and repeat
 * until it answers without a tool call. Ends with `complete`, or a terminal `error`, or, when
 * its signal is aborted, the cancellation sequence.
 */
@Injectable()
export class RunOrchestrator {
  private readonly logger = new Logger('Runs');

  constructor(
    private readonly executor: ToolExecutor,
    private readonly runs: RunsRepository,
    private readonly config: RuntimeConfig,
    private readonly metrics: RuntimeMetrics,
    private readonly gate: ApprovalGate,
    private readonly responses: ToolResponses,
    private readonly artifacts: ArtifactsService,
    private readonly catalog: ToolCatalog,
  ) {}

  /** Runs until the run ends, or pauses for approval (`'paused'`: nothing is held). */
  async execute(
    plan: RunPlan,
    sink: RunEventSink,
    signal: AbortSignal,
  ): Promise<'ended' | 'paused'> {
    const usage: TokenUsage = { ...plan.usageSoFar };
    let turn: ModelTurn | undefined;
    const openToolUses = new Map<string, ModelToolCall>();
    try {
      if (plan.decided) {
        const answers = await this.answerDecided(plan, plan.decided, sink, signal, openToolUses);
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
        const calls = turn.toolCalls;
        turn = undefined;
        for (const call of calls) {
          await sink.emit('tool_use', { toolUseId: call.id, toolName: call.name, args: call.args });
          openToolUses.set(call.id, call);
        }
        const gated = calls.filter((call) => needsApproval(plan, call));
        const results = await Promise.all(
          calls
            .filter((call) => !gated.includes(call))
            .map((call) => this.runTool(plan, call, sink, signal, openToolUses)),
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
        await this.cancel(plan, sink, turn, openToolUses, usage);
      } else {
        await this.fail(plan, sink, error, usage);
      }
    }
    return 'ended';
  }

  /** The paused calls' results: the approved ones run now, the others say why they did not. */
  private answerDecided(
    plan: RunPlan,
    decided: NonNullable<RunPlan['decided']>,
    sink: RunEventSink,
    signal: AbortSignal,
    open: Map<string, ModelToolCall>,
  ): Promise<ToolResultMessage[]> {
    // A cancelled run runs nothing, even what was approved before the cancel.
    const cancelled = [...decided.approvals.values()].some((a) => a.status === 'cancelled');
    return Promise.all(
      decided.calls.map(async (call) => {
        open.set(call.id, call);
        const status = cancelled ? 'cancelled' : decided.approvals.get(call.id)?.status;
        if (status === 'approved') return this.runTool(plan, call, sink, signal, open);
        const refusal =
          REFUSALS[status === 'expired' || status === 'cancelled' ? status : 'rejected'];
        return this.answer(call, sink, open, { success: false, result: null, ...refusal });
      }),
    );
  }

  private async streamModelTurn(
    plan: RunPlan,
    index: number,
    turn: ModelTurn,
    sink: RunEventSink,
    signal: AbortSignal,
  ): Promise<void> {
    const artifacts = (plan.artifacts ??= await this.artifacts.listForModel(plan.sessionId));
    // An agent's own tool hides a run-only one of its name; one reading artifacts needs some.
    const runOnly = this.catalog
      .list('run')
      .filter(({ definition }) => !plan.tools.has(definition.name))
      .filter(({ readsArtifacts }) => artifacts.length > 0 || !readsArtifacts);
    const tools = [...[...plan.tools.values()].map(({ tool }) => tool), ...runOnly];
    const stream = plan.provider.stream(
      {
        model: plan.agent.model_config.model,
        system: withArtifacts(plan.agent.system_prompt, artifacts),
        messages: plan.history,
        tools: tools.map(({ definition }) => ({
          name: definition.name,
          description: definition.description,
          inputSchema: definition.inputSchema,
        })),
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

  /** The turn's thinking and message, persisted in the seed's order: thinking first. */
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

  private async runTool(
    plan: RunPlan,
    call: ModelToolCall,
    sink: RunEventSink,
    signal: AbortSignal,
    open: Map<string, ModelToolCall>,
  ): Promise<ToolResultMessage> {
    const tool = this.toolOf(plan, call.name);
    const session = { id: plan.sessionId, owner: plan.owner };
    const outcome =
      call.malformedArgs !== undefined
        ? failed('INVALID_INPUT', `The arguments were not a JSON object: ${call.malformedArgs}`)
        : tool
          ? await this.executor.execute(tool, call.args, { caller: 'agent', signal, session })
          : failed('TOOL_NOT_FOUND', `Tool '${call.name}' is not available to this agent`);
    // Its log has its end already: nothing of this call is recorded.
    if (signal.reason instanceof RunEndedElsewhereError) throw signal.reason;
    if (!outcome.success) {
      if (signal.aborted || !(outcome.error instanceof ToolReportedError)) {
        const { code, message } = signal.aborted ? new RunCancelledError() : outcome.error;
        return this.answer(call, sink, open, {
          success: false,
          result: null,
          error: message,
          code,
        });
      }
      const response = await this.process(plan, call, outcome.error.result);
      return this.answer(call, sink, open, reportedErrorOf(outcome.error, response));
    }
    // What it read is an artifact already, and within the model's limit: nothing to save.
    if (tool?.readsArtifacts) {
      return this.answer(call, sink, open, { success: true, result: outcome.result });
    }
    const response = await this.process(plan, call, outcome.result);
    return this.answer(call, sink, open, toolResultOf(outcome.result, response));
  }

  /** The result through the response processor (seed 004): its artifacts and the model's view. */
  private async process(
    plan: RunPlan,
    call: ModelToolCall,
    result: unknown,
  ): Promise<ModelToolResponse> {
    const response = await this.responses.process(result, call.name, {
      session: { id: plan.sessionId, owner: plan.owner },
      runId: plan.runId,
      toolUseId: call.id,
    });
    // The session's listing for the model is read again once something was saved.
    if (response.artifacts.length > 0) plan.artifacts = undefined;
    return response;
  }

  /** The agent's tool of that name, or else the run-only one (an agent's own tool comes first). */
  private toolOf(plan: RunPlan, name: string): CatalogTool | undefined {
    return plan.tools.get(name)?.tool ?? this.catalog.find(name, 'run');
  }

  /** Emits the call's one `tool_result` and returns what the model reads of it. */
  private async answer(
    call: ModelToolCall,
    sink: RunEventSink,
    open: Map<string, ModelToolCall>,
    outcome: ToolResultFields,
  ): Promise<ToolResultMessage> {
    const event = { toolUseId: call.id, toolName: call.name, ...outcome };
    await sink.emit('tool_result', event);
    open.delete(call.id);
    return {
      toolUseId: call.id,
      toolName: call.name,
      content: event.modelContent ?? toolResultText(event),
      isError: !event.success,
    };
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

/** What the model reads for a call that was not approved. */
const REFUSALS = {
  rejected: { error: 'User rejected', code: 'APPROVAL_REJECTED' },
  expired: { error: 'Approval expired', code: 'APPROVAL_EXPIRED' },
  cancelled: { error: new RunCancelledError().message, code: new RunCancelledError().code },
};

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

/** The fields of a `tool_result` event beyond the call's id and name. */
type ToolResultFields = Omit<RunEventFields['tool_result'], 'toolUseId' | 'toolName'>;

/**
 * A successful call's `tool_result`: the result (unless it was cut for the model or holds binary
 * data), the artifacts it was saved as, and what the model got when that is not the result itself.
 * A result that could not be processed (and may not fall back to raw) is a failure.
 */
function toolResultOf(result: unknown, response: ModelToolResponse): ToolResultFields {
  if (response.status === 'failed') {
    return {
      success: false,
      result: null,
      error: response.error ?? 'The tool result could not be processed',
      code: 'TOOL_RESULT_UNPROCESSABLE',
      ...processingOf(response),
    };
  }
  // Events hold plain JSON: what REST would have shown of a proxied MCP tool's content. A cut
  // result, or MCP content with binary payloads, is not repeated there once saved as artifacts.
  const value = plainValueOf(result);
  const saved = response.artifacts.length > 0;
  const withheld =
    response.truncated || (saved && result instanceof ToolContentResult && holdsBinary(value));
  const shown = withheld ? null : value;
  const plain = toolResultText({ success: true, result: shown });
  return {
    success: true,
    result: shown,
    ...processingOf(response),
    ...(response.content !== plain && { modelContent: response.content }),
  };
}

/**
 * An MCP tool's error result: a failure, and the model reads what the tool said (processed like
 * any result, so a long one is saved and cut) rather than only the message's excerpt.
 */
function reportedErrorOf(error: ToolReportedError, response: ModelToolResponse): ToolResultFields {
  const failure = { success: false, result: null, error: error.message, code: error.code };
  if (response.status === 'failed') return failure;
  return {
    ...failure,
    ...processingOf(response),
    modelContent: `Error (${error.code}): the tool reported an error.\n\n${response.content}`,
  };
}

/** The artifacts a result was saved as, and what became of it unless it was simply returned. */
function processingOf({
  status,
  artifacts,
  truncated,
  skipped,
  error,
}: ModelToolResponse): Pick<ToolResultFields, 'artifacts' | 'processing'> {
  const described = { status, ...(truncated && { truncated }), ...(skipped && { skipped }) };
  return {
    ...(artifacts.length > 0 && { artifacts }),
    ...(status !== 'returned' && { processing: { ...described, ...(error && { error }) } }),
  };
}

/** The agent's instructions, and the session's artifacts the model can read. */
function withArtifacts(system: string, artifacts: readonly ModelArtifact[]): string {
  if (artifacts.length === 0) return system;
  const lines = artifacts.map(
    (artifact) =>
      `- ${artifact.name} (version ${artifact.version}, ${artifact.mime_type}, ` +
      `${artifact.size_bytes} bytes): ${artifact.summary}`,
  );
  const note = [
    `Artifacts saved in this conversation (read one with the ${LOAD_ARTIFACT} tool):`,
    ...lines,
  ].join('\n');
  return system ? `${system}\n\n${note}` : note;
}

function failed(code: string, message: string) {
  return {
    success: false as const,
    error: { code, message },
  };
}
