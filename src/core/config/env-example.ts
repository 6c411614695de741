import { type VariablesClass } from './validate-environment';
import {
  type DocumentedVariable,
  documentedVariables,
  variableGroupOf,
} from './variable-docs.decorator';

const WIDTH = 100;

const HEADER = `# toolhub configuration. Copy to .env (read from the working directory at start; variables set
# in the environment win) and uncomment what you change. \`node dist/main.js --help\` lists every
# variable with its default; an invalid value stops the start with a message naming it. Generated
# from the classes that validate the variables (npm run docs:config): edit those, not this file.`;

/** The text of `.env.example`: every variable of `schemas`, commented out, with its default. */
export function envExample(schemas: readonly VariablesClass[]): string {
  const groups = schemas.map((schema) => {
    const title = `# --- ${variableGroupOf(schema)} `;
    return [title.padEnd(WIDTH, '-'), ...documentedVariables(schema).flatMap(entry)].join('\n');
  });
  return `${[HEADER, ...groups].join('\n\n')}\n`;
}

/** One variable: its description as comment lines, then `# NAME=default`. */
function entry(variable: DocumentedVariable): string[] {
  const notes = [variable.description.replace(/(?<![.!?])$/u, '.')];
  if (variable.unset) notes.push(`Unset: ${variable.unset}.`);
  if (variable.shownDefault) notes.push(`Default: ${variable.shownDefault}.`);
  const value = variable.shownDefault === undefined ? String(variable.defaultValue) : '';
  return [...wrapped(plain(notes.join(' '))), `# ${variable.name}=${value}`];
}

/** Markdown's code spans read as plain text in a comment. */
function plain(markdown: string): string {
  return markdown.replaceAll('`', '');
}

function wrapped(text: string): string[] {
  const lines: string[] = [];
  let line = '#';
  for (const word of text.split(/\s+/u)) {
    if (line.length + 1 + word.length > WIDTH && line !== '#') {
      lines.push(line);
      line = '#';
    }
    line += ` ${word}`;
  }
  return [...lines, line];
}
