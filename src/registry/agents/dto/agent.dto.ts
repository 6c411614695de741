import { PageDtoOf } from '../../../core/api/page-dto-of';
import { type ReferenceDto } from '../../common/reference.dto';
import { type AgentA2aDto } from './agent-a2a.dto';
import { type ModelConfigDto } from './model-config.dto';

export class AgentDto {
  /** @example "5b1d2c3e-4f50-4a6b-8c7d-9e0f1a2b3c4d" */
  id!: string;
  /** @example "buy_signal_analyzer" */
  name!: string;
  /** @example "Finds buy signals in recent stock prices" */
  description!: string;
  /** @example "You are a buy-signal analyst..." */
  system_prompt!: string;
  model_config!: ModelConfigDto;
  /** In the order the agent lists them. @example ["3f0c9a8e-8a3b-4f6e-9a51-0d8a4c2e7b10"] */
  tool_ids!: string[];
  a2a!: AgentA2aDto;
  /** @example "2026-11-22T10:00:00.000Z" */
  created_at!: Date;
  /** @example "2026-11-22T10:00:00.000Z" */
  updated_at!: Date;
}

/** A tool of an agent, as the agent's detail shows it. */
export class AgentToolDto {
  /** @example "3f0c9a8e-8a3b-4f6e-9a51-0d8a4c2e7b10" */
  id!: string;
  /** @example "price_fetcher" */
  name!: string;
  /** @example "Fetches the latest price of a stock" */
  description!: string;
  /** Inactive tools stay listed but are not served. @example true */
  is_active!: boolean;
  /** This agent's calls of it wait for approval (the agent's rule, else the tool's). @example false */
  requires_approval!: boolean;
}

export class AgentDetailDto extends AgentDto {
  /** The agent's tools, in `tool_ids` order. */
  tools!: AgentToolDto[];
  /** Workflows with a step that runs this agent. */
  used_in_workflows!: ReferenceDto[];
  /** Tools that run this agent (implementation `{"type": "agent", "agent_id": …}`), by name. */
  served_as_tools!: ReferenceDto[];
}

export class AgentPageDto extends PageDtoOf(AgentDto) {}
