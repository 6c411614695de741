// The console in a real browser (`npm run test:console`, after `npm run build`): one app, one
// Chromium (Debian's, never downloaded), one page walking through the views in order.
const base = require('./jest.config');

/** @type {import('jest').Config} */
module.exports = {
  ...base,
  testMatch: ['<rootDir>/test/browser/**/*.browser-spec.ts'],
  maxWorkers: 1,
  testTimeout: 60_000,
};
