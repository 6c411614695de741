#!/usr/bin/env node
// `npm start`: builds only when what the build reads changed since the last build, so a second
// start on an unchanged tree does not wait for the compiler. What it reads is hashed by content
// (a checkout that rewrites files without changing them needs no build); the hash is kept in
// dist/ beside what it built, so a fresh clone, or a deleted dist/, always builds.
'use strict';

const { createHash } = require('node:crypto');
const { spawnSync } = require('node:child_process');
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

const wanted = inputsHash();
const built =
  existsSync(join(ROOT, 'dist', 'main.js')) && existsSync(STAMP) ? readFileSync(STAMP, 'utf8') : '';
if (built === wanted) process.exit(0);
const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
writeFileSync(STAMP, wanted);
