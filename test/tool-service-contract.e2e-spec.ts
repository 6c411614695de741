/**
 * The tool service's contract beyond `seed-000-scenarios.e2e-spec.ts`: status codes, error codes,
 * CORS, methods, and the bad input an agent or a proxy may send (empty, null, wrong types, huge,
 * malformed, unicode, concurrent). Runs on both adapters.
 */
import { type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { decode } from 'plantuml-encoder';
import { SELECTED_ADAPTER, describeHttpContract, startTestApp } from './support/test-app';
import { diagramOfSize } from './support/plantuml-samples';

const ENCODE = '/api/tools/encodePlantUML';
const EMPTY_CODE = {
  success: false,
  error: { code: 'EMPTY_CODE', message: 'plantumlCode is required and cannot be empty' },
};

describeHttpContract('Tool service contract', (testApp) => {
  const http = () => testApp().http;
  // Sends the bytes as they are (superagent would JSON-serialise a Buffer).
  const postRaw = (body: string | Buffer, contentType = 'application/json') =>
    http()
      .post(ENCODE)
      .set('Content-Type', contentType)
      .serialize((data: unknown) => data as string)
      .send(body);

  describe('CORS (seed 001, invariant 8)', () => {
    test.each([
      ['a discovery', () => http().get('/api/tools')],
      ['a successful call', () => http().post(ENCODE).send({ plantumlCode: 'A -> B' })],
      ['a domain error', () => http().post(ENCODE).send({ plantumlCode: '' })],
      ['an unknown route', () => http().get('/nowhere')],
      ['malformed JSON', () => postRaw('{')],
      ['an oversized body', () => postRaw(JSON.stringify({ plantumlCode: 'x'.repeat(2e6) }))],
    ])('sets the CORS headers on %s', async (_name, send) => {
      const response = await send();
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.headers['access-control-allow-headers']).toBe('Content-Type');
      expect(response.headers['access-control-allow-methods']).toBe('GET, POST, OPTIONS');
    });

    test.each(['/api/tools', ENCODE])(
      'answers the OPTIONS preflight on %s with 200',
      async (path) => {
        const response = await http()
          .options(path)
          .set('Origin', 'https://agent.example')
          .set('Access-Control-Request-Method', 'POST')
          .set('Access-Control-Request-Headers', 'content-type');
        expect(response.status).toBe(200);
        expect(response.headers['access-control-allow-origin']).toBe('*');
        expect(response.headers['access-control-allow-methods']).toContain('POST');
        expect(response.text).toBe('');
      },
    );
  });

  describe('methods', () => {
    test.each(['post', 'put', 'patch', 'delete'] as const)(
      '%s /api/tools is 405 "Only GET method is allowed" with an Allow header (seed 001)',
      async (method) => {
        const response = await http()[method]('/api/tools');
        expect(response.status).toBe(405);
        expect(response.headers.allow).toBe('GET, HEAD, OPTIONS');
        expect(response.body).toEqual({
          success: false,
          error: { code: 'METHOD_NOT_ALLOWED', message: 'Only GET method is allowed' },
        });
      },
    );

    test.each(['get', 'put', 'patch', 'delete'] as const)(
      '%s on a tool is 405 "Only POST method is allowed"',
      async (method) => {
        const response = await http()[method](ENCODE);
        expect(response.status).toBe(405);
        expect(response.headers.allow).toBe('POST, OPTIONS');
        expect(response.body.error).toEqual({
          code: 'METHOD_NOT_ALLOWED',
          message: 'Only POST method is allowed',
        });
      },
    );

    test('HEAD /api/tools answers like GET without a body', async () => {
      const response = await http().head('/api/tools');
      expect(response.status).toBe(200);
      expect(response.text).toBeUndefined();
    });

    test.each(['/api/tools/', '/api/tools/%20', '/api/tools/%20%09'])(
      'POST %s, a blank tool name, is TOOL_NAME_REQUIRED',
      async (path) => {
        const response = await http().post(path).send({ plantumlCode: 'A -> B' });
        expect(response.status).toBe(400);
        expect(response.body).toEqual({
          success: false,
          error: {
            code: 'TOOL_NAME_REQUIRED',
            message: 'toolName is required in the path: POST /api/tools/:toolName',
          },
        });
      },
    );
  });

  describe('unknown routes and tools', () => {
    test.each(['/nowhere', '/api', '/api/tools/encodePlantUML/extra', '/API/TOOLS'])(
      'GET %s is a JSON 404 NOT_FOUND, never an HTML page',
      async (path) => {
        const response = await http().get(path);
        expect(response.status).toBe(404);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(response.body).toEqual({
          success: false,
          error: { code: 'NOT_FOUND', message: `Route GET ${path} not found` },
        });
      },
    );

    test('a unicode tool name is reported back as sent', async () => {
      const response = await http().post('/api/tools/%F0%9F%98%80').send({});
      expect(response.status).toBe(404);
      expect(response.body.error).toEqual({
        code: 'TOOL_NOT_FOUND',
        message: "Tool '😀' not found",
      });
    });

    test('a very long tool name is still TOOL_NOT_FOUND', async () => {
      const name = 'x'.repeat(5000);
      const response = await http().post(`/api/tools/${name}`).send({});
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe('TOOL_NOT_FOUND');
    });

    test('a broken percent-encoding in the path is a JSON 400', async () => {
      const response = await http().post('/api/tools/%E0%A4%A').send({});
      expect(response.status).toBe(400);
      expect(response.body.success).toBe(false);
      expect(response.body.error.code).toMatch(/^[A-Z0-9]+(_[A-Z0-9]+)*$/);
    });
  });

  describe('request bodies', () => {
    test.each([
      ['a truncated object', '{"plantumlCode": "A -> B"'],
      ['a trailing comma', '{"plantumlCode": "A -> B",}'],
      ['single quotes', "{'plantumlCode': 'A -> B'}"],
      ['plain text', 'hello'],
    ])('malformed JSON (%s) is 400 INVALID_JSON', async (_name, body) => {
      const response = await postRaw(body);
      expect(response.status).toBe(400);
      expect(response.body.success).toBe(false);
      expect(response.body.error.code).toBe('INVALID_JSON');
      expect(response.body.error.message).toMatch(/^Request body is not valid JSON: /);
    });

    test.each([
      ['text/plain', 'plantumlCode=x'],
      ['application/x-www-form-urlencoded', 'plantumlCode=x'],
      ['application/xml', '<plantumlCode>x</plantumlCode>'],
    ])('a %s body is 415 UNSUPPORTED_MEDIA_TYPE', async (contentType, body) => {
      const response = await postRaw(body, contentType);
      expect(response.status).toBe(415);
      expect(response.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      expect(response.body.error.message).toContain(contentType);
    });

    test.each(['application/json; charset=utf-8', 'application/vnd.toolhub+json'])(
      'a %s body is accepted',
      async (contentType) => {
        const response = await postRaw('{"plantumlCode":"A -> B"}', contentType);
        expect(response.status).toBe(200);
        expect(decode(response.body.result.encoded)).toBe('A -> B');
      },
    );

    test.each(['gzip', 'br', 'foo'])(
      'a body with Content-Encoding %s is 415 UNSUPPORTED_MEDIA_TYPE naming the encoding',
      async (encoding) => {
        const response = await http()
          .post(ENCODE)
          .set('Content-Type', 'application/json')
          .set('Content-Encoding', encoding)
          .serialize((data: unknown) => data as string)
          .send('{"plantumlCode":"A -> B"}');
        expect(response.status).toBe(415);
        expect(response.body.error).toEqual({
          code: 'UNSUPPORTED_MEDIA_TYPE',
          message: `Content-Encoding '${encoding}' is not supported; send the body uncompressed`,
        });
      },
    );

    test.each([
      ['a malformed JSON', 'application/json', '{bad'],
      ['a text/plain', 'text/plain', 'x'],
    ])('%s body on a GET is ignored, as HTTP says it has no meaning', async (_n, type, body) => {
      const response = await http()
        .get('/health')
        .set('Content-Type', type)
        .serialize((data: unknown) => data as string)
        .send(body);
      expect(response.status).toBe(200);
      expect(response.body.status).toBe('ok');
    });

    test('no body at all is an empty input: EMPTY_CODE', async () => {
      const response = await http().post(ENCODE);
      expect(response.status).toBe(400);
      expect(response.body).toEqual(EMPTY_CODE);
    });

    test('an empty JSON body is an empty input: EMPTY_CODE', async () => {
      const response = await postRaw('');
      expect(response.status).toBe(400);
      expect(response.body).toEqual(EMPTY_CODE);
    });

    test.each([
      ['a number', { plantumlCode: 42 }],
      ['a boolean', { plantumlCode: true }],
      ['an array', { plantumlCode: ['@startuml'] }],
      ['an object', { plantumlCode: { text: '@startuml' } }],
      ['misspelt', { plantUmlCode: 'A -> B' }],
    ])('plantumlCode as %s is EMPTY_CODE', async (_name, body) => {
      const response = await http().post(ENCODE).send(body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual(EMPTY_CODE);
    });

    test.each(['null', '[]', '"@startuml"', '42', '[{"plantumlCode":"A -> B"}]'])(
      'a JSON body that is not an object (%s) is EMPTY_CODE',
      async (body) => {
        const response = await postRaw(body);
        expect(response.status).toBe(400);
        expect(response.body).toEqual(EMPTY_CODE);
      },
    );

    test.each([
      '{"__proto__":{"plantumlCode":"A -> B"}}',
      '{"constructor":{"prototype":{"plantumlCode":"A -> B"}}}',
    ])('values smuggled through the prototype never count as input: %s', async (body) => {
      const response = await postRaw(body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual(EMPTY_CODE);
      expect(({} as Record<string, unknown>).plantumlCode).toBeUndefined();
    });

    test('a body far over the parser limit is 413 CODE_TOO_LARGE', async () => {
      const response = await postRaw(JSON.stringify({ plantumlCode: 'A'.repeat(3 * 1024 * 1024) }));
      expect(response.status).toBe(413);
      expect(response.body.success).toBe(false);
      expect(response.body.error.code).toBe('CODE_TOO_LARGE');
    });

    test('a 200KB diagram (under the parser limit) is 413 CODE_TOO_LARGE with the seed message', async () => {
      const response = await http()
        .post(ENCODE)
        .send({ plantumlCode: diagramOfSize(200 * 1024) });
      expect(response.status).toBe(413);
      expect(response.body.error).toEqual({
        code: 'CODE_TOO_LARGE',
        message: 'PlantUML code exceeds maximum size of 50KB',
      });
    });

    test('a 50KB diagram that JSON-escapes to ~300KB is accepted', async () => {
      // Control characters escape to 6 bytes each (\u0001); the limit is on the code, not the body.
      const code = `@startuml\n${'\u0001'.repeat(51_200 - 18)}\n@enduml`;
      const response = await http().post(ENCODE).send({ plantumlCode: code });
      expect(response.status).toBe(200);
      expect(decode(response.body.result.encoded)).toBe(code);
    });
  });

  describe('unicode', () => {
    test('Korean, emoji and combining marks encode losslessly', async () => {
      const code =
        '@startuml\n사용자 -> 서버 : 요청 🚀\nnote right: café, cafe\u0301, 𝔘𝔫𝔦𝔠𝔬𝔡𝔢\n@enduml';
      const response = await http().post(ENCODE).send({ plantumlCode: code });
      expect(response.status).toBe(200);
      expect(decode(response.body.result.encoded)).toBe(code);
    });

    test('the 50KB limit counts UTF-8 bytes, not characters', async () => {
      // '가' is 3 bytes: 17,066 of them plus 2 ASCII bytes = 51,200 bytes.
      const fits = `A\n${'가'.repeat(17_066)}`;
      expect((await http().post(ENCODE).send({ plantumlCode: fits })).status).toBe(200);
      const over = `AB\n${'가'.repeat(17_066)}`;
      const response = await http().post(ENCODE).send({ plantumlCode: over });
      expect(response.status).toBe(413);
      expect(response.body.error.code).toBe('CODE_TOO_LARGE');
    });

    test.each([
      ['a lone high surrogate', '{"plantumlCode":"A -> B : \\ud83d"}'],
      ['a lone low surrogate', '{"plantumlCode":"A -> B : \\ude00"}'],
    ])('%s is 500 ENCODING_FAILED, never silently replaced', async (_name, body) => {
      const response = await postRaw(body);
      expect(response.status).toBe(500);
      expect(response.body.error).toEqual({
        code: 'ENCODING_FAILED',
        message: 'Failed to encode PlantUML code',
      });
    });

    test('bytes that are not UTF-8 are 500 ENCODING_FAILED, never silently replaced', async () => {
      const body = Buffer.concat([
        Buffer.from('{"plantumlCode":"A -> B : '),
        Buffer.from([0xff, 0xc3, 0x28]),
        Buffer.from('"}'),
      ]);
      const response = await postRaw(body);
      expect(response.status).toBe(500);
      expect(response.body.error.code).toBe('ENCODING_FAILED');
    });

    test('an escaped surrogate pair is one valid character', async () => {
      const response = await postRaw('{"plantumlCode":"A -> B : \\ud83d\\ude00"}');
      expect(response.status).toBe(200);
      expect(decode(response.body.result.encoded)).toBe('A -> B : 😀');
    });
  });

  test('50 concurrent calls each get the URL of their own diagram', async () => {
    const codes = Array.from(
      { length: 50 },
      (_, i) => `@startuml\nA${i} -> B${i} : ${'x'.repeat(i * 97)}\n@enduml`,
    );
    const responses = await Promise.all(
      codes.map((plantumlCode) => http().post(ENCODE).send({ plantumlCode })),
    );
    responses.forEach((response, i) => {
      expect(response.status).toBe(200);
      expect(decode(response.body.result.encoded)).toBe(codes[i]);
    });
  });

  test('every response is JSON with exactly one of result or error (invariants 3, 4, 10)', async () => {
    const responses = await Promise.all([
      http().get('/api/tools'),
      http().post(ENCODE).send({ plantumlCode: 'A -> B' }),
      http().post(ENCODE).send({ plantumlCode: '' }),
      http().post('/api/tools/none').send({}),
      http().delete('/api/tools'),
      postRaw('{'),
    ]);
    for (const response of responses) {
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      if ('success' in response.body) {
        expect('result' in response.body).toBe(response.body.success === true);
        expect('error' in response.body).toBe(response.body.success === false);
        if (!response.body.success) expect(response.body.error.code).toMatch(/^[A-Z]+(_[A-Z]+)*$/);
      }
    }
  });

  test('a request Node cannot parse still gets the JSON envelope', async () => {
    const server = testApp().app.getHttpServer() as Server;
    if (!server.listening)
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () =>
        socket.write('GET /api/tools HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'),
      );
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString()));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(raw).toContain('Content-Type: application/json');
    expect(raw).toContain('Access-Control-Allow-Origin: *');
    expect(raw).toMatch(/X-Request-Id: [0-9a-f-]{36}\r\n/);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({
      success: false,
      error: { code: 'BAD_REQUEST', message: 'Malformed HTTP request: Bad Request' },
    });
  });
});

describe('PLANTUML_SERVER_URL', () => {
  test('links point at a self-hosted PlantUML server when configured', async () => {
    const testApp = await startTestApp(SELECTED_ADAPTER, {
      env: { PLANTUML_SERVER_URL: 'http://plantuml.internal:8080/' },
    });
    try {
      const response = await testApp.http
        .post(ENCODE)
        .send({ plantumlCode: '@startuml\nBob -> Alice : hello\n@enduml' });
      expect(response.body.result.url).toBe(
        'http://plantuml.internal:8080/svg/SoWkIImgAStDuNBAJrBGjLDmpCbCJbMmKiX8pSd9vt98pKi1IW80',
      );
    } finally {
      await testApp.close();
    }
  });
});
