import { InvalidExpressionError, type ExpressionProblem } from './expressions/expression.errors';
import { expressionFault } from './expressions/workflow-expressions';
import { InvalidStepTemplatesError } from './step-template.errors';
import { templateProblems } from './step-templates';
import { publishedStepType } from './step-types/published-step-types';
import { type StepNode } from './step-types/step-type.contract';
import { type PlacedStep, placedSteps } from './step-types/step-tree';

/**
 * Refuses a workflow's steps whose input templates or expressions cannot work: templates with
 * bad syntax or reading steps that do not run before them (`INVALID_STEP_REFERENCES`), and
 * expressions that do not parse, type or fit the bounds (`INVALID_EXPRESSION`), each problem
 * naming the step and the place.
 */
export async function assertValidStepDefinitions(steps: readonly StepNode[]): Promise<void> {
  const placed = placedSteps(steps);
  const templates = templateProblemsOf(placed);
  if (templates.length > 0) throw new InvalidStepTemplatesError(templates);
  const expressions = await expressionProblemsOf(placed);
  if (expressions.length > 0) throw new InvalidExpressionError(expressions);
}

/** Each list's templates, checked against the keys of its own steps and of all the others. */
function templateProblemsOf(placed: readonly PlacedStep[]): string[] {
  const keys = new Set(placed.flatMap(({ step }) => (step.key === undefined ? [] : [step.key])));
  const lists = new Map<readonly StepNode[], PlacedStep>();
  for (const at of placed) if (at.index === 0) lists.set(at.siblings, at);
  return [...lists].flatMap(([list, first]) => {
    const own = new Set(list.flatMap((step) => (step.key === undefined ? [] : [step.key])));
    const outerKeys = new Set([...keys].filter((key) => !own.has(key)));
    const field = first.field.slice(0, first.field.lastIndexOf('.'));
    return templateProblems(list, { outerKeys, inMap: first.adds.includes('item') }, field);
  });
}

async function expressionProblemsOf(placed: readonly PlacedStep[]): Promise<ExpressionProblem[]> {
  const problems: ExpressionProblem[] = [];
  for (const { step, field, adds } of placed) {
    for (const expression of publishedStepType(step.type)?.expressions(step) ?? []) {
      // Inside a map, `item` and `index` can be read too.
      const variables = [...expression.variables, ...adds];
      const fault = await expressionFault(expression.source, variables);
      if (fault) problems.push({ step: step.key ?? field, field: expression.field, ...fault });
    }
  }
  return problems;
}
