// jose is an ES module only, which the A2A SDK's CommonJS build requires: Node 20.19+ loads it
// so, Jest's module runtime cannot. Jest's `jose` (moduleNameMapper in jest.config.js) is the
// same package bundled to CommonJS by esbuild once per version. The bundle itself is mapped, not
// a file requiring it: an ES module importing `jose` (oidc-provider) sees the named exports Jest
// finds by reading the CommonJS source, and esbuild's bundle lists them where they can be read.
const { existsSync, mkdirSync, renameSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { buildSync } = require('esbuild');

/** The path of the CommonJS bundle of the installed jose, built if this version has none. */
function joseCommonJsBundle() {
  const packageDir = join(__dirname, '..', '..', 'node_modules', 'jose');
  const { version } = require(join(packageDir, 'package.json'));
  const directory = join(tmpdir(), 'toolhub-jest-commonjs');
  const bundle = join(directory, `jose-${version}.cjs`);
  if (existsSync(bundle)) return bundle;
  mkdirSync(directory, { recursive: true });
  // Written aside and renamed, so a parallel run never requires half a file.
  const partial = `${bundle}.${process.pid}.partial`;
  buildSync({
    entryPoints: [join(packageDir, 'dist', 'webapi', 'index.js')],
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    outfile: partial,
    logLevel: 'silent',
  });
  renameSync(partial, bundle);
  return bundle;
}

module.exports = { joseCommonJsBundle };
