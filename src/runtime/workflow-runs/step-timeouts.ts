import { type WorkflowRunStep } from '../../database/schema';
import { StepFailure } from './step-outcomes';

/**
 * Runs one attempt of the step under `signal`, stopped after the step's `timeout_seconds` if
 * it has one: the attempt's work hears the abort (its tool call aborted, its agent run
 * cancelled) and the attempt fails with `STEP_TIMEOUT`. `onTimeout` runs first, then.
 */
export async function withStepTimeout<T>(
  step: WorkflowRunStep,
  signal: AbortSignal,
  attempt: (signal: AbortSignal) => Promise<T>,
  onTimeout: () => void,
): Promise<T> {
  if (step.timeout_seconds === undefined) return attempt(signal);
  const timeout = AbortSignal.timeout(step.timeout_seconds * 1000);
  try {
    return await attempt(AbortSignal.any([signal, timeout]));
  } catch (error) {
    if (!timeout.aborted || signal.aborted) throw error;
    onTimeout();
    throw new StepFailure(
      'STEP_TIMEOUT',
      `The step did not end within its ${step.timeout_seconds} s`,
    );
  }
}
