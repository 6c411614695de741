import { Injectable, Logger } from '@nestjs/common';
import { SpanKind } from '@opentelemetry/api';
import { type CallerSignal } from '../core/caller-signal';
import { GenAiTelemetryConfig } from '../core/telemetry/gen-ai-telemetry.config';
import { contentAttribute, failSpan, inSpan, tracingRegistered } from '../core/telemetry/tracing';
import { DomainError, InternalError } from '../core/errors';
import { MetricsService } from '../core/metrics/metrics.service';
import {
  CallAbortedError,
  InvalidToolInputError,
  ToolReportedError,
  ToolResultTooDeepError,
} from './tool.errors';
import { nestsDeeperThan } from './nesting-depth';
import { ToolContentResult } from './tool-content-result';
import { type TimeLimitedWork, runWithTimeout } from './run-with-timeout';
import { type CatalogTool } from './tool-catalog.service';
import {
  type ApprovalAsker,
  type ProgressReporter,
  type RunSession,
  type ToolCallDecision,
  type ToolCallOrigin,
  type ToolCallQuestion,
  type ToolContext,
} from './tool.contract';
import { type ToolCaller, type ToolOutcome } from './tool-outcome';
import { ToolsConfig } from './tools.config';
import { toolCallAttributes } from './tool-call-span';
import { TRANSPORTS, ToolCallAudit } from './tool-call-audit';
import { BudgetExceededError } from '../budgets/budget.errors';
import { BudgetMeter } from '../budgets/budget-meter';

export interface ExecuteOptions {
  caller: ToolCaller;
  /** Whom the call acts for, and the run that made it. */
  origin: ToolCallOrigin;
  /** Defaults to the tool's own limit, else `TOOL_TIMEOUT_SECONDS`. */
  timeoutMs?: number;
  /** Aborts the call, e.g. when the client goes away or a run is cancelled. */
  signal?: CallerSignal;
  /** The agent run's session, given to the tool. */
  session?: RunSession;
  /** The model's id of the call, in an agent run. */
  callId?: string;
  /** Hears how the call advances, if the caller asked to. */
  reportProgress?: ProgressReporter;
  /** Asks the caller's human for the approvals the call waits for, if the caller can. */
  askApproval?: ApprovalAsker;
  /**
   * Puts the call's questions to the user of the run that made it, when one did; the call's
   * signal cancels a question.
   */
  askInRun?: (question: ToolCallQuestion, signal: AbortSignal) => Promise<ToolCallDecision>;
}

/**
 * The single path every tool call takes, whatever asked for it: validate the input against the
 * tool's schema, run it within its time limit (aborting its signal when the limit passes),
 * refuse a result too deep to serialise, count it, record it in the audit log, and report the
 * outcome as a value. Never throws.
 */
@Injectable()
export class ToolExecutor {
  private readonly logger = new Logger('Tools');
  private readonly defaultTimeoutMs: number;
  private readonly maxResultDepth: number;

  private readonly captureContent: boolean;

  constructor(
    private readonly metrics: MetricsService,
    private readonly audit: ToolCallAudit,
    private readonly budgets: BudgetMeter,
    config: ToolsConfig,
    telemetry: GenAiTelemetryConfig,
  ) {
    this.defaultTimeoutMs = config.TOOL_TIMEOUT_SECONDS * 1000;
    this.maxResultDepth = config.TOOL_RESULT_MAX_DEPTH;
    this.captureContent = telemetry.OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT;
  }

  execute(tool: CatalogTool, input: unknown, options: ExecuteOptions): Promise<ToolOutcome> {
    // With nothing recording spans, describing one would only cost every call.
    if (!tracingRegistered()) return this.run(tool, input, options);
    const attributes = toolCallAttributes(tool, options.callId);
    if (this.captureContent) attributes['gen_ai.tool.call.arguments'] = contentAttribute(input);
    return inSpan(
      `execute_tool ${tool.definition.name}`,
      { kind: SpanKind.INTERNAL, attributes },
      async (span) => {
        const outcome = await this.run(tool, input, options);
        if (!outcome.success) failSpan(span, outcome.error);
        else if (this.captureContent) {
          span.setAttribute(
            'gen_ai.tool.call.result',
            contentAttribute(plainResult(outcome.result)),
          );
        }
        return outcome;
      },
    );
  }

  /**
   * Calls the tool if its caller's budgets allow one more call, and records the call in the audit
   * log before its caller hears how it went. A refused call is no call: the refusal has its entry.
   */
  private async run(
    tool: CatalogTool,
    input: unknown,
    options: ExecuteOptions,
  ): Promise<ToolOutcome> {
    const refused = await this.refusal(options);
    if (refused) {
      this.count(tool.definition.name, options.caller, refused.code);
      return { success: false, error: refused, execution_time_ms: 0.001 };
    }
    const outcome = await this.call(tool, input, options);
    await this.audit.record(tool, input, options, outcome);
    return outcome;
  }

  private async refusal({
    caller,
    origin,
  }: ExecuteOptions): Promise<BudgetExceededError | undefined> {
    const subject = { user: origin.user, keyId: origin.keyId, agentId: origin.run?.agentId };
    try {
      await this.budgets.take(subject, 'tool_calls', TRANSPORTS[caller]);
      return undefined;
    } catch (error) {
      if (error instanceof BudgetExceededError) return error;
      throw error;
    }
  }

  private async call(
    tool: CatalogTool,
    input: unknown,
    options: ExecuteOptions,
  ): Promise<ToolOutcome> {
    const started = performance.now();
    const elapsed = () => Math.max(0.001, Math.round((performance.now() - started) * 1000) / 1000);
    const { name } = tool.definition;
    try {
      const issues = tool.check(input);
      if (issues.length > 0) {
        throw tool.handler.rejectInput?.(issues) ?? new InvalidToolInputError(name, issues);
      }
      const result = await runWithTimeout(
        (limited) =>
          tool.handler.execute(input as Record<string, unknown>, new CallContext(limited, options)),
        options.timeoutMs ?? tool.timeLimitMs ?? this.defaultTimeoutMs,
        options.signal,
      );
      // MCP content is checked as sent: what agent runs process, beside what REST shows.
      if (this.tooDeep(result)) throw new ToolResultTooDeepError(this.maxResultDepth);
      this.count(name, options.caller, 'ok');
      return { success: true, result, execution_time_ms: elapsed() };
    } catch (thrown) {
      const error =
        thrown instanceof DomainError
          ? this.checkedError(thrown)
          : options.signal?.aborted
            ? new CallAbortedError()
            : this.unexpected(name, thrown);
      this.count(name, options.caller, error.code);
      return { success: false, error, execution_time_ms: elapsed() };
    }
  }

  private tooDeep(result: unknown): boolean {
    const answer = result instanceof ToolContentResult ? result.raw : result;
    return nestsDeeperThan(answer, this.maxResultDepth);
  }

  /** An error result, which agent runs process too, is held to the same depth limit. */
  private checkedError(error: DomainError): DomainError {
    return error instanceof ToolReportedError && this.tooDeep(error.result)
      ? new ToolResultTooDeepError(this.maxResultDepth)
      : error;
  }

  private unexpected(name: string, error: unknown): InternalError {
    this.logger.error({ err: error, tool: name }, `Tool '${name}' failed unexpectedly`);
    return new InternalError();
  }

  private count(tool: string, caller: ToolCaller, outcome: string): void {
    this.metrics.toolInvocations.inc({ tool, transport: caller, outcome });
  }
}

/**
 * What a tool is called with. Its signal is read through to the time limit's, so a tool that
 * never looks at it never has one made. A class, not an object literal with a getter: V8 kept
 * every object such a literal made alive through the young generation's collections, and with
 * it the call's input, request and response, until a full collection; a quarter of what a small
 * REST call allocated was copied and promoted, and its scavenges took ten times as long.
 */
class CallContext implements ToolContext {
  readonly session?: RunSession;
  readonly origin: ToolCallOrigin;
  readonly pauseTimeLimit: () => () => void;
  readonly reportProgress?: ProgressReporter;
  readonly askApproval?: ApprovalAsker;
  readonly askInRun?: ToolContext['askInRun'];

  constructor(
    private readonly limited: TimeLimitedWork,
    options: ExecuteOptions,
  ) {
    this.session = options.session;
    this.origin = options.origin;
    this.pauseTimeLimit = limited.pause;
    this.reportProgress = options.reportProgress;
    this.askApproval = options.askApproval;
    const { askInRun } = options;
    if (askInRun) this.askInRun = (question) => askInRun(question, this.signal);
  }

  get signal(): AbortSignal {
    return this.limited.signal;
  }
}

/** A result as a span shows it: what REST would answer of it. */
function plainResult(result: unknown): unknown {
  return result instanceof ToolContentResult ? result.raw : result;
}
