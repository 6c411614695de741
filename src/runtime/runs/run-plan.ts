import {
  type ConversationMessage,
  type ModelProvider,
} from '../../providers/model-provider.contract';
import { type AgentRow } from '../../registry/agents/agents.repository';
import { type CatalogTool } from '../../tools/tool-catalog.service';

/** Everything a run needs, gathered and checked before its first event is written. */
export interface RunPlan {
  runId: string;
  sessionId: string;
  agent: AgentRow;
  provider: ModelProvider;
  /** The agent's active, served tools, by the name the model calls them. */
  tools: ReadonlyMap<string, CatalogTool>;
  maxTokens: number;
  thinkingBudget?: number;
  /** The session's conversation so far, ending with this run's user message. */
  history: ConversationMessage[];
}
