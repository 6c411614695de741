import { type AgentRow } from './agents.repository';
import { type AgentDto } from './dto/agent.dto';
import { type SupportedProvider } from './supported-providers';

/** A stored agent and its tool ids as the API shows it. */
export function toAgentDto(row: AgentRow, toolIds: string[]): AgentDto {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    system_prompt: row.system_prompt,
    // Only validated configs are stored, so the provider is a supported one.
    model_config: { ...row.model_config, provider: row.model_config.provider as SupportedProvider },
    tool_ids: toolIds,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
