import { type VariablesClass } from './validate-environment';

/** What a reader of the configuration is told about one variable, beyond its name and default. */
export interface VariableDoc {
  /**
   * What the variable does, in Markdown: the one place it is written; the configuration table
   * of the operations guide and `.env.example` are generated from it.
   */
  description: string;
  /** What an empty default means (`embedded PGlite`), for a variable unset by default. */
  unset?: string;
  /** The default as readers should see it, where the value in code depends on the machine. */
  shownDefault?: string;
}

/** A variable of a class with its default and its documentation. */
export interface DocumentedVariable extends VariableDoc {
  name: string;
  defaultValue: unknown;
}

const DOCS = new WeakMap<object, Map<string, VariableDoc>>();
const GROUPS = new WeakMap<object, string>();

/** Documents an environment variable of a class of variables. */
export function Describe(
  description: string,
  more: Omit<VariableDoc, 'description'> = {},
): PropertyDecorator {
  return (prototype, property) => {
    const docs = DOCS.get(prototype.constructor) ?? new Map<string, VariableDoc>();
    docs.set(String(property), { description, ...more });
    DOCS.set(prototype.constructor, docs);
  };
}

/** Names what a class of variables configures, as the heading of its part of `.env.example`. */
export function VariableGroup(title: string): ClassDecorator {
  return (schema) => {
    GROUPS.set(schema, title);
  };
}

export function variableGroupOf(schema: VariablesClass): string {
  const title = GROUPS.get(schema);
  if (!title) throw new Error(`${schema.name} has no @VariableGroup`);
  return title;
}

/** The variables a class declares, in order, each documented; an undocumented one is an error. */
export function documentedVariables(schema: VariablesClass): DocumentedVariable[] {
  const docs = DOCS.get(schema);
  return Object.entries(new schema() as Record<string, unknown>).map(([name, defaultValue]) => {
    const doc = docs?.get(name);
    if (!doc) throw new Error(`${schema.name}.${name} has no @Describe`);
    return { name, defaultValue, ...doc };
  });
}
