import { type WorkflowRunStep } from '../../database/schema';
import { placedSteps } from '../../registry/workflows/step-types/step-tree';
import { type WorkflowStepDefinition } from '../../registry/workflows/workflow-steps';

/**
 * The steps a new run executes, whatever edits of the workflow come later: the definition's
 * steps at every depth, each agent's or tool's id kept as `ref_id`.
 */
export function pinnedSteps(steps: readonly WorkflowStepDefinition[]): WorkflowRunStep[] {
  const pinned = structuredClone(steps) as WorkflowRunStep[];
  for (const { step } of placedSteps(pinned)) {
    if (step.id === undefined) continue;
    step.ref_id = step.id as string;
    delete step.id;
  }
  return pinned;
}
