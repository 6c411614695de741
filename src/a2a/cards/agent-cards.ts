import { Injectable } from '@nestjs/common';
import type { AgentCard } from '@a2a-js/sdk';
import { type AgentRow, AgentsRepository } from '../../registry/agents/agents.repository';
import { ResourceNotFoundError } from '../../registry/common/registry.errors';
import { CURRENT_VERSION, LEGACY_VERSION } from '../bindings/spoken-version';

/** What the agents take and give: text, and JSON as data parts. */
const MODES = ['text/plain', 'application/json'];

/** The scheme callers authenticate with: toolhub's API keys, as bearer tokens. */
export const API_KEY_SCHEME = 'toolhub_api_key';

/** The A2A endpoint of an agent, under the server's base URL. */
export function a2aBaseUrl(origin: string, agentId: string): string {
  return `${origin}/a2a/agents/${agentId}`;
}

/**
 * The agents served over A2A and their agent cards: an agent is one when its `a2a.enabled` is
 * set; any other (or a missing one) is AGENT_NOT_FOUND here, as a card no client may use.
 */
@Injectable()
export class AgentCards {
  constructor(private readonly agents: AgentsRepository) {}

  /** The served agent `id`; AGENT_NOT_FOUND for one not served. */
  async served(id: string): Promise<AgentRow> {
    const agent = await this.agents.find(id);
    if (!agent?.a2a_enabled) throw new ResourceNotFoundError('Agent', id);
    return agent;
  }

  async cardOf(agent: AgentRow, origin: string): Promise<AgentCard> {
    const tools = (await this.agents.toolsOf(agent.id)).filter((tool) => tool.is_active);
    const base = a2aBaseUrl(origin, agent.id);
    const does = agent.description || `The toolhub agent ${agent.name}`;
    const toolNames = tools.map((tool) => tool.name);
    return {
      name: agent.name,
      description: does,
      supportedInterfaces: [
        { url: base, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: CURRENT_VERSION },
        { url: base, protocolBinding: 'HTTP+JSON', tenant: '', protocolVersion: CURRENT_VERSION },
        // v0.3 clients are served JSON-RPC through the SDK's compatibility layer.
        { url: base, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: LEGACY_VERSION },
      ],
      provider: { organization: 'toolhub', url: origin },
      // The card changes whenever the agent does.
      version: agent.updated_at.toISOString(),
      capabilities: {
        streaming: true,
        pushNotifications: true,
        extensions: [],
        extendedAgentCard: false,
      },
      securitySchemes: {
        [API_KEY_SCHEME]: {
          scheme: {
            $case: 'httpAuthSecurityScheme',
            value: {
              description: 'A toolhub API key: Authorization: Bearer <key>',
              scheme: 'bearer',
              bearerFormat: 'toolhub API key',
            },
          },
        },
      },
      securityRequirements: [{ schemes: { [API_KEY_SCHEME]: { list: [] } } }],
      defaultInputModes: MODES,
      defaultOutputModes: MODES,
      skills: [
        {
          id: agent.id,
          name: agent.name,
          description:
            toolNames.length > 0 ? `${does} It can call: ${toolNames.join(', ')}.` : does,
          tags: ['toolhub', ...toolNames],
          examples: [],
          inputModes: MODES,
          outputModes: MODES,
          securityRequirements: [],
        },
      ],
      signatures: [],
    };
  }

  /** The cards of every agent served over A2A: any caller with a key may use them. */
  async all(origin: string): Promise<AgentCard[]> {
    const agents = await this.agents.listA2aEnabled();
    return Promise.all(agents.map((agent) => this.cardOf(agent, origin)));
  }
}
