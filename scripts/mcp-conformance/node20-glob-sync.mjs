// Loaded with `node --import` before the conformance suite, on Node 20 only: the suite imports
// `globSync` from `fs`, which Node 20 lacks. Imports of `fs` are resolved to fs-with-glob-sync.mjs.
import { register } from 'node:module';

register('./fs-resolve-hooks.mjs', import.meta.url);
