import { Injectable } from '@nestjs/common';
import { type WorkflowRunStep } from '../../../../database/schema';
import { WorkflowStepTypeProvider } from '../../../../registry/workflows/step-types/step-type-provider.decorator';
import {
  type NestedStepList,
  type StepNode,
} from '../../../../registry/workflows/step-types/step-type.contract';
import {
  foreignFieldProblems,
  missingFieldProblems,
} from '../../../../registry/workflows/step-types/step-fields';
import { runConcurrently } from '../concurrently';
import { stepListOf } from '../step-lists';
import { type StepExecution, type WorkflowStepType } from '../workflow-step-type.contract';

interface ParallelStep<S = StepNode> extends StepNode {
  branches?: Record<string, S[]>;
}

/**
 * `parallel`: its branches at the same time, each a list of steps; its output is each branch's
 * last output by name. A branch that fails (its failing step not `on_error: continue`) stops
 * the others and fails the step.
 */
@Injectable()
@WorkflowStepTypeProvider()
export class ParallelStepType implements WorkflowStepType {
  readonly type = 'parallel';

  problems(step: ParallelStep): string[] {
    return [
      ...missingFieldProblems(step, ['branches']),
      ...foreignFieldProblems(step, ['branches']),
    ];
  }

  lists(step: ParallelStep): NestedStepList[] {
    const branches = isRecord(step.branches) ? Object.entries(step.branches) : [];
    return branches.flatMap(([name, steps]) => stepListOf(steps, `branches/${name}`));
  }

  expressions(): [] {
    return [];
  }

  async execute(execution: StepExecution): Promise<Record<string, unknown>> {
    const branches = Object.entries(
      (execution.step as ParallelStep<WorkflowRunStep>).branches ?? {},
    );
    const outputs = await runConcurrently(
      branches.length,
      branches.length,
      execution.signal,
      (index, signal) => {
        const [name, steps] = branches[index];
        return execution.runSteps(steps, { group: 'branches', member: name, signal });
      },
    );
    return Object.fromEntries(branches.map(([name], index) => [name, outputs[index]]));
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
