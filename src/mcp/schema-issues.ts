/** What the SDK's schemas report of a value they refuse (a Zod issue), as far as it is read here. */
export interface SchemaIssue {
  code: string;
  path: PropertyKey[];
  message: string;
  expected?: string;
  keys?: string[];
}

/** A schema of the SDK's spec types, as it exposes them (Standard Schema, synchronous). */
interface SpecSchema {
  '~standard': {
    validate(value: unknown): { issues?: readonly unknown[] } | Promise<unknown>;
  };
}

/**
 * The issues `schema` finds in `value`, or undefined when it fits. The SDK's schemas are Zod's,
 * whose Standard Schema issues keep Zod's `code` and `expected`, which the descriptions read.
 */
export function issuesOf(schema: SpecSchema, value: unknown): SchemaIssue[] | undefined {
  const outcome = schema['~standard'].validate(value) as { issues?: readonly unknown[] };
  return outcome.issues ? (outcome.issues as SchemaIssue[]) : undefined;
}

const EXPECTED: Readonly<Record<string, string>> = {
  record: 'an object',
  object: 'an object',
  array: 'an array',
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'a boolean',
};

/**
 * The issues the SDK's schemas found in `value`, in words a client can act on
 * (`arguments must be an object, not an array`) rather than the schema library's JSON dump.
 * Paths are read from `root` down; `dropPrefix` leaves out a leading segment the message
 * already names (`params`).
 */
export function describeIssues(issues: SchemaIssue[], root: unknown, dropPrefix?: string): string {
  return issues
    .map((issue) => {
      const path =
        issue.path[0] === dropPrefix && issue.path.length > 1 ? issue.path.slice(1) : issue.path;
      return describeIssue(issue, pathName(path), valueAt(root, issue.path));
    })
    .join('; ');
}

function describeIssue(issue: SchemaIssue, name: string, actual: unknown): string {
  if (issue.code === 'invalid_type' && issue.expected !== undefined) {
    const expected = EXPECTED[issue.expected] ?? issue.expected;
    if (actual === undefined) return `${name} is missing (${expected} is required)`;
    return `${name} must be ${expected}, not ${describeValue(actual)}`;
  }
  if (issue.code === 'unrecognized_keys' && issue.keys) {
    const keys = issue.keys.map((key) => `"${key}"`).join(', ');
    const verb = issue.keys.length === 1 ? 'is' : 'are';
    return `${keys} ${verb} not expected${name === '' ? '' : ` in ${name}`}`;
  }
  return name === '' ? issue.message : `${name}: ${issue.message}`;
}

/** A JSON value's kind, with its article: `an array`, `a number`, `null`. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function pathName(path: PropertyKey[]): string {
  return path
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`))
    .join('');
}

function valueAt(root: unknown, path: PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}
