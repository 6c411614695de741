import {
  INDEX_PATTERN,
  type PathSource,
  type TemplatePath,
  parseTemplateString,
} from './step-template-paths';
import { TemplateError } from './step-template.errors';

/** What a step's input template can read when the step is about to run. */
export interface TemplateScope {
  /** The workflow run's input. */
  input: unknown;
  /** The outputs of the steps that ran, by step index. */
  outputs: readonly unknown[];
  /** Step key → step index. */
  keys: ReadonlyMap<string, number>;
  /** What the first step's `previous.output` is: the workflow input unless said otherwise. */
  first?: unknown;
  /** The output of a keyed step outside these steps (holding them, or before their holder). */
  outer?: (key: string) => unknown;
  /** In a map's steps: the item and its index. */
  item?: { value: unknown; index: number };
}

/** Where a list of steps is, for the checks of its templates. */
export interface TemplateContext {
  /** The keys of the workflow's steps outside the list, which it may read once they ran. */
  outerKeys?: ReadonlySet<string>;
  /** The list is run for each item of a map: `item` and `index` can be read. */
  inMap?: boolean;
}

/**
 * Renders the input template of step `index`: a string that is exactly one `{{ path }}` becomes
 * the value read, whatever its type; any other string gets each path's value as text (a string
 * as is, anything else as JSON); arrays and object values are rendered in place, object keys
 * are kept. `previous.output` is the output of step `index - 1`, the workflow input for step 0.
 * Throws `TemplateError` for a path that resolves to nothing.
 */
export function renderTemplate(template: unknown, scope: TemplateScope, index: number): unknown {
  if (typeof template === 'string') return renderString(template, scope, index);
  if (Array.isArray(template)) return template.map((item) => renderTemplate(item, scope, index));
  if (isObject(template)) {
    // Object.fromEntries defines own properties, so a `__proto__` key stays a plain key.
    return Object.fromEntries(
      Object.entries(template).map(([key, value]) => [key, renderTemplate(value, scope, index)]),
    );
  }
  return template;
}

/**
 * What is wrong with a workflow's step templates, each problem naming the step, where in its
 * input it is and the path: bad syntax, and paths reading a step that does not run before the
 * step. Empty when all are valid.
 */
export function templateProblems(
  steps: readonly { key?: string; input?: unknown }[],
  context: TemplateContext = {},
  field = 'steps',
): string[] {
  const keys = new Map<string, number>();
  steps.forEach(({ key }, index) => {
    if (key !== undefined && !keys.has(key)) keys.set(key, index);
  });
  return steps.flatMap(({ input }, index) =>
    input === undefined
      ? []
      : problemsIn(input, `${field}.${index}.input`, (source) =>
          referenceProblem(source, index, steps.length, keys, context),
        ),
  );
}

function renderString(text: string, scope: TemplateScope, index: number): unknown {
  const parsed = parseTemplateString(text);
  // Registration refuses such templates; one stored before that fails rather than run as text.
  if ('problem' in parsed) throw new TemplateError(text, `Invalid template: ${parsed.problem}`);
  const { parts } = parsed;
  if (parts.length === 1 && typeof parts[0] !== 'string') return resolve(parts[0], scope, index);
  return parts
    .map((part) => (typeof part === 'string' ? part : asText(resolve(part, scope, index))))
    .join('');
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The value a path reads; JSON has no `undefined`, so that is what "nothing" is. */
function resolve(path: TemplatePath, scope: TemplateScope, index: number): unknown {
  const source = sourceValue(path.source, scope, index);
  if ('missing' in source) throw unresolvable(path, source.missing);
  let value = source.value;
  let read = source.name;
  for (const segment of path.segments) {
    const next = child(value, segment);
    if (next === undefined) throw unresolvable(path, `${read} has no '${segment}'`);
    value = next;
    read = `${read}.${segment}`;
  }
  return value;
}

function unresolvable(path: TemplatePath, why: string): TemplateError {
  return new TemplateError(path.text, `Template path '${path.text}' resolves to nothing: ${why}`);
}

/** The value a path starts from, and its name for messages; or why there is none. */
function sourceValue(
  source: PathSource,
  scope: TemplateScope,
  index: number,
): { value: unknown; name: string } | { missing: string } {
  if (source.kind === 'input') return { value: scope.input, name: 'input' };
  if (source.kind === 'previous' && index === 0) {
    const value = 'first' in scope ? scope.first : scope.input;
    return { value, name: 'previous.output' };
  }
  if (source.kind === 'item' || source.kind === 'index') {
    if (!scope.item) return { missing: `only a map's steps have ${source.kind}` };
    const { value, index: itemIndex } = scope.item;
    return source.kind === 'item' ? { value, name: 'item' } : { value: itemIndex, name: 'index' };
  }
  const step = source.kind === 'previous' ? index - 1 : source.step;
  const stepIndex = typeof step === 'number' ? step : scope.keys.get(step);
  if (stepIndex === undefined && typeof step === 'string' && scope.outer) {
    const value = scope.outer(step);
    const name = `steps.${step}.output`;
    return value === undefined ? { missing: `step '${step}' has no output yet` } : { value, name };
  }
  if (stepIndex === undefined) return { missing: `no step has the key '${step}'` };
  const name = source.kind === 'previous' ? 'previous.output' : `steps.${step}.output`;
  const value = stepIndex < index ? scope.outputs[stepIndex] : undefined;
  return value === undefined ? { missing: `step ${stepIndex} has no output yet` } : { value, name };
}

/** An object's own key or an array's item (a non-negative integer segment), if present. */
function child(value: unknown, segment: string): unknown {
  if (Array.isArray(value)) {
    return INDEX_PATTERN.test(segment) ? (value[Number(segment)] as unknown) : undefined;
  }
  return isObject(value) && Object.hasOwn(value, segment) ? value[segment] : undefined;
}

function problemsIn(
  template: unknown,
  location: string,
  referenceProblem: (source: PathSource) => string | undefined,
): string[] {
  if (Array.isArray(template)) {
    return template.flatMap((item, i) => problemsIn(item, `${location}.${i}`, referenceProblem));
  }
  if (isObject(template)) {
    return Object.entries(template).flatMap(([key, value]) =>
      problemsIn(value, `${location}.${key}`, referenceProblem),
    );
  }
  if (typeof template !== 'string') return [];
  const parsed = parseTemplateString(template);
  if ('problem' in parsed) return [`${location}: ${parsed.problem}`];
  return parsed.parts.flatMap((part) => {
    if (typeof part === 'string') return [];
    const problem = referenceProblem(part.source);
    return problem === undefined ? [] : [`${location}: '{{ ${part.text} }}' ${problem}`];
  });
}

/** Why step `index` of `count` steps cannot read `source`, if it cannot. */
function referenceProblem(
  source: PathSource,
  index: number,
  count: number,
  keys: ReadonlyMap<string, number>,
  context: TemplateContext,
): string | undefined {
  if ((source.kind === 'item' || source.kind === 'index') && !context.inMap) {
    return `reads ${source.kind}, which only a map's steps have`;
  }
  if (source.kind !== 'step') return undefined;
  const target = typeof source.step === 'number' ? source.step : keys.get(source.step);
  // A key outside the list is read once its step ran: where it is not yet, the step fails.
  if (
    typeof source.step === 'string' &&
    target === undefined &&
    context.outerKeys?.has(source.step)
  ) {
    return undefined;
  }
  if (target === undefined) return `reads step '${source.step}', but no step has that key`;
  const named =
    typeof source.step === 'number' ? `step ${target}` : `step '${source.step}' (step ${target})`;
  if (target === index) return `reads ${named}, which is this step itself`;
  if (target >= count)
    return `reads ${named}, but the workflow has ${count} steps (0 to ${count - 1})`;
  if (target > index) return `reads ${named}, which runs after this step`;
  return undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
