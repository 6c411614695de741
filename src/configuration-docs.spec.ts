/**
 * The configuration's documentation is generated from the classes that validate the variables:
 * the table of docs/operations.md (between its markers) and .env.example. This fails when either
 * differs from what the classes give; `npm run docs:config` runs it with UPDATE_CONFIG_DOCS=1,
 * which rewrites both instead.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppModule } from './app.module';
import {
  configurationTable,
  documentedVariables,
  envExample,
  variableClassesOf,
} from './core/config';

const ROOT = join(__dirname, '..');
const GUIDE = join(ROOT, 'docs', 'operations.md');
const ENV_EXAMPLE = join(ROOT, '.env.example');
const START = '<!-- configuration-table:start (npm run docs:config writes it) -->';
const END = '<!-- configuration-table:end -->';
const UPDATE = process.env.UPDATE_CONFIG_DOCS === '1';

const schemas = variableClassesOf(AppModule.features());

/** The guide around its table, and the table's text between the markers. */
function splitAtMarkers(guide: string): { before: string; table: string; after: string } {
  const start = guide.indexOf(START);
  const end = guide.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/operations.md lacks ${START} … ${END}`);
  const from = start + START.length;
  return { before: guide.slice(0, from), table: guide.slice(from, end), after: guide.slice(end) };
}

describe('the configuration documentation', () => {
  it('describes every variable the server reads', () => {
    const variables = schemas.flatMap(documentedVariables);
    expect(variables.map((variable) => variable.name)).toContain('DATABASE_URL');
    for (const { name, description } of variables) {
      expect([name, description.trim()]).not.toEqual([name, '']);
    }
  });

  it("docs/operations.md's table is the one the classes give", () => {
    const { before, table, after } = splitAtMarkers(readFileSync(GUIDE, 'utf8'));
    const generated = `\n\n${configurationTable(schemas)}\n\n`;
    if (UPDATE) writeFileSync(GUIDE, before + generated + after);
    else expect(table).toBe(generated);
  });

  it('.env.example is the one the classes give', () => {
    const generated = envExample(schemas);
    if (UPDATE) writeFileSync(ENV_EXAMPLE, generated);
    else expect(readFileSync(ENV_EXAMPLE, 'utf8')).toBe(generated);
  });
});
