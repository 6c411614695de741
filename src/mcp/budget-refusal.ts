import type { ProtocolError } from '@modelcontextprotocol/server';
import { type BudgetExceededError } from '../budgets/budget.errors';
import { mcpServerSdk } from './loaded-on-first-use';

/**
 * JSON-RPC's first implementation-defined server error: MCP names no code for a call refused
 * until later, and a refusal is no tool result, as the call never ran.
 */
export const BUDGET_EXCEEDED_RPC_CODE = -32000;

/** A budget's refusal as MCP clients get it: an error whose data says what and for how long. */
export function budgetRefusal(error: BudgetExceededError): ProtocolError {
  const { ProtocolError } = mcpServerSdk();
  return new ProtocolError(BUDGET_EXCEEDED_RPC_CODE, error.message, {
    code: error.code,
    retry_after: error.retryAfterSeconds,
    budget_id: error.refusal.budgetId,
  });
}
