import { Injectable } from '@nestjs/common';
import { type Attributes, type Span, SpanKind } from '@opentelemetry/api';
import { Counter } from 'prom-client';
import { MetricsService } from '../../core/metrics/metrics.service';
import { GenAiTelemetryConfig } from '../../core/telemetry/gen-ai-telemetry.config';
import { executionPlacement, meter, tracer } from '../../core/telemetry/tracing';
import { type TokenUsage } from '../../providers/model-provider.contract';
import { type AgentRow } from '../../registry/agents/agents.repository';

/** `gen_ai.provider.name`: the convention's names, and toolhub's own for the scripted provider. */
export function genAiProviderOf(provider: string): string {
  return provider === 'scripted' ? 'toolhub.scripted' : provider;
}

/** What a model turn reports to its span and the metrics once it has ended. */
export interface ModelTurnOutcome {
  responseId: string;
  finishReason?: string;
  usage: TokenUsage;
}

/**
 * The spans and metrics of runs, in the GenAI semantic conventions: `invoke_agent` per run
 * (per execution: a run resumed after an approval continues the trace it started), `chat` per
 * model turn, and token and duration histograms; Prometheus gets the token totals too.
 */
@Injectable()
export class RunTelemetry {
  readonly captureContent: boolean;
  private readonly tokens: Counter<'agent' | 'model' | 'type'>;
  private readonly tokenUsage = meter.createHistogram('gen_ai.client.token.usage', {
    description: 'Tokens used by a model call',
    unit: '{token}',
  });
  private readonly duration = meter.createHistogram('gen_ai.client.operation.duration', {
    description: 'Duration of a model call',
    unit: 's',
  });

  constructor(metrics: MetricsService, config: GenAiTelemetryConfig) {
    this.captureContent = config.OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT;
    this.tokens = new Counter({
      name: 'toolhub_gen_ai_tokens_total',
      help: 'Model tokens used by agent runs, by agent, model and type (input or output)',
      labelNames: ['agent', 'model', 'type'] as const,
      registers: [metrics.registry],
    });
  }

  /**
   * The span of a run's execution, not yet active. A resumed run's continues the trace its
   * first execution started (`traceParent`), linked to what resumed it.
   */
  startRun(agent: AgentRow, sessionId: string, traceParent?: string | null): Span {
    const { parent, links } = executionPlacement(traceParent);
    return tracer.startSpan(
      `invoke_agent ${agent.name}`,
      {
        kind: SpanKind.INTERNAL,
        attributes: {
          'gen_ai.operation.name': 'invoke_agent',
          'gen_ai.provider.name': genAiProviderOf(agent.model_config.provider),
          'gen_ai.agent.id': agent.id,
          'gen_ai.agent.name': agent.name,
          'gen_ai.conversation.id': sessionId,
          'gen_ai.request.model': agent.model_config.model,
          ...(traceParent && { 'toolhub.run.resumed': true }),
        },
        links,
      },
      parent,
    );
  }

  /** The attributes of a model turn's `chat` span as it starts. */
  chatAttributes(agent: AgentRow, maxTokens: number): Attributes {
    const { provider, model, temperature, top_p } = agent.model_config;
    return {
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': genAiProviderOf(provider),
      'gen_ai.request.model': model,
      'gen_ai.request.max_tokens': maxTokens,
      ...(temperature !== undefined && { 'gen_ai.request.temperature': temperature }),
      ...(top_p !== undefined && { 'gen_ai.request.top_p': top_p }),
    };
  }

  /** Records an ended model turn on its span and in the metrics. */
  turnEnded(span: Span, agent: AgentRow, outcome: ModelTurnOutcome, seconds: number): void {
    const { usage } = outcome;
    span.setAttributes({
      'gen_ai.response.id': outcome.responseId,
      'gen_ai.response.model': agent.model_config.model,
      'gen_ai.usage.input_tokens': usage.input_tokens,
      'gen_ai.usage.output_tokens': usage.output_tokens,
      ...(outcome.finishReason && { 'gen_ai.response.finish_reasons': [outcome.finishReason] }),
    });
    const attributes = {
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': genAiProviderOf(agent.model_config.provider),
      'gen_ai.request.model': agent.model_config.model,
    };
    this.tokenUsage.record(usage.input_tokens, { ...attributes, 'gen_ai.token.type': 'input' });
    this.tokenUsage.record(usage.output_tokens, { ...attributes, 'gen_ai.token.type': 'output' });
    this.duration.record(seconds, attributes);
    const labels = { agent: agent.name, model: agent.model_config.model };
    this.tokens.inc({ ...labels, type: 'input' }, usage.input_tokens);
    this.tokens.inc({ ...labels, type: 'output' }, usage.output_tokens);
  }
}
