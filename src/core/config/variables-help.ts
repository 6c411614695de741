import { variableClassesOf } from './app-config';
import { type ModuleImport } from './feature-configs';

/**
 * Every variable the app in `modules` reads with its default, one per line, in groups (core
 * first, then each feature): generated from the same classes that validate them, so `--help`
 * cannot fall behind. Secret variables have no default to show.
 */
export function describeVariables(modules: readonly ModuleImport[]): string {
  const width = 34;
  return variableClassesOf(modules)
    .map((schema) =>
      Object.entries(new schema() as Record<string, unknown>)
        .map(([name, value]) => {
          const shown = value === '' ? 'unset by default' : `default ${String(value)}`;
          return `  ${name.padEnd(width)} ${shown}`;
        })
        .join('\n'),
    )
    .join('\n\n');
}
