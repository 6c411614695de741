// jose is an ES module only, which the A2A SDK's CommonJS build requires: Node 20.19+ loads it
// so, Jest's module runtime cannot. Jest's `jose` is this file (moduleNameMapper): the same
// package bundled to CommonJS by esbuild once per version, then required as any module.
const { existsSync, mkdirSync, renameSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { buildSync } = require('esbuild');

const PACKAGE = join(__dirname, '..', '..', 'node_modules', 'jose');
const { version } = require(join(PACKAGE, 'package.json'));
const directory = join(tmpdir(), 'toolhub-jest-commonjs');
const bundle = join(directory, `jose-${version}.cjs`);

if (!existsSync(bundle)) {
  mkdirSync(directory, { recursive: true });
  // Written aside and renamed, so a parallel worker never requires half a file.
  const partial = `${bundle}.${process.pid}.partial`;
  buildSync({
    entryPoints: [join(PACKAGE, 'dist', 'webapi', 'index.js')],
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    outfile: partial,
    logLevel: 'silent',
  });
  renameSync(partial, bundle);
}

module.exports = require(bundle);
