import { type DynamicModule, type Provider } from '@nestjs/common';
import { MODULE_METADATA } from '@nestjs/common/constants';
import { type VariablesClass } from './validate-environment';

/** The providers `provideFeatureConfig` made, and the class of variables each validates. */
const VARIABLES_OF_PROVIDER = new WeakMap<object, VariablesClass>();

export function markFeatureConfigProvider(provider: Provider, schema: VariablesClass): void {
  VARIABLES_OF_PROVIDER.set(provider, schema);
}

/** What may stand in a module's `imports`. */
export type ModuleImport = NonNullable<DynamicModule['imports']>[number];

/**
 * The classes of variables declared (through `provideFeatureConfig`) anywhere in the import
 * graph of `modules`: the variables exactly these modules will read, found from Nest's own
 * module metadata, so core needs no list of features and a feature registers nothing but its
 * provider. Imports given as promises (`ConfigModule.forRoot`) cannot be read synchronously;
 * they are library modules, with no toolhub variables.
 */
export function featureConfigsIn(modules: readonly ModuleImport[]): VariablesClass[] {
  const found = new Set<VariablesClass>();
  const visited = new Set<unknown>();
  const visit = (module: unknown): void => {
    if (!module || visited.has(module) || module instanceof Promise) return;
    visited.add(module);
    if (isForwardReference(module)) return visit(module.forwardRef());
    const definitions: unknown[] = [module];
    if (isDynamicModule(module)) definitions.push(module.module);
    for (const definition of definitions) {
      for (const provider of metadataOf(definition, MODULE_METADATA.PROVIDERS)) {
        const schema = provider instanceof Object && VARIABLES_OF_PROVIDER.get(provider);
        if (schema) found.add(schema);
      }
      metadataOf(definition, MODULE_METADATA.IMPORTS).forEach(visit);
    }
  };
  modules.forEach(visit);
  return [...found];
}

/** A dynamic module's own list, or the list its class's `@Module` declares. */
function metadataOf(definition: unknown, key: string): unknown[] {
  if (typeof definition === 'function') {
    return (Reflect.getMetadata(key, definition) as unknown[] | undefined) ?? [];
  }
  return ((definition as Record<string, unknown>)[key] as unknown[] | undefined) ?? [];
}

function isDynamicModule(module: unknown): module is DynamicModule {
  return typeof module === 'object' && module !== null && 'module' in module;
}

function isForwardReference(module: unknown): module is { forwardRef: () => unknown } {
  return typeof module === 'object' && module !== null && 'forwardRef' in module;
}
