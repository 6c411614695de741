import { IsToolIdList, type ToolIdItem } from './tool-ids.decorator';

/** The complete new list of an agent's tools: it replaces the old one. */
export class AgentToolsDto {
  /** In the order the agent lists them. @example ["3f0c9a8e-8a3b-4f6e-9a51-0d8a4c2e7b10"] */
  @IsToolIdList()
  tool_ids!: ToolIdItem[];
}
