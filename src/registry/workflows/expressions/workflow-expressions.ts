import type * as Cel from '@marcbachmann/cel-js';
import { esmImport } from '../../../core/esm-import';
import { ResultTooLarge, fromCel, toCel } from './cel-values';
import { ExpressionFailedError } from './expression.errors';

/** What an expression can read: which of these depends on where it is (see the guide). */
export type ExpressionVariable = 'input' | 'steps' | 'previous' | 'item' | 'index';

/** A longer expression is refused when its workflow is saved. */
export const MAX_EXPRESSION_LENGTH = 4_000;

/**
 * Parse-time bounds. With no loops but comprehensions, and those not nested (see
 * `nestedComprehension`), evaluation takes time linear in the data it reads times the nodes.
 */
const LIMITS: Partial<Cel.Limits> = {
  maxAstNodes: 500,
  maxDepth: 32,
  maxListElements: 100,
  maxMapEntries: 100,
  maxCallArguments: 8,
};

/** The macros that iterate over a list or map. */
const COMPREHENSIONS = new Set(['all', 'exists', 'exists_one', 'existsOne', 'map', 'filter']);

/**
 * Functions refused: the evaluator's `matches` runs a JavaScript regular expression, whose
 * backtracking can take time exponential in the text.
 */
const UNAVAILABLE = new Set(['matches']);

/** The problem of an expression at `position` (an offset in it, from 0). */
export interface ExpressionFault {
  position: number;
  message: string;
}

// The evaluator has no access to the host: no functions but CEL's own are registered.
const loadCel = esmImport<typeof Cel>('@marcbachmann/cel-js');
const environments = new Map<string, Promise<Cel.Environment>>();

/** Why `source` cannot be evaluated over `variables`, or undefined when it can. */
export async function expressionFault(
  source: string,
  variables: readonly ExpressionVariable[],
): Promise<ExpressionFault | undefined> {
  if (source.length > MAX_EXPRESSION_LENGTH) {
    const message = `An expression is at most ${MAX_EXPRESSION_LENGTH} characters long`;
    return { position: MAX_EXPRESSION_LENGTH, message };
  }
  const environment = await environmentOf(variables);
  try {
    const checked = environment.check(source);
    if (!checked.valid) return faultOf(checked.error);
    return structuralFault(environment.parse(source).ast);
  } catch (error) {
    return faultOf(error);
  }
}

/**
 * The value of `source` over `values` (JSON), as JSON. Throws `ExpressionFailedError` when it
 * does not parse, fails while evaluated, or gives more than the result's bound.
 */
export async function evaluateExpression(
  source: string,
  values: Partial<Record<ExpressionVariable, unknown>>,
): Promise<unknown> {
  const variables = Object.keys(values) as ExpressionVariable[];
  // Saved workflows were checked, but a definition stored before a limit was is checked here.
  const fault = await expressionFault(source, variables);
  if (fault) throw new ExpressionFailedError(fault.message, fault.position);
  const environment = await environmentOf(variables);
  const context = Object.fromEntries(variables.map((name) => [name, toCel(values[name])]));
  try {
    return fromCel(environment.evaluate(source, context));
  } catch (error) {
    if (error instanceof ResultTooLarge) {
      throw new ExpressionFailedError('The expression gave too large a result', 0);
    }
    const failed = faultOf(error);
    throw new ExpressionFailedError(failed.message, failed.position);
  }
}

/** The expression's result as a condition: only `true` is true, a non-boolean fails. */
export async function evaluateCondition(
  source: string,
  values: Partial<Record<ExpressionVariable, unknown>>,
): Promise<boolean> {
  const result = await evaluateExpression(source, values);
  if (typeof result !== 'boolean') {
    throw new ExpressionFailedError(`The condition gave ${typeName(result)}, not a bool`, 0);
  }
  return result;
}

function environmentOf(variables: readonly ExpressionVariable[]): Promise<Cel.Environment> {
  const names = [...new Set(variables)].sort();
  const key = names.join(',');
  let environment = environments.get(key);
  if (!environment) {
    environment = loadCel().then((cel) =>
      names.reduce(
        (made, name) => made.registerVariable(name, name === 'index' ? 'int' : 'dyn'),
        new cel.Environment({
          unlistedVariablesAreDyn: false,
          homogeneousAggregateLiterals: false,
          limits: LIMITS,
        }),
      ),
    );
    environments.set(key, environment);
  }
  return environment;
}

/**
 * What the type checker lets through but the bounds refuse: a comprehension inside another's
 * body (its cost would grow with the data squared), and the functions `UNAVAILABLE` lists.
 */
function structuralFault(root: Cel.ASTNode): ExpressionFault | undefined {
  const visit = (node: Cel.ASTNode, inside: boolean): ExpressionFault | undefined => {
    const iterates = isComprehension(node);
    if (iterates && inside) {
      return { position: node.pos, message: 'A comprehension cannot be nested in another' };
    }
    const called = calledName(node);
    if (called !== undefined && UNAVAILABLE.has(called)) {
      return { position: node.pos, message: `${called}() is not available in expressions` };
    }
    for (const child of childrenOf(node)) {
      const fault = visit(child, inside || iterates);
      if (fault) return fault;
    }
    return undefined;
  };
  return visit(root, false);
}

function isComprehension(node: Cel.ASTNode): boolean {
  return node.op === 'rcall' && COMPREHENSIONS.has(node.args[0]);
}

/** The name of the function or method a call node calls. */
function calledName(node: Cel.ASTNode): string | undefined {
  return node.op === 'rcall' || node.op === 'call' ? node.args[0] : undefined;
}

function childrenOf(node: Cel.ASTNode): Cel.ASTNode[] {
  const found: Cel.ASTNode[] = [];
  const collect = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(collect);
    else if (isNode(value)) found.push(value);
  };
  collect(node.args);
  return found;
}

function isNode(value: unknown): value is Cel.ASTNode {
  return value !== null && typeof value === 'object' && 'op' in value && 'pos' in value;
}

function faultOf(error: unknown): ExpressionFault {
  if (error instanceof Error) {
    const located = error as Partial<Cel.ParseError>;
    const summary = located.summary ?? error.message.split('\n')[0];
    return { position: located.node?.pos ?? located.range?.start ?? 0, message: summary };
  }
  return { position: 0, message: 'The expression is invalid' };
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'a list' : `a ${typeof value}`;
}
