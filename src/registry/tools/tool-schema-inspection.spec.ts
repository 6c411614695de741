import { ToolSchemaConfig } from './tool-schema.config';
import { schemaProblemOf } from './tool-schema-inspection';

const LIMITS = Object.assign(new ToolSchemaConfig(), {
  TOOL_SCHEMA_MAX_BYTES: 2048,
  TOOL_SCHEMA_MAX_DEPTH: 6,
  TOOL_SCHEMA_MAX_PROPERTIES: 3,
});

const problemOf = (schema: Record<string, unknown>) =>
  schemaProblemOf(schema, LIMITS, 'parameters');

describe('schemaProblemOf', () => {
  test('a schema within every limit, with linear patterns, has no problem', () => {
    expect(
      problemOf({
        type: 'object',
        properties: { a: { type: 'string', pattern: '^[a-z]+$' } },
        patternProperties: { '^x-': { type: 'string' } },
      }),
    ).toBeUndefined();
  });

  test('a number JSON cannot store is named by its path, wherever it is', () => {
    const problem = problemOf({ type: 'object', const: { 'a/b': [1, -Infinity] } });
    expect(problem).toMatchObject({
      code: 'TOOL_SCHEMA_NUMBER_NOT_FINITE',
      details: { path: '/const/a~1b/1' },
    });
  });

  test('nesting, size and property count are bounded, each naming its variable', () => {
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 6; i++) deep = { not: deep };
    expect(problemOf({ type: 'object', ...deep })?.details).toMatchObject({
      variable: 'TOOL_SCHEMA_MAX_DEPTH',
    });
    expect(problemOf({ type: 'object', description: 'x'.repeat(2048) })?.details).toMatchObject({
      variable: 'TOOL_SCHEMA_MAX_BYTES',
    });
    // Counted across the whole schema, nested and pattern properties included.
    const properties = {
      type: 'object',
      properties: { a: { type: 'object', properties: { b: {}, c: {} } } },
      patternProperties: { '^x': {} },
    };
    expect(problemOf(properties)).toMatchObject({
      code: 'TOOL_SCHEMA_TOO_LARGE',
      details: { variable: 'TOOL_SCHEMA_MAX_PROPERTIES', limit: 3, actual: 4 },
    });
  });

  test('patterns are checked where they are schema keywords, not in data or as property names', () => {
    const backreference = '(a)\\1';
    expect(
      problemOf({
        type: 'object',
        properties: { pattern: { type: 'string' } },
        const: { pattern: backreference },
        examples: [{ pattern: backreference }],
      }),
    ).toBeUndefined();
    expect(
      problemOf({
        type: 'object',
        $defs: { word: { anyOf: [{ type: 'string', pattern: backreference }] } },
      }),
    ).toMatchObject({
      code: 'TOOL_SCHEMA_PATTERN_UNSUPPORTED',
      details: { path: '/$defs/word/anyOf/0/pattern', pattern: backreference },
    });
  });

  test('each refusal names the field the schema was given as', () => {
    const field = 'input_schema';
    const refusals = [
      { type: 'object', const: Infinity },
      { type: 'object', description: 'x'.repeat(2048) },
      { type: 'object', properties: { q: { type: 'string', pattern: '(a)\\1' } } },
    ].map((schema) => schemaProblemOf(schema, LIMITS, field)?.message);
    expect(refusals).toEqual([
      expect.stringMatching(/^input_schema\/const is a number/),
      expect.stringMatching(/^input_schema size in bytes is /),
      expect.stringMatching(/^input_schema\/properties\/q\/pattern has pattern /),
    ]);
  });
});
