import { type RunStatus, isActiveRunStatus } from '../database/schema';

/**
 * How an execution of a run or a workflow run ended, for its span's outcome: the status it
 * ended with (`completed`, `failed`, `cancelled`), or `interrupted` when the server stopped
 * and left it active, to be ended (or resumed) by another execution.
 */
export function executionOutcomeOf(status: RunStatus): string {
  return isActiveRunStatus(status) ? 'interrupted' : status;
}
