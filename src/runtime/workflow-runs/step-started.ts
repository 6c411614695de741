import { type WorkflowRunStep } from '../../database/schema';
import { type StepPlace, type WorkflowRunEventFields } from './workflow-run-event.types';

/** What `step_started` tells of the workflow run's step at `place`. */
export function stepStartedFields(
  step: WorkflowRunStep,
  place: StepPlace,
): WorkflowRunEventFields['step_started'] {
  return { ...place, stepKey: step.key ?? null, stepType: step.type, refId: step.ref_id ?? null };
}
