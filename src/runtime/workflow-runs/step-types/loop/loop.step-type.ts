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
import { StepFailure } from '../../step-outcomes';
import { CONDITION_VARIABLES, stepListOf } from '../step-lists';
import { type StepExecution, type WorkflowStepType } from '../workflow-step-type.contract';

interface LoopStep<S = StepNode> extends StepNode {
  until?: unknown;
  max_iterations?: number;
  steps?: S[];
}

/**
 * `loop`: its steps again and again, each iteration fed the previous one's output, until `until`
 * (evaluated after each iteration, `previous` being its output) is true. Its output is the last
 * iteration's; `max_iterations` iterations without `until` true fail it with `LOOP_LIMIT`.
 */
@Injectable()
@WorkflowStepTypeProvider()
export class LoopStepType implements WorkflowStepType {
  readonly type = 'loop';

  problems(step: LoopStep): string[] {
    const own = ['until', 'max_iterations', 'steps'];
    return [...missingFieldProblems(step, own), ...foreignFieldProblems(step, own)];
  }

  lists(step: LoopStep): NestedStepList[] {
    return stepListOf(step.steps, 'steps');
  }

  expressions(step: LoopStep): StepExpression[] {
    return typeof step.until === 'string'
      ? [{ field: 'until', source: step.until, variables: CONDITION_VARIABLES }]
      : [];
  }

  async execute(execution: StepExecution): Promise<unknown> {
    const step = execution.step as LoopStep<WorkflowRunStep>;
    const limit = step.max_iterations ?? 1;
    let fed = execution.input();
    for (let iteration = 0; iteration < limit; iteration++) {
      const nested = { group: 'iterations', member: iteration, first: fed } as const;
      fed = await execution.runSteps(step.steps ?? [], nested);
      const scope = { ...execution.scope(), previous: fed };
      if (await evaluateCondition(String(step.until), scope)) return fed;
    }
    throw new StepFailure('LOOP_LIMIT', `The loop ran ${limit} iterations and its until is false`);
  }
}
