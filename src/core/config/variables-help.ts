import { type VariablesClass } from './validate-environment';
import { documentedVariables } from './variable-docs.decorator';

/**
 * Every variable of `schemas` with its default, one per line, in groups (core first, then each
 * feature), for `--help`: generated from the same classes that validate them, so it cannot fall
 * behind. A default that depends on the machine is shown as documented; secret variables have no
 * default to show.
 */
export function describeVariables(schemas: readonly VariablesClass[]): string {
  const width = 34;
  return schemas
    .map((schema) =>
      documentedVariables(schema)
        .map(({ name, defaultValue, shownDefault }) => {
          const shown =
            shownDefault === undefined && defaultValue === ''
              ? 'unset by default'
              : `default ${shownDefault ?? String(defaultValue)}`;
          return `  ${name.padEnd(width)} ${shown}`;
        })
        .join('\n'),
    )
    .join('\n\n');
}
