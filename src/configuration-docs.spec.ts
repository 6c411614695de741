/**
 * The configuration's documentation is generated from the classes that validate the variables:
 * the table of docs/operations.md (between its markers), .env.example and the server's `--help`
 * (src/server-usage.generated.ts). This fails when one differs from what the classes give;
 * `npm run docs:config` runs it with UPDATE_CONFIG_DOCS=1, which rewrites them instead.
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
import { serverUsage } from './server-usage';

const ROOT = join(__dirname, '..');
const GUIDE = join(ROOT, 'docs', 'operations.md');
const ENV_EXAMPLE = join(ROOT, '.env.example');
const SERVER_USAGE = join(ROOT, 'src', 'server-usage.generated.ts');
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

  it("the server's --help is the one the classes give", () => {
    const generated = serverUsageModule(serverUsage());
    if (UPDATE) writeFileSync(SERVER_USAGE, generated);
    else expect(readFileSync(SERVER_USAGE, 'utf8')).toBe(generated);
  });
});

/** A module exporting `usage` as SERVER_USAGE, in a template literal as Prettier leaves it. */
function serverUsageModule(usage: string): string {
  const literal = usage.replace(/[`\\]|\$\{/g, (special) => `\\${special}`);
  return `// What \`node dist/main.js --help\` prints, written by \`npm run docs:config\` from serverUsage()
// (src/server-usage.ts): edit that, or the classes of variables, not this file.
export const SERVER_USAGE = \`${literal}\`;
`;
}
