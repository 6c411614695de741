import { type ExpressionVariable } from '../expressions/workflow-expressions';
import { publishedStepType } from './published-step-types';
import { type StepNode } from './step-type.contract';

/** A step of a workflow's tree, where it is: in the order steps are written (pre-order). */
export interface PlacedStep<S extends StepNode = StepNode> {
  step: S;
  /** Its place as the API names fields: `steps.1.cases.0.steps.2`. */
  field: string;
  /** The placed step holding it, and the slot of the list it is in there; none at the top. */
  parent?: { position: number; slot: string };
  /** Its list, and its index there. */
  siblings: readonly S[];
  index: number;
  /** The step lists it is nested in add these variables (a map's `item` and `index`). */
  adds: readonly ExpressionVariable[];
}

/**
 * Every step of the tree, a step before the steps it holds, each list in order: the walk that
 * storage and the checks share. A step of a type no provider implements holds nothing.
 */
export function placedSteps<S extends StepNode>(steps: readonly S[]): PlacedStep<S>[] {
  const placed: PlacedStep<S>[] = [];
  const visit = (
    list: readonly S[],
    field: string,
    parent: PlacedStep<S>['parent'],
    adds: readonly ExpressionVariable[],
  ) => {
    list.forEach((step, index) => {
      const position = placed.length;
      const at = `${field}.${index}`;
      placed.push({ step, field: at, parent, siblings: list, index, adds });
      for (const nested of publishedStepType(step.type)?.lists(step) ?? []) {
        const slotField = `${at}.${nested.slot.replaceAll('/', '.')}`;
        visit(nested.steps as S[], slotField, { position, slot: nested.slot }, [
          ...adds,
          ...(nested.adds ?? []),
        ]);
      }
    });
  };
  visit(steps, 'steps', undefined, []);
  return placed;
}

/** The step's own fields, each list it holds emptied: what is stored of it beside its row. */
export function withListsEmptied<S extends StepNode>(step: S): S {
  const copy = structuredClone(step);
  for (const { slot } of publishedStepType(step.type)?.lists(step) ?? []) {
    setAtSlot(copy, slot, []);
  }
  return copy;
}

/** The list at `slot` of `holder` (made by `withListsEmptied`), to put its steps back in. */
export function listAtSlot(holder: object, slot: string): unknown[] {
  const found = slot
    .split('/')
    .reduce<unknown>(
      (value, name) => (value as Record<string, unknown> | undefined)?.[name],
      holder,
    );
  if (!Array.isArray(found)) throw new Error(`No step list at ${slot}`);
  return found;
}

function setAtSlot(holder: object, slot: string, value: unknown): void {
  const names = slot.split('/');
  const last = names.pop() as string;
  const parent = names.reduce<Record<string, unknown>>(
    (at, name) => at[name] as Record<string, unknown>,
    holder as Record<string, unknown>,
  );
  parent[last] = value;
}
