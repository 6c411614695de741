#!/usr/bin/env node
// Fails when a file under src/ imports a top-level folder that sits above its own in the layer
// order. One total order rules out cycles between folders by construction, and the error names
// the file, the import and the rule, so a wrong-way import is caught in `npm run check` rather
// than in review. docs/architecture.md explains each layer.
const fs = require('node:fs');
const path = require('node:path');

// The folder to check: src/ of this repository unless a test names another.
const SRC = path.resolve(process.argv[2] ?? path.join(__dirname, '..', 'src'));

/** Lowest first: a unit may import only the units before it. */
const LAYERS = [
  'core',
  'database',
  'cluster',
  'jobs',
  'audit',
  'secrets',
  'api-keys',
  'audit-api',
  'usage',
  'budgets',
  'oauth',
  'providers',
  'tools',
  'files',
  'artifacts',
  'registry',
  'webhooks',
  'runtime',
  'mcp',
  'a2a',
  'root',
  'cli',
  'entry',
];

/**
 * Folders loaded only on demand, with `import()` from outside them, never statically: code for a
 * mode the product does not run in (the MCP conformance suite's fixtures), kept out of the module
 * graph every other start loads.
 */
const ON_DEMAND = ['mcp/conformance'];

/** Files directly in src/ that start a process; everything else there is the composition root. */
const ENTRY_POINTS = new Set(['main.ts', 'cli.ts', 'cli-main.ts', 'server-main.ts']);

const IMPORT =
  /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*|jest\.mock\(\s*)'(\.{1,2}\/[^']*)'/g;

function unitOf(file) {
  const [first, ...rest] = path.relative(SRC, file).split(path.sep);
  if (rest.length > 0) return first;
  return ENTRY_POINTS.has(first) ? 'entry' : 'root';
}

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return isShippedSource(entry.name) ? [full] : [];
  });
}

/**
 * Declarations describe packages, not code; a spec may assemble higher layers to test a part in
 * place (a core spec booting the app), and ships nowhere.
 */
function isShippedSource(name) {
  return name.endsWith('.ts') && !name.endsWith('.d.ts') && !name.endsWith('.spec.ts');
}

/** The on-demand folder `file` sits in, if any. */
function onDemandFolderOf(file) {
  const relative = path.relative(SRC, file).split(path.sep).join('/');
  return ON_DEMAND.find((folder) => relative.startsWith(`${folder}/`));
}

function lineOf(text, index) {
  return text.slice(0, index).split('\n').length;
}

function violations() {
  const found = [];
  for (const file of sourceFiles(SRC)) {
    const from = unitOf(file);
    const rank = LAYERS.indexOf(from);
    if (rank < 0) {
      found.push(`${path.relative(SRC, file)}: the folder '${from}' has no place in LAYERS`);
      continue;
    }
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const target = path.resolve(path.dirname(file), match[1]);
      if (!target.startsWith(SRC + path.sep)) continue;
      const onDemand = onDemandFolderOf(target);
      if (onDemand && onDemand !== onDemandFolderOf(file) && !/^import\s*\(/.test(match[0])) {
        found.push(
          `src/${path.relative(SRC, file)}:${lineOf(text, match.index)} imports '${match[1]}': ` +
            `src/${onDemand} is loaded on demand only, with import()`,
        );
      }
      const to = unitOf(target.endsWith('.ts') ? target : `${target}.ts`);
      if (to === from) continue;
      const targetRank = LAYERS.indexOf(to);
      if (targetRank < 0 || targetRank > rank) {
        found.push(
          `src/${path.relative(SRC, file)}:${lineOf(text, match.index)} imports '${match[1]}': ` +
            `${from} may not import ${to} (${to} sits above it in the layer order)`,
        );
      }
    }
  }
  return found;
}

const found = violations();
if (found.length > 0) {
  console.error(`Layering: ${found.length} import(s) point the wrong way.\n`);
  for (const line of found) console.error(`  ${line}`);
  console.error(`\nThe order, lowest first: ${LAYERS.join(' → ')} (see docs/architecture.md).`);
  process.exit(1);
}
console.log(`Layering: every import under src/ points down (${LAYERS.join(' → ')}).`);
