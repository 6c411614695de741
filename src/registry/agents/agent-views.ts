import { type AgentRow } from './agents.repository';
import { type AgentDto } from './dto/agent.dto';

/** A stored agent and its tool ids as the API shows it. */
export function toAgentDto(row: AgentRow, toolIds: string[]): AgentDto {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    system_prompt: row.system_prompt,
    model_config: row.model_config,
    tool_ids: toolIds,
    a2a: { enabled: row.a2a_enabled },
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
