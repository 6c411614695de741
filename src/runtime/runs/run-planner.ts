import { Injectable } from '@nestjs/common';
import { ProviderRegistry } from '../../providers/provider-registry.service';
import { type AgentWithTools, AgentsRepository } from '../../registry/agents/agents.repository';
import { ToolCatalog } from '../../tools/tool-catalog.service';
import { RuntimeConfig } from '../runtime.config';
import {
  AgentGoneError,
  ProviderNotConfiguredError,
  ProviderUnavailableError,
} from '../runtime.errors';
import { type SessionRow } from '../sessions/sessions.repository';
import { type AgentTool, type RunPlan } from './run-plan';
import { ValidationFailedError } from '../../core/errors';

/** Thinking budget, in tokens, when a run turns thinking on without one. */
const DEFAULT_THINKING_BUDGET = 10_000;

/** A run's plan before the run exists: what the runtime adds once it does is left out. */
export type PlannedRun = Omit<
  RunPlan,
  'runId' | 'depth' | 'history' | 'turnsSoFar' | 'usageSoFar' | 'decided'
>;

export interface RunOptions {
  enable_thinking?: boolean;
  thinking_budget?: number;
}

/**
 * Checks that a session's agent can run now and gathers what the run needs: its provider
 * (configured on this server), its served tools and its token limits. Everything that can
 * refuse a run refuses here, before any event is written.
 */
@Injectable()
export class RunPlanner {
  constructor(
    private readonly agents: AgentsRepository,
    private readonly providers: ProviderRegistry,
    private readonly catalog: ToolCatalog,
    private readonly config: RuntimeConfig,
  ) {}

  /**
   * `withTools`: the session's agent with its tools when the caller read them with the session;
   * otherwise they are read here.
   */
  async plan(
    session: SessionRow,
    options: RunOptions,
    withTools?: AgentWithTools,
  ): Promise<PlannedRun> {
    const found =
      withTools ??
      (session.agent_id ? await this.agents.findWithTools(session.agent_id) : undefined);
    if (!found) throw new AgentGoneError();
    const { agent } = found;
    const providerName = agent.model_config.provider;
    const provider = this.providers.find(providerName);
    if (!provider) throw new ProviderUnavailableError(providerName, this.providers.names());
    const missing = provider.missingConfiguration();
    if (missing) throw new ProviderNotConfiguredError(providerName, missing);

    const configuredMax = agent.model_config.max_tokens;
    let thinkingBudget: number | undefined;
    if (options.enable_thinking) {
      thinkingBudget =
        options.thinking_budget ??
        (configuredMax === undefined
          ? DEFAULT_THINKING_BUDGET
          : Math.max(1024, Math.floor(configuredMax / 2)));
    }
    const maxTokens = configuredMax ?? this.config.AGENT_DEFAULT_MAX_TOKENS + (thinkingBudget ?? 0);
    if (thinkingBudget !== undefined && options.thinking_budget !== undefined) {
      const refusal = provider.thinking.refuseBudget(thinkingBudget, maxTokens);
      if (refusal) {
        throw new ValidationFailedError([{ field: 'thinking_budget', messages: [refusal] }]);
      }
    }
    return {
      sessionId: session.id,
      owner: session.owner,
      agent,
      provider,
      tools: new Map(
        found.tools
          .filter((tool) => tool.is_active)
          .flatMap((tool): [string, AgentTool][] => {
            const served = this.catalog.findById(tool.id);
            if (!served) return [];
            return [
              [served.definition.name, { tool: served, requiresApproval: tool.requires_approval }],
            ];
          }),
      ),
      maxTokens,
      thinkingBudget,
    };
  }
}
