// What a build reads, hashed by content, and the stamp that keeps that hash in dist/ beside what
// it built: `npm run build` writes it, `npm start` (build-if-changed.js) compares it. Hashed by
// content, not by time: a checkout that rewrites files without changing them needs no build.
'use strict';

const { createHash } = require('node:crypto');
const { existsSync, readFileSync, readdirSync, writeFileSync } = require('node:fs');
const { join, relative } = require('node:path');

const ROOT = join(__dirname, '..');
const STAMP = join(ROOT, 'dist', '.build-inputs');
const INPUT_FILES = [
  'package.json',
  'package-lock.json',
  'nest-cli.json',
  'tsconfig.json',
  'tsconfig.build.json',
];
/** Folders whose every file is a build input: the server's sources and the console's. */
const INPUT_DIRS = ['src', 'console'];

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name));
}

/** The hash of every build input as it is now. */
function inputsHash() {
  const hash = createHash('sha256');
  const files = [
    ...INPUT_FILES.map((name) => join(ROOT, name)),
    ...INPUT_DIRS.filter((dir) => existsSync(join(ROOT, dir))).flatMap((dir) =>
      filesUnder(join(ROOT, dir)),
    ),
  ]
    .filter((file) => existsSync(file))
    .sort();
  for (const file of files) {
    hash.update(relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

/** The hash of the inputs dist/ was built from; none when there is no build, or no stamp. */
function builtInputsHash() {
  const built = existsSync(join(ROOT, 'dist', 'main.js')) && existsSync(STAMP);
  return built ? readFileSync(STAMP, 'utf8') : undefined;
}

function stampBuild(hash) {
  writeFileSync(STAMP, hash);
}

module.exports = { ROOT, inputsHash, builtInputsHash, stampBuild };
