import { type StepDefinitionType } from './step-type.contract';

/**
 * The step types of the app, by name. class-validator runs outside Nest's injector, so the app
 * publishes its types here as it starts; a process serves one app, and every app has the same
 * types of the code.
 */
let published = new Map<string, StepDefinitionType>();

export function publishStepTypes(types: ReadonlyMap<string, StepDefinitionType>): void {
  published = new Map(types);
}

/** The type of that name; undefined for one no provider implements. */
export function publishedStepType(type: unknown): StepDefinitionType | undefined {
  return typeof type === 'string' ? published.get(type) : undefined;
}

export function publishedStepTypeNames(): string[] {
  return [...published.keys()];
}
