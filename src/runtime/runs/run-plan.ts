import { type ModelArtifact } from '../../artifacts/artifacts.service';
import {
  type ConversationMessage,
  type ModelProvider,
  type ModelToolCall,
  type TokenUsage,
} from '../../providers/model-provider.contract';
import { type ApprovalRow } from '../approvals/approvals.repository';
import { type AgentRow } from '../../registry/agents/agents.repository';
import { type CatalogTool } from '../../tools/tool-catalog.service';

/** Everything a run needs, gathered and checked before its first event is written. */
export interface RunPlan {
  runId: string;
  /** How many delegations lead to the run: 0 for one started directly. */
  depth: number;
  sessionId: string;
  /** The user whose session it is. */
  owner: string;
  /**
   * The API key the run was asked for with (directly, or by the run or workflow run that
   * started it), for its key's budgets and the audit entries of its tool calls.
   */
  keyId?: string;
  agent: AgentRow;
  provider: ModelProvider;
  /** The agent's active, served tools, by the name the model calls them. */
  tools: ReadonlyMap<string, AgentTool>;
  maxTokens: number;
  thinkingBudget?: number;
  /** The session's conversation so far, ending with this run's user message. */
  history: ConversationMessage[];
  /** Model calls the run made before (it was paused for approval), and their token usage. */
  turnsSoFar: number;
  usageSoFar: TokenUsage;
  /**
   * The session's artifacts the model may see, as last read; unset when they must be read
   * again (at the first model call, and after a tool result was saved).
   */
  artifacts?: ModelArtifact[];
  /** A paused run's decided tool calls, to answer before the next model call. */
  decided?: { calls: ModelToolCall[]; approvals: ReadonlyMap<string, ApprovalRow> };
}

export interface AgentTool {
  tool: CatalogTool;
  /** A call waits for the user's approval. */
  requiresApproval: boolean;
}
