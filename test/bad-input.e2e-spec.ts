/**
 * Input that used to crash a request (500) or be stored changed, over real HTTP on both adapters:
 * NUL, bytes that are not UTF-8, lone surrogates, numbers beyond a double or a query integer, and
 * bodies nested thousands deep. Each is now a 400 with its own code, and a refused write stores
 * nothing. Tool calls keep their own error codes (the tool judges its text).
 */
import { bearerFor } from './support/api-key';
import { describeHttpContract } from './support/test-app';

const TOOLS = '/api/v1/tools';

const validTool = (name: string) => ({
  name,
  description: 'a described tool',
  parameters: { type: 'object', properties: { symbol: { type: 'string' } } },
});

/** A JSON Schema whose property `a` nests `depth` object schemas deep. */
function deepSchema(depth: number): string {
  let schema = '{"type":"object"}';
  for (let i = 0; i < depth; i += 1) schema = `{"type":"object","properties":{"a":${schema}}}`;
  return schema;
}

/** Not the default (64): the body parsers take the limit from the configuration. */
const MAX_JSON_DEPTH = 48;

describeHttpContract(
  'Bad input is a 4xx, never a 500',
  (testApp) => {
    let auth: string;
    let counter = 0;
    const http = () => testApp().http;
    const unique = () => `bad_input_${++counter}`;
    const postRaw = (path: string, body: string | Buffer) =>
      http()
        .post(path)
        .set('Authorization', auth)
        .set('Content-Type', 'application/json')
        // As given: superagent would serialise a Buffer as JSON.
        .serialize((data: unknown) => data as string)
        .send(body);
    const toolCount = async (): Promise<number> => {
      const response = await http().get(TOOLS).set('Authorization', auth);
      expect(response.status).toBe(200);
      return (response.body as { total: number }).total;
    };

    beforeAll(async () => {
      auth = await bearerFor(testApp().app);
    });

    /** Sends a tool write that must be refused, and checks it stored nothing. */
    async function refusedWrite(body: string | Buffer) {
      const before = await toolCount();
      const response = await postRaw(TOOLS, body);
      expect(await toolCount()).toBe(before);
      return response;
    }

    describe('NUL', () => {
      test.each([
        ['the description', { description: 'a\u0000b' }, 'description', undefined],
        [
          'a value in parameters',
          { parameters: { type: 'object', description: '\u0000' } },
          'parameters.description',
          undefined,
        ],
        [
          'a property name in parameters',
          { parameters: { type: 'object', properties: { 'a\u0000': { type: 'string' } } } },
          'parameters.properties',
          true,
        ],
      ])('in %s is 400 NUL_CHARACTER and stores nothing', async (_name, change, field, inKey) => {
        const response = await refusedWrite(JSON.stringify({ ...validTool(unique()), ...change }));
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({
          success: false,
          error: { code: 'NUL_CHARACTER', details: { field } },
        });
        expect(response.body.error.details.inPropertyName).toBe(inKey);
      });

      test('in an update is refused and leaves the tool unchanged', async () => {
        const created = await postRaw(TOOLS, JSON.stringify(validTool(unique())));
        expect(created.status).toBe(201);
        const path = `${TOOLS}/${created.body.id}`;
        const response = await http()
          .put(path)
          .set('Authorization', auth)
          .send({ description: 'x\u0000' });
        expect(response.status).toBe(400);
        expect(response.body.error.code).toBe('NUL_CHARACTER');
        const after = await http().get(path).set('Authorization', auth);
        expect(after.body.description).toBe('a described tool');
      });

      test('in a search is 400 NUL_CHARACTER, naming the query parameter', async () => {
        const response = await http().get(`${TOOLS}?search=a%00b`).set('Authorization', auth);
        expect(response.status).toBe(400);
        expect(response.body).toEqual({
          success: false,
          error: {
            code: 'NUL_CHARACTER',
            message:
              "Field 'search' contains a NUL character (U+0000 at index 1), which cannot be " +
              'stored or searched',
            details: { field: 'search', index: 1 },
          },
        });
      });

      test('in a path parameter is 400 NUL_CHARACTER', async () => {
        const response = await http().get(`${TOOLS}/a%00b`).set('Authorization', auth);
        expect(response.status).toBe(400);
        expect(response.body.error).toMatchObject({
          code: 'NUL_CHARACTER',
          details: { field: 'id' },
        });
      });

      test('in a tool call is the tool’s to judge: a diagram may hold one', async () => {
        const response = await http()
          .post('/api/tools/encodePlantUML')
          .send({ plantumlCode: 'A -> B : a\u0000b' });
        expect(response.status).toBe(200);
        expect(response.body.success).toBe(true);
      });
    });

    describe('lone surrogates', () => {
      test.each([
        ['a high surrogate', '\\ud800', 'D800'],
        ['a low surrogate', '\\udc00', 'DC00'],
      ])(
        '%s in a field is 400 LONE_SURROGATE, not stored as U+FFFD',
        async (_name, escape, unit) => {
          const body = JSON.stringify(validTool(unique())).replace(
            '"a described tool"',
            `"ab${escape}"`,
          );
          const response = await refusedWrite(body);
          expect(response.status).toBe(400);
          expect(response.body).toEqual({
            success: false,
            error: {
              code: 'LONE_SURROGATE',
              message: `Field 'description' contains a lone surrogate (U+${unit} at index 2), which is not a Unicode character`,
              details: { field: 'description', index: 2 },
            },
          });
        },
      );

      test('a pair of surrogate escapes is one character, stored as sent', async () => {
        const body = JSON.stringify(validTool(unique())).replace(
          '"a described tool"',
          '"\\ud83d\\ude00"',
        );
        const response = await postRaw(TOOLS, body);
        expect(response.status).toBe(201);
        expect(response.body.description).toBe('😀');
      });
    });

    describe('bytes that are not UTF-8', () => {
      test('in a body are 400 INVALID_ENCODING with the offset of the first bad byte', async () => {
        const [head, tail] = JSON.stringify(validTool(unique())).split('a described tool');
        const body = Buffer.concat([
          Buffer.from(`${head}ab`),
          Buffer.from([0xff]),
          Buffer.from(tail),
        ]);
        const response = await refusedWrite(body);
        expect(response.status).toBe(400);
        const offset = Buffer.byteLength(head) + 2;
        expect(response.body).toEqual({
          success: false,
          error: {
            code: 'INVALID_ENCODING',
            message: `Request body is not valid UTF-8: byte 0xFF at offset ${offset}`,
            details: { offset },
          },
        });
      });

      test.each([
        ['a query value', `${TOOLS}?search=a%FFb`],
        ['an encoded surrogate in a query value', `${TOOLS}?search=%ED%A0%80`],
        ['a path parameter', `${TOOLS}/a%C3%28`],
      ])('in %s are 400 INVALID_ENCODING, not read as U+FFFD', async (_name, url) => {
        const response = await http().get(url).set('Authorization', auth);
        expect(response.status).toBe(400);
        expect(response.body).toEqual({
          success: false,
          error: {
            code: 'INVALID_ENCODING',
            message: 'Request URL is not valid UTF-8 once percent-decoded',
          },
        });
      });

      test('a % that starts no escape is literal text, as before', async () => {
        const response = await http().get(`${TOOLS}?search=100%`).set('Authorization', auth);
        expect(response.status).toBe(200);
      });
    });

    describe('numbers', () => {
      test('a schema bound of 1e400 (Infinity once parsed) is 400 NUMBER_OUT_OF_RANGE and stores nothing', async () => {
        const body = JSON.stringify(validTool(unique())).replace(
          '"symbol":{"type":"string"}',
          '"n":{"type":"number","maximum":1e400}',
        );
        const response = await refusedWrite(body);
        expect(response.status).toBe(400);
        expect(response.body.error).toEqual({
          code: 'NUMBER_OUT_OF_RANGE',
          message: "Request body holds a number too large to represent at 'maximum'",
          details: { field: 'maximum' },
        });
      });

      test('a tool call with such a number is refused the same way', async () => {
        const response = await http()
          .post('/api/tools/encodePlantUML')
          .set('Content-Type', 'application/json')
          .send('{"plantumlCode":"A -> B","n":-1e999}');
        expect(response.status).toBe(400);
        expect(response.body.error.code).toBe('NUMBER_OUT_OF_RANGE');
      });

      test.each(['offset=1e20', 'limit=1e20', 'offset=-1e20'])(
        'a query of %s is a 4xx naming the parameter',
        async (query) => {
          const response = await http().get(`${TOOLS}?${query}`).set('Authorization', auth);
          expect(response.status).toBeGreaterThanOrEqual(400);
          expect(response.status).toBeLessThan(500);
          // A DTO bound (422 VALIDATION_ERROR) may name it first; the generic guard is the 400.
          expect(['NUMBER_OUT_OF_RANGE', 'VALIDATION_ERROR']).toContain(response.body.error.code);
          expect(JSON.stringify(response.body.error)).toContain(query.split('=')[0]);
        },
      );
    });

    describe('deep nesting', () => {
      test('parameters nested 3,000 deep are 400 JSON_TOO_DEEP and store nothing', async () => {
        const body = JSON.stringify({ ...validTool(unique()), parameters: '@' }).replace(
          '"@"',
          deepSchema(3000),
        );
        const response = await refusedWrite(body);
        expect(response.status).toBe(400);
        expect(response.body).toEqual({
          success: false,
          error: {
            code: 'JSON_TOO_DEEP',
            message: `Request body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels`,
            details: { maxDepth: MAX_JSON_DEPTH },
          },
        });
      });

      test('parameters nested within the limits are validated as usual', async () => {
        // 15 levels of properties: 31 nested objects, within the body's and a schema's depth limits.
        const body = JSON.stringify({ ...validTool(unique()), parameters: '@' }).replace(
          '"@"',
          deepSchema(15),
        );
        expect((await postRaw(TOOLS, body)).status).toBe(201);
      });

      // An MCP message answers the same failure as a JSON-RPC parse error (mcp-http tests it).
      test.each([
        ['a tool call', '/api/tools/encodePlantUML'],
        ['a registry write', '/api/v1/agents'],
      ])('a body nested 100,000 deep in %s is 400 JSON_TOO_DEEP', async (_name, path) => {
        const response = await postRaw(path, `${'['.repeat(100_000)}${']'.repeat(100_000)}`);
        expect(response.status).toBe(400);
        expect(response.body.error.code).toBe('JSON_TOO_DEEP');
      });

      test('MAX_JSON_DEPTH levels are parsed, one more is JSON_TOO_DEEP', async () => {
        const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
        const atLimit = await postRaw('/api/tools/encodePlantUML', nested(MAX_JSON_DEPTH));
        expect(atLimit.status).toBe(400);
        expect(atLimit.body.error.code).not.toBe('JSON_TOO_DEEP');
        const past = await postRaw('/api/tools/encodePlantUML', nested(MAX_JSON_DEPTH + 1));
        expect(past.status).toBe(400);
        expect(past.body.error.code).toBe('JSON_TOO_DEEP');
      });

      test('the server still answers after all of the above', async () => {
        expect((await http().get('/health')).status).toBe(200);
      });
    });

    describe('a missing field', () => {
      const RUNS = '/api/v1/sessions/00000000-0000-4000-8000-000000000000/runs';

      test('is named once, as required, not with every rule it would break', async () => {
        const response = await postRaw(RUNS, '{}');
        expect(response.status).toBe(422);
        expect(response.body).toEqual({
          success: false,
          error: {
            code: 'VALIDATION_ERROR',
            message: 'Request validation failed: content',
            details: [{ field: 'content', messages: ['content is required'] }],
          },
        });
      });

      test('in a nested object is named by its path', async () => {
        const response = await postRaw(
          '/api/v1/agents',
          JSON.stringify({ name: unique(), system_prompt: 'x', model_config: { model: 'm' } }),
        );
        expect(response.status).toBe(422);
        expect(response.body.error.details).toEqual([
          { field: 'model_config.provider', messages: ['provider is required'] },
        ]);
      });

      test('a field sent with a wrong value still hears every rule it breaks', async () => {
        const response = await postRaw(RUNS, '{"content":5}');
        expect(response.status).toBe(422);
        const [issue] = response.body.error.details as { field: string; messages: string[] }[];
        expect(issue.field).toBe('content');
        expect(issue.messages).toContain('content must be a string');
        expect(issue.messages).not.toContain('content is required');
      });
    });

    describe('a body over MAX_BODY_BYTES', () => {
      const overLimit = JSON.stringify({ content: 'a'.repeat(1024 * 1024) });

      // The tool service's code for an oversized body stays the PlantUML tool's (registry.md).
      test.each([
        ['an agent', '/api/v1/agents'],
        ['a run', '/api/v1/sessions/00000000-0000-4000-8000-000000000000/runs'],
      ])('writing %s is 413 PAYLOAD_TOO_LARGE naming the limit', async (_name, path) => {
        const response = await postRaw(path, overLimit);
        expect(response.status).toBe(413);
        expect(response.body).toEqual({
          success: false,
          error: {
            code: 'PAYLOAD_TOO_LARGE',
            message: 'Request body exceeds maximum size of 1024KB',
          },
        });
      });

      test('calling a tool is still 413 CODE_TOO_LARGE', async () => {
        const response = await postRaw('/api/tools/encodePlantUML', overLimit);
        expect(response.status).toBe(413);
        expect(response.body.error.code).toBe('CODE_TOO_LARGE');
      });
    });
  },
  { env: { MAX_JSON_DEPTH: String(MAX_JSON_DEPTH) } },
);
