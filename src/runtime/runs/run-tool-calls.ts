import { Injectable } from '@nestjs/common';
import {
  type ModelToolCall,
  type ModelToolSpec,
  type ToolResultMessage,
} from '../../providers/model-provider.contract';
import { type ModelArtifact, ArtifactsService } from '../../artifacts/artifacts.service';
import { LOAD_ARTIFACT } from '../../artifacts/load-artifact.tool';
import { holdsBinary } from '../../artifacts/processing/holds-binary';
import { type ModelToolResponse } from '../../artifacts/processing/tool-response';
import { ToolResponses } from '../../artifacts/tool-responses.service';
import { type CatalogTool, ToolCatalog } from '../../tools/tool-catalog.service';
import { ToolContentResult, plainValueOf } from '../../tools/tool-content-result';
import { type ExecuteOptions, ToolExecutor } from '../../tools/tool-executor.service';
import { ANONYMOUS_USER } from '../../api-keys/principal';
import { CallApprovals } from '../approvals/call-approvals';
import { ToolReportedError } from '../../tools/tool.errors';
import { type RunEventFields } from '../events/run-event.types';
import { RunCancelledError, RunEndedElsewhereError } from '../runtime.errors';
import { toolResultText } from './conversation-history';
import { type RunEventSink } from './run-event-sink';
import { type RunPlan } from './run-plan';

/** The run the calls belong to: its plan, where its events go, and what cancels it. */
export interface ToolCallRun {
  plan: RunPlan;
  sink: RunEventSink;
  signal: AbortSignal;
  /** The calls announced (`tool_use`) whose `tool_result` is still to come, by id. */
  open: Map<string, ModelToolCall>;
}

/** What the model is given to call tools with on one turn. */
export interface ToolOffer {
  /** The agent's instructions, and the note on the session's artifacts. */
  system: string;
  tools: ModelToolSpec[];
}

/**
 * The tool side of a run: which tools the model is offered, running the calls it makes, and
 * each call's one `tool_result` event, with its result processed into artifacts, and what the
 * model reads of it.
 */
@Injectable()
export class RunToolCalls {
  constructor(
    private readonly executor: ToolExecutor,
    private readonly responses: ToolResponses,
    private readonly artifacts: ArtifactsService,
    private readonly catalog: ToolCatalog,
    private readonly approvals: CallApprovals,
  ) {}

  /** The agent's tools, the run-only ones that apply, and the session's artifacts listed. */
  async offer(plan: RunPlan): Promise<ToolOffer> {
    const artifacts = (plan.artifacts ??= await this.artifacts.listForModel(plan.sessionId));
    // An agent's own tool hides a run-only one of its name; one reading artifacts needs some.
    const runOnly = this.catalog
      .list('run')
      .filter(({ definition }) => !plan.tools.has(definition.name))
      .filter(({ readsArtifacts }) => artifacts.length > 0 || !readsArtifacts);
    const tools = [...[...plan.tools.values()].map(({ tool }) => tool), ...runOnly];
    return {
      system: withArtifacts(plan.agent.system_prompt, artifacts),
      tools: tools.map(({ definition }) => ({
        name: definition.name,
        description: definition.description,
        inputSchema: definition.inputSchema,
      })),
    };
  }

  /** The paused calls' results: the approved ones run now, the others say why they did not. */
  answerDecided(
    decided: NonNullable<RunPlan['decided']>,
    run: ToolCallRun,
  ): Promise<ToolResultMessage[]> {
    // A cancelled run runs nothing, even what was approved before the cancel.
    const cancelled = [...decided.approvals.values()].some((a) => a.status === 'cancelled');
    return Promise.all(
      decided.calls.map(async (call) => {
        run.open.set(call.id, call);
        const status = cancelled ? 'cancelled' : decided.approvals.get(call.id)?.status;
        if (status === 'approved') return this.execute(call, run);
        const refusal =
          REFUSALS[status === 'expired' || status === 'cancelled' ? status : 'rejected'];
        return this.answer(call, run, { success: false, result: null, ...refusal });
      }),
    );
  }

  /** Runs the call, emits its `tool_result` and returns what the model reads of it. */
  async execute(call: ModelToolCall, run: ToolCallRun): Promise<ToolResultMessage> {
    const { plan, signal } = run;
    const tool = this.toolOf(plan, call.name);
    const session = { id: plan.sessionId, owner: plan.owner };
    const origin = {
      user: plan.owner,
      keyId: plan.keyId,
      run: { id: plan.runId, depth: plan.depth, agentId: plan.agent.id },
    };
    const outcome =
      call.malformedArgs !== undefined
        ? failed('INVALID_INPUT', `The arguments were not a JSON object: ${call.malformedArgs}`)
        : tool
          ? await this.executor.execute(tool, call.args, {
              caller: 'agent',
              origin,
              signal,
              session,
              callId: call.id,
              askInRun: this.askerFor(call, run),
            })
          : failed('TOOL_NOT_FOUND', `Tool '${call.name}' is not available to this agent`);
    // Its log has its end already: nothing of this call is recorded.
    if (signal.reason instanceof RunEndedElsewhereError) throw signal.reason;
    if (!outcome.success) {
      if (signal.aborted || !(outcome.error instanceof ToolReportedError)) {
        const { code, message } = signal.aborted ? new RunCancelledError() : outcome.error;
        return this.answer(call, run, { success: false, result: null, error: message, code });
      }
      const response = await this.process(plan, call, outcome.error.result);
      return this.answer(call, run, reportedErrorOf(outcome.error, response));
    }
    // What it read is an artifact already, and within the model's limit: nothing to save.
    if (tool?.readsArtifacts) {
      return this.answer(call, run, { success: true, result: outcome.result });
    }
    const response = await this.process(plan, call, outcome.result);
    return this.answer(call, run, toolResultOf(outcome.result, response));
  }

  /**
   * How a call asks the run's user what its work cannot decide itself: as an approval of the
   * run. Nobody can decide an anonymous user's: such a call is not given the means to ask.
   */
  private askerFor(call: ModelToolCall, { plan, sink }: ToolCallRun): ExecuteOptions['askInRun'] {
    if (plan.owner === ANONYMOUS_USER) return undefined;
    const asking = { run: plan, call, sink };
    return (question, signal) => this.approvals.ask({ ...asking, signal }, question);
  }

  /** The result through the response processor: its artifacts and the model's view. */
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
    { sink, open }: ToolCallRun,
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
}

/** What the model reads for a call that was not approved. */
const REFUSALS = {
  rejected: { error: 'User rejected', code: 'APPROVAL_REJECTED' },
  expired: { error: 'Approval expired', code: 'APPROVAL_EXPIRED' },
  cancelled: { error: new RunCancelledError().message, code: new RunCancelledError().code },
};

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
