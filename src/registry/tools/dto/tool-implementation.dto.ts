import { ApiProperty } from '@nestjs/swagger';

/** A tool's implementation as the API returns it: secret header values are never shown. */
export class ToolImplementationViewDto {
  // Listed, not inferred: the Swagger plugin orders a union's members as the type checker happens
  // to have met them, which differs between compilations, so the document would not be stable.
  @ApiProperty({ enum: ['http', 'mcp', 'builtin', 'agent', 'a2a'], example: 'http' })
  type!: 'builtin' | 'http' | 'mcp' | 'agent' | 'a2a';
  /** @example "https://tools.example.com/price" */
  url?: string;
  tool_name?: string;
  /** @example {"X-Client": "toolhub"} */
  headers?: Record<string, string>;
  /** @example ["Authorization"] */
  secret_header_names?: string[];
  /** The agent an `agent` tool runs. @example "6b1f0c2e-3d4a-4b5c-8d9e-0f1a2b3c4d5e" */
  agent_id?: string;
  /** The remote agent's card an `a2a` tool calls. @example "https://agents.example.com/.well-known/agent-card.json" */
  agent_card_url?: string;
  /** The card's skill an `a2a` tool asks for. @example "summarize" */
  skill?: string;
}
