import { type VariablesClass } from './validate-environment';
import { type DocumentedVariable, documentedVariables } from './variable-docs.decorator';

/**
 * The Markdown table of every variable of `schemas` (name, default, meaning), laid out as
 * Prettier lays out tables, so the generated text is also the formatted one.
 */
export function configurationTable(schemas: readonly VariablesClass[]): string {
  const rows = schemas
    .flatMap(documentedVariables)
    .map((variable) => [`\`${variable.name}\``, shownDefault(variable), variable.description]);
  return markdownTable(
    ['Variable', 'Default', 'Meaning'],
    rows.map((row) => row.map(escapeCell)),
  );
}

function shownDefault({ defaultValue, shownDefault, unset }: DocumentedVariable): string {
  if (shownDefault !== undefined) return `\`${shownDefault}\``;
  if (defaultValue === '') return unset ? `(unset: ${unset})` : '(unset)';
  return `\`${String(defaultValue)}\``;
}

function escapeCell(text: string): string {
  return text.replaceAll('|', '\\|');
}

function markdownTable(header: string[], rows: string[][]): string {
  const widths = header.map((_, column) =>
    Math.max(...[header, ...rows].map((row) => [...row[column]].length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell + ' '.repeat(widths[column] - [...cell].length)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join(
    '\n',
  );
}
