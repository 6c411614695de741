// Writes the TypeScript types of the committed OpenAPI document (docs/openapi.json) to
// test/generated/openapi.d.ts with openapi-typescript, and formats both files like the rest of
// the code. `--check` writes nothing and fails when either committed file is out of date.
const { readFileSync, writeFileSync } = require('node:fs');
const { join, relative } = require('node:path');

const ROOT = join(__dirname, '..');
const DOCUMENT_FILE = join(ROOT, 'docs', 'openapi.json');
const TYPES_FILE = join(ROOT, 'test', 'generated', 'openapi.d.ts');
const HEADER = '// Generated from docs/openapi.json by `npm run openapi:client`; do not edit.\n\n';

async function formatted(file, text) {
  const prettier = await import('prettier');
  const options = await prettier.resolveConfig(file);
  return prettier.format(text, { ...options, filepath: file });
}

async function expectedFiles() {
  const { default: openapiTS, astToString } = await import('openapi-typescript');
  const documentText = readFileSync(DOCUMENT_FILE, 'utf8');
  const types = astToString(await openapiTS(JSON.parse(documentText)));
  return [
    [DOCUMENT_FILE, await formatted(DOCUMENT_FILE, documentText)],
    [TYPES_FILE, await formatted(TYPES_FILE, HEADER + types)],
  ];
}

async function main() {
  const check = process.argv.includes('--check');
  const stale = [];
  for (const [file, text] of await expectedFiles()) {
    const current = (() => {
      try {
        return readFileSync(file, 'utf8');
      } catch {
        return undefined;
      }
    })();
    if (current === text) continue;
    if (check) stale.push(relative(ROOT, file));
    else writeFileSync(file, text);
  }
  if (stale.length > 0) {
    console.error(
      `Out of date: ${stale.join(', ')}. Run \`npm run openapi\` and commit the result.`,
    );
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
