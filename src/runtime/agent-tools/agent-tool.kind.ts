import { Injectable } from '@nestjs/common';
import { ValidationFailedError } from '../../core/errors';
import { type ToolImplementation } from '../../database/schema';
import { AgentsRepository } from '../../registry/agents/agents.repository';
import { ToolKindProvider } from '../../tools/tool-kind-provider.decorator';
import {
  type StoredTool,
  type ToolImplementationView,
  type ToolKind,
  type ToolKindBuild,
} from '../../tools/tool-kind.contract';
import { ExecutionTimeoutError } from '../../tools/tool.errors';
import { RuntimeConfig } from '../runtime.config';
import {
  AgentDepthExceededError,
  AgentRunFailedError,
  ProviderNotConfiguredError,
  SessionNotFoundError,
} from '../runtime.errors';
import { type AgentToolAnswer, AgentToolCalls } from './agent-tool-calls.service';
import { AgentToolWork } from './agent-tool-work';
import { AGENT_TOOL_PARAMETERS, type AgentToolInput } from './agent-tool-input';
import { AgentToolImplementationDto } from './agent-tool-implementation.dto';

/** A stored `agent` implementation. */
type StoredAgentTool = ToolImplementation & { agent_id: string };

const EXAMPLE_ID = '6b1f0c2e-3d4a-4b5c-8d9e-0f1a2b3c4d5e';

/**
 * `agent` tools: a call runs the agent (see `AgentToolCalls`), so agents are reached by every
 * caller of tools (REST, MCP, test-runs, other agents' runs) through the one tool path.
 */
@ToolKindProvider()
@Injectable()
export class AgentToolKind implements ToolKind<AgentToolImplementationDto> {
  readonly type = 'agent';
  readonly errors = [
    new SessionNotFoundError(EXAMPLE_ID),
    new AgentRunFailedError('The model provider answered 500', EXAMPLE_ID, 'PROVIDER_ERROR'),
    new AgentDepthExceededError(3),
    new ProviderNotConfiguredError('anthropic', 'ANTHROPIC_API_KEY'),
    new ExecutionTimeoutError(300_000),
  ];
  readonly registration = {
    dto: AgentToolImplementationDto,
    store: ({ agent_id }: AgentToolImplementationDto): ToolImplementation => ({
      type: this.type,
      agent_id: agent_id.toLowerCase(),
    }),
    // The agent's own tools carry their approvals.
    requiresApprovalByDefault: false,
    suppliedParameters: async (implementation: ToolImplementation) => {
      const { agent_id } = implementation as StoredAgentTool;
      if (!(await this.agents.find(agent_id))) {
        throw new ValidationFailedError([
          {
            field: 'implementation.agent_id',
            messages: [`implementation.agent_id must be the id of an agent; '${agent_id}' is none`],
          },
        ]);
      }
      return AGENT_TOOL_PARAMETERS;
    },
  };

  constructor(
    private readonly agents: AgentsRepository,
    private readonly calls: AgentToolCalls,
    private readonly config: RuntimeConfig,
    readonly work: AgentToolWork,
  ) {}

  build({ name, implementation }: StoredTool): ToolKindBuild {
    const target = { toolName: name, agentId: (implementation as StoredAgentTool).agent_id };
    return {
      handler: {
        execute: (input, context) =>
          this.calls.call(target, input as unknown as AgentToolInput, context),
      },
      timeLimitMs: this.config.AGENT_TOOL_TIMEOUT_SECONDS * 1000,
      work: {
        start: async (input, origin) =>
          (await this.calls.start(target, input as unknown as AgentToolInput, origin)).id,
      },
      artifactsOf: (answer) => (answer as AgentToolAnswer).artifacts,
    };
  }

  view(implementation: ToolImplementation): ToolImplementationView {
    return { type: this.type, agent_id: (implementation as StoredAgentTool).agent_id };
  }
}
