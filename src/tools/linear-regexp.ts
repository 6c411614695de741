import { type RegExpEngine, type RegExpLike } from 'ajv/dist/types';
import { RE2JS } from 're2js';

/** A JSON Schema `pattern` the linear-time engine cannot run; the message says why. */
export class UnsupportedPatternError extends Error {
  constructor(
    readonly pattern: string,
    readonly reason: string,
  ) {
    super(`pattern ${JSON.stringify(pattern)} is refused: ${reason}`);
  }
}

/**
 * Compiles a JSON Schema `pattern` for RE2JS, a pure-JS port of RE2 whose matching time is
 * linear in the input. The pattern must be a valid ECMA-262 regular expression (what JSON
 * Schema says it is) that RE2 can run: no backreferences, no lookaround.
 */
export function compileLinearPattern(pattern: string): RE2JS {
  try {
    // Compiling is linear in the pattern's length; only matching can backtrack.
    new RegExp(pattern, 'u');
  } catch (error) {
    throw new UnsupportedPatternError(
      pattern,
      `not a valid regular expression (${messageOf(error)})`,
    );
  }
  // RE2JS's translation would turn a named backreference into the literal text `k<name>`.
  if (NAMED_BACKREFERENCE.test(pattern)) {
    throw new UnsupportedPatternError(pattern, 'backreferences are not supported');
  }
  try {
    return RE2JS.compile(RE2JS.translateRegExp(pattern));
  } catch (error) {
    throw new UnsupportedPatternError(
      pattern,
      `the linear-time regular expression engine cannot run it (${messageOf(error)}); ` +
        'backreferences and lookaround are not supported',
    );
  }
}

/** An unescaped `\k<`: a named backreference. */
const NAMED_BACKREFERENCE = /(?:^|[^\\])(?:\\\\)*\\k</;

/**
 * Ajv's `code.regExp`: every `pattern` and `patternProperties` runs on RE2JS, so no input can
 * stall the event loop (ReDoS). RE2 is Unicode-aware like the `u` flag Ajv asks for.
 */
export const linearRegExp: RegExpEngine = Object.assign(
  (pattern: string): RegExpLike => {
    const compiled = compileLinearPattern(pattern);
    // Ajv shares one matcher between identical patterns, keyed by `toString()`.
    const matcher = { test: (input: string) => compiled.test(input), toString: () => pattern };
    return matcher;
  },
  // What standalone validation code would import; toolhub compiles at run time only.
  { code: 'require("re2js").RE2JS' },
);

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
