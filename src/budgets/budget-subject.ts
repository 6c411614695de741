/** Whose use is counted: every budget on the user, the key or the agent applies to it. */
export interface BudgetSubject {
  user: string;
  /** The API key the work was asked for with, when it is known. */
  keyId?: string;
  /** The agent whose run does the work, for runs and their tool calls. */
  agentId?: string;
}
