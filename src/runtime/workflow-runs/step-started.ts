import { type WorkflowRunStep } from '../../database/schema';
import { type WorkflowRunEventFields } from './workflow-run-event.types';

/** What `step_started` tells of the workflow run's step at `index`. */
export function stepStartedFields(
  step: WorkflowRunStep,
  index: number,
): WorkflowRunEventFields['step_started'] {
  return { stepIndex: index, stepKey: step.key ?? null, stepType: step.type, refId: step.ref_id };
}
