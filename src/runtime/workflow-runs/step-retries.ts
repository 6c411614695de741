import { type StepRetry } from '../../database/schema';
import { type OwnWorkflowRunEvent, type WorkflowRunEvent } from './workflow-run-event.types';

const DEFAULT_INITIAL_DELAY_MS = 1000;
const DEFAULT_FACTOR = 2;
const DEFAULT_MAX_DELAY_MS = 30_000;

/**
 * How long to wait before the retry that follows the `failures`-th failed attempt: the delay
 * grows by `factor` per failure up to `max_delay_ms`, and a random part of up to half of it is
 * taken off, so runs that failed together (the same service down) do not retry together.
 * `random` gives a number in [0, 1).
 */
export function retryDelayMs(retry: StepRetry, failures: number, random = Math.random): number {
  const initial = retry.initial_delay_ms ?? DEFAULT_INITIAL_DELAY_MS;
  const factor = retry.factor ?? DEFAULT_FACTOR;
  const max = retry.max_delay_ms ?? DEFAULT_MAX_DELAY_MS;
  const full = Math.min(max, initial * factor ** (failures - 1));
  return Math.round(full - (full / 2) * random());
}

/** What a step's earlier executions left of its retries, read back when its run resumes. */
export interface EarlierRetries {
  /** Its attempts that failed and were retried. */
  failures: number;
  /** When the delay before its next attempt ends (epoch ms); none if it never failed. */
  retryAt?: number;
}

/**
 * The retries the stored events of a workflow run tell for the step run at `path`: a resumed run
 * goes on with that many attempts spent and waits out the last delay, so a restart neither
 * grants a step new attempts nor cuts its delay short.
 */
export function earlierRetries(events: readonly WorkflowRunEvent[], path: string): EarlierRetries {
  const retries = events.filter(
    (event): event is OwnWorkflowRunEvent<'step_retrying'> =>
      event.type === 'step_retrying' && event.stepPath === path,
  );
  const last = retries.at(-1);
  if (!last) return { failures: 0 };
  return { failures: retries.length, retryAt: Date.parse(last.timestamp) + last.delayMs };
}
