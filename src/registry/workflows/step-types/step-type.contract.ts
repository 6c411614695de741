import { type ExpressionVariable } from '../expressions/workflow-expressions';

/** A workflow step as its definition holds it, at any depth: its type and its own fields. */
export interface StepNode {
  type: string;
  key?: string;
}

/**
 * A list of steps a step holds: where it sits in the step (`slot`, property names and array
 * indexes joined by `/`, e.g. `cases/0/steps`) and its steps. Storage and the key, reference
 * and template checks walk the tree through these, knowing no type.
 */
export interface NestedStepList<S extends StepNode = StepNode> {
  slot: string;
  steps: S[];
  /** Variables its steps' expressions and templates see beyond the step's own (a map's item). */
  adds?: readonly ExpressionVariable[];
}

/** An expression a step holds: the field it is in and the variables it may read. */
export interface StepExpression {
  field: string;
  source: string;
  variables: readonly ExpressionVariable[];
}

/**
 * What a workflow step type tells of its definitions: the checks of its own fields, the step
 * lists it holds, and its expressions. A type is a provider marked `@WorkflowStepTypeProvider`;
 * the runtime adds how it executes (see the runtime's step-type contract).
 */
export interface StepDefinitionType {
  readonly type: string;
  /** What is wrong with the step's own fields (the common ones are checked for every type). */
  problems(step: StepNode): string[];
  /** The step lists it holds, in the order they appear. */
  lists(step: StepNode): NestedStepList[];
  /** The expressions it holds; none for a step that has none. */
  expressions(step: StepNode): StepExpression[];
  /** The agent or tool the step runs, if it runs one (checked to exist, kept from deletion). */
  target?(step: StepNode): { agent_id: string } | { tool_id: string } | undefined;
}
