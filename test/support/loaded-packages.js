'use strict';
// Preloaded into a built entry point (NODE_OPTIONS=--require) by test/lazy-loading.e2e-spec.ts:
// writes the packages the process has loaded, one per line, to LOADED_PACKAGES_FILE when it
// exits and when it gets SIGWINCH, which nothing else in a server heeds (Nest's shutdown hooks
// stop the app on SIGUSR2, and a server stopped by a signal never reaches 'exit'). The file
// appears whole (written aside, then renamed), so a reader waiting for it never sees part of it.
const { renameSync, writeFileSync } = require('node:fs');

const target = process.env.LOADED_PACKAGES_FILE;

function packageOf(file) {
  const at = file.lastIndexOf('node_modules/');
  if (at < 0) return undefined;
  const [scope, name] = file.slice(at + 'node_modules/'.length).split('/');
  return scope.startsWith('@') ? `${scope}/${name}` : scope;
}

function writeLoadedPackages() {
  const packages = new Set(Object.keys(require.cache).map(packageOf).filter(Boolean));
  writeFileSync(`${target}.partial`, [...packages].sort().join('\n'));
  renameSync(`${target}.partial`, target);
}

process.once('exit', writeLoadedPackages);
process.on('SIGWINCH', writeLoadedPackages);
