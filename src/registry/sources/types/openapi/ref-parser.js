'use strict';
// The `$ref` resolver is a package of ES modules only. This file is JavaScript so that its
// `import()` stays one where the file is run as written: under Jest, whose module system cannot
// `require` such a package. The build compiles it to a `require`, with which Node loads such
// packages from 20.19 on, the least version this server runs on.
let loading;

/** The package, loaded at its first use rather than at every start. */
exports.loadRefParser = () => (loading ??= import('@apidevtools/json-schema-ref-parser'));
