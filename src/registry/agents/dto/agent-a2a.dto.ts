import { IsBoolean } from 'class-validator';

/** How the agent is offered to Agent2Agent clients. */
export class AgentA2aDto {
  /**
   * Served over A2A at `/a2a/agents/{id}` (agent card, JSON-RPC and HTTP+JSON) to callers with
   * an API key. @example true
   */
  @IsBoolean()
  enabled!: boolean;
}
