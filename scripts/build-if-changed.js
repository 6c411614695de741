#!/usr/bin/env node
// `npm start`: builds only when what the build reads changed since the last build (see
// build-inputs.js), so a start on an unchanged tree does not wait for the compiler. A fresh
// clone, or a deleted dist/, always builds.
'use strict';

const { spawnSync } = require('node:child_process');
const { ROOT, builtInputsHash, inputsHash } = require('./build-inputs');

if (builtInputsHash() === inputsHash()) process.exit(0);
const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
process.exit(build.status ?? 1);
