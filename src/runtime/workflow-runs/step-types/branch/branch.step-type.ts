import { Injectable } from '@nestjs/common';
import { type WorkflowRunStep } from '../../../../database/schema';
import { evaluateCondition } from '../../../../registry/workflows/expressions/workflow-expressions';
import { WorkflowStepTypeProvider } from '../../../../registry/workflows/step-types/step-type-provider.decorator';
import {
  type NestedStepList,
  type StepExpression,
  type StepNode,
} from '../../../../registry/workflows/step-types/step-type.contract';
import {
  foreignFieldProblems,
  missingFieldProblems,
} from '../../../../registry/workflows/step-types/step-fields';
import { type StepExecution, type WorkflowStepType } from '../workflow-step-type.contract';
import { CONDITION_VARIABLES, stepListOf } from '../step-lists';

interface BranchStep<S = StepNode> extends StepNode {
  cases?: { when?: unknown; steps?: S[] }[];
  default?: S[];
}

/**
 * `branch`: the steps of the first case whose `when` is true, or else of `default`; the others
 * are recorded skipped. Its output is the last step's output of the steps that ran, null if none.
 */
@Injectable()
@WorkflowStepTypeProvider()
export class BranchStepType implements WorkflowStepType {
  readonly type = 'branch';

  problems(step: BranchStep): string[] {
    const empty = Array.isArray(step.cases) && step.cases.length === 0;
    return [
      ...missingFieldProblems(step, ['cases']),
      ...(empty ? ['a branch step needs at least one case'] : []),
      ...foreignFieldProblems(step, ['cases', 'default']),
    ];
  }

  lists(step: BranchStep): NestedStepList[] {
    const cases = Array.isArray(step.cases) ? step.cases : [];
    return [
      ...cases.flatMap((branchCase, index) =>
        stepListOf(branchCase?.steps, `cases/${index}/steps`),
      ),
      ...stepListOf(step.default, 'default'),
    ];
  }

  expressions(step: BranchStep): StepExpression[] {
    return (step.cases ?? []).flatMap((branchCase, index) =>
      typeof branchCase?.when === 'string'
        ? [
            {
              field: `cases.${index}.when`,
              source: branchCase.when,
              variables: CONDITION_VARIABLES,
            },
          ]
        : [],
    );
  }

  async execute(execution: StepExecution): Promise<unknown> {
    const step = execution.step as BranchStep<WorkflowRunStep>;
    const cases = step.cases ?? [];
    let taken: number | undefined;
    for (let index = 0; index < cases.length && taken === undefined; index++) {
      if (await evaluateCondition(String(cases[index].when), execution.scope())) taken = index;
    }
    for (const [index, branchCase] of cases.entries()) {
      if (index !== taken) {
        await execution.skipSteps(branchCase.steps ?? [], { group: 'cases', member: index });
      }
    }
    if (taken !== undefined) {
      if (step.default) await execution.skipSteps(step.default, { group: 'default' });
      return execution.runSteps(cases[taken].steps ?? [], { group: 'cases', member: taken });
    }
    return execution.runSteps(step.default ?? [], { group: 'default' });
  }
}
