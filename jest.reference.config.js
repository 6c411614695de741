// Reference suites: checks against tools nobody here wrote (PlantUML's own decoder, Java's
// Deflater). They need Debian's plantuml and a JDK, so `.ci/run` installs those and runs them.
const base = require('./jest.config');

/** @type {import('jest').Config} */
module.exports = {
  ...base,
  testMatch: ['<rootDir>/test/reference/**/*.reference-spec.ts'],
};
