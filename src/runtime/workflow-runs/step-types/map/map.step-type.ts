import { Injectable } from '@nestjs/common';
import { type WorkflowRunStep } from '../../../../database/schema';
import { evaluateExpression } from '../../../../registry/workflows/expressions/workflow-expressions';
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
import { runConcurrently } from '../concurrently';
import { CONDITION_VARIABLES, stepListOf } from '../step-lists';
import { type StepExecution, type WorkflowStepType } from '../workflow-step-type.contract';

/** Most items one map step runs: a longer list fails it (`MAP_TOO_MANY_ITEMS`). */
export const MAX_MAP_ITEMS = 1000;
const DEFAULT_CONCURRENCY = 4;

interface MapStep<S = StepNode> extends StepNode {
  items?: unknown;
  concurrency?: number;
  steps?: S[];
}

/**
 * `map`: its steps once per item of the list `items` gives (at most `MAX_MAP_ITEMS`), at most
 * `concurrency` items at a time, each item's first step given the item; `item` and `index` are
 * visible inside. Its output is each item's last output, in item order. An item that fails
 * stops the others and fails the step.
 */
@Injectable()
@WorkflowStepTypeProvider()
export class MapStepType implements WorkflowStepType {
  readonly type = 'map';

  problems(step: MapStep): string[] {
    return [
      ...missingFieldProblems(step, ['items', 'steps']),
      ...foreignFieldProblems(step, ['items', 'concurrency', 'steps']),
    ];
  }

  lists(step: MapStep): NestedStepList[] {
    return stepListOf(step.steps, 'steps', ['item', 'index']);
  }

  expressions(step: MapStep): StepExpression[] {
    return typeof step.items === 'string'
      ? [{ field: 'items', source: step.items, variables: CONDITION_VARIABLES }]
      : [];
  }

  async execute(execution: StepExecution): Promise<unknown[]> {
    const step = execution.step as MapStep<WorkflowRunStep>;
    const items = await evaluateExpression(String(step.items), execution.scope());
    if (!Array.isArray(items)) {
      throw new StepFailure('MAP_ITEMS_NOT_A_LIST', 'The items expression did not give a list');
    }
    if (items.length > MAX_MAP_ITEMS) {
      throw new StepFailure(
        'MAP_TOO_MANY_ITEMS',
        `The items expression gave ${items.length} items; a map runs at most ${MAX_MAP_ITEMS}`,
      );
    }
    return runConcurrently(
      items.length,
      step.concurrency ?? DEFAULT_CONCURRENCY,
      execution.signal,
      (index, signal) =>
        execution.runSteps(step.steps ?? [], {
          group: 'items',
          member: index,
          first: items[index],
          item: { value: items[index], index },
          signal,
        }),
    );
  }
}
