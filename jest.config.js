// Unit tests live beside the code (src/**/*.spec.ts); acceptance tests boot the app over HTTP
// (test/**/*.e2e-spec.ts). Between them, service tests (test/**/*.service-spec.ts) drive the
// services of the whole app, on the real database and the scripted model, without HTTP: the run
// loop, approvals, interruption and tool calls in seconds. TypeScript is compiled by
// test/support/typescript-transformer.js (the Swagger CLI plugin included).
const { joseCommonJsBundle } = require('./test/support/jose-commonjs');

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'js', 'json'],
  transform: { '^.+\\.ts$': '<rootDir>/test/support/typescript-transformer.js' },
  // The A2A SDK's CommonJS build requires jose, an ES module only (see jose-commonjs.js).
  moduleNameMapper: { '^jose$': joseCommonJsBundle() },
  testMatch: [
    '<rootDir>/src/**/*.spec.ts',
    '<rootDir>/test/**/*.service-spec.ts',
    '<rootDir>/test/**/*.e2e-spec.ts',
  ],
  // A safety net for a hang, not a measure: booting an app opens a database (PGlite: ~0.5 s)
  // and CLI runs start a process each, many times slower on a machine busy with other work.
  testTimeout: 60_000,
  // Acceptance tests mostly wait on sockets and the database: two workers keep both cores busy.
  maxWorkers: 2,
  setupFiles: ['<rootDir>/test/support/allow-loopback-tools.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.js',
  globalTeardown: '<rootDir>/test/support/global-teardown.js',
};
