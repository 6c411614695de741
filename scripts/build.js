#!/usr/bin/env node
// `npm run build`: builds dist/ (`npm run build:dist`), then stamps it with the hash of what it
// read, so that `npm start` after any build (`npm test`, CI, an image's) starts without building
// again. The hash is taken before the build: a file changed while it ran is not in dist/, and the
// next `npm start` builds it.
'use strict';

const { spawnSync } = require('node:child_process');
const { ROOT, inputsHash, stampBuild } = require('./build-inputs');

const hash = inputsHash();
const build = spawnSync('npm', ['run', 'build:dist'], { cwd: ROOT, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
stampBuild(hash);
