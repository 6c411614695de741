/**
 * Every answer of a tool's endpoint is bounded: `http` and `mcp` tools alike read no more than
 * `TOOL_MAX_RESPONSE_BYTES` of an answer (default 10 MB), stop reading there and fail with
 * `502 TOOL_RESPONSE_TOO_LARGE`, whether the answer is one JSON body or a server-sent event; an
 * error text comes back once; eight concurrent 200 MB answers leave memory bounded. Real HTTP
 * against the booted app (in this process, so its RSS is this process's), and tool servers that
 * generate their answers while sending them, holding none of it themselves.
 */
import { bearerFor } from './support/api-key';
import { RssPeak } from './support/rss-peak';
import {
  ERROR_TEXT_MARK,
  STREAMED_ANSWER_PARAMETERS,
  type StreamedAnswerInput,
  type StreamingToolServer,
  startStreamingHttpToolServer,
  startStreamingMcpServer,
} from './support/streaming-tool-servers';
import { SELECTED_ADAPTER, type TestApp, startTestApp } from './support/test-app';

const MB = 1024 * 1024;
const SMALL_LIMIT = 64 * 1024;
const DEFAULT_LIMIT = 10 * MB;
const HUGE = 200 * MB;

/** `source`: the `any` tool of the MCP server, imported by a tool source. */
type Kind = 'http' | 'mcp' | 'source';

let counter = 0;

/** An app with a registry key, and the two streaming tool servers' answers sampling `rss`. */
function suite(env: Record<string, string>) {
  const state = {} as {
    app: TestApp;
    auth: string;
    servers: Record<Exclude<Kind, 'source'>, StreamingToolServer>;
    rss?: RssPeak;
  };
  beforeAll(async () => {
    state.app = await startTestApp(SELECTED_ADAPTER, { env });
    state.auth = await bearerFor(state.app.app);
    const onChunk = () => state.rss?.sample();
    state.servers = {
      http: await startStreamingHttpToolServer(onChunk),
      mcp: await startStreamingMcpServer(onChunk),
    };
  });
  afterAll(async () => {
    await Promise.all(Object.values(state.servers ?? {}).map((server) => server.close()));
    await state.app?.close();
  });

  const register = async (kind: Kind) => {
    if (kind === 'source') return importAnswerTool();
    const url = state.servers[kind].url;
    const response = await state.app.http
      .post('/api/v1/tools')
      .set('Authorization', state.auth)
      .send({
        name: `${kind}_answer_${++counter}`,
        description: 'Answers as many bytes as asked',
        parameters: STREAMED_ANSWER_PARAMETERS,
        implementation:
          kind === 'http' ? { type: kind, url } : { type: kind, url, tool_name: 'any' },
      });
    expect(response.status).toBe(201);
    return response.body as { id: string; name: string };
  };
  const importAnswerTool = async () => {
    const source = await state.app.http
      .post('/api/v1/tool-sources')
      .set('Authorization', state.auth)
      .send({
        name: `answers${++counter}`,
        type: 'mcp',
        url: state.servers.mcp.url,
        requires_approval: false,
      });
    expect(source.body).toMatchObject({ status: 'ready', tool_count: 1 });
    const tools = await state.app.http
      .get(`/api/v1/tools?source_id=${source.body.id}`)
      .set('Authorization', state.auth);
    return tools.body.items[0] as { id: string; name: string };
  };
  const invoke = (name: string, input: StreamedAnswerInput) =>
    state.app.http.post(`/api/tools/${name}`).set('Authorization', state.auth).send(input);
  const testRun = (id: string, params: StreamedAnswerInput) =>
    state.app.http
      .post(`/api/v1/tools/${id}/test`)
      .set('Authorization', state.auth)
      .send({ params });
  /** The answers the server of `kind` started from now on, to follow when they end. */
  const answersFrom = (kind: Kind) => {
    const server = state.servers[kind === 'source' ? 'mcp' : kind];
    const seen = server.answers.length;
    return () => server.answers.slice(seen);
  };
  return { state, register, invoke, testRun, answersFrom };
}

const tooLargeError = (limit: number) => ({
  code: 'TOOL_RESPONSE_TOO_LARGE',
  message: expect.stringContaining(`more than ${limit} bytes, the limit TOOL_MAX_RESPONSE_BYTES`),
  details: { max_bytes: limit },
});

describe(`Tool answers past a TOOL_MAX_RESPONSE_BYTES of ${SMALL_LIMIT}`, () => {
  const { register, invoke, testRun, answersFrom } = suite({
    TOOL_MAX_RESPONSE_BYTES: String(SMALL_LIMIT),
  });

  const cases: [string, Kind, StreamedAnswerInput][] = [
    ['http tool', 'http', { bytes: HUGE }],
    ['mcp tool answering JSON', 'mcp', { bytes: HUGE, format: 'json' }],
    ['mcp tool answering a server-sent event', 'mcp', { bytes: HUGE, format: 'sse' }],
    ['imported tool answering JSON', 'source', { bytes: HUGE, format: 'json' }],
    ['imported tool answering a server-sent event', 'source', { bytes: HUGE, format: 'sse' }],
  ];

  test.each(cases)(
    '%s: an answer past the limit is 502 TOOL_RESPONSE_TOO_LARGE on REST and in a test run, and is not read to its end',
    async (_title, kind, input) => {
      const tool = await register(kind);
      const answers = answersFrom(kind);

      const rest = await invoke(tool.name, input);
      expect(rest.status).toBe(502);
      expect(rest.body).toEqual({ success: false, error: tooLargeError(SMALL_LIMIT) });

      const run = await testRun(tool.id, input);
      expect(run.status).toBe(200);
      expect(run.body).toEqual({
        success: false,
        error: tooLargeError(SMALL_LIMIT).message,
        error_code: 'TOOL_RESPONSE_TOO_LARGE',
        details: { max_bytes: SMALL_LIMIT },
        execution_time_ms: expect.any(Number),
      });

      // Both calls' answers were cut short by toolhub hanging up, far before their end.
      const oversized = answers().slice(-2);
      expect(oversized).toHaveLength(2);
      for (const { ended } of oversized) {
        const { complete, sentBytes } = await ended;
        expect(complete).toBe(false);
        expect(sentBytes).toBeLessThan(HUGE / 4);
      }
    },
  );

  test.each(cases)('%s: an answer within the limit is served', async (_title, kind, input) => {
    const tool = await register(kind);
    // The JSON-RPC envelope around an MCP text takes its share of the limit.
    const bytes = SMALL_LIMIT - 200;
    const response = await invoke(tool.name, { ...input, bytes });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, result: 'x'.repeat(bytes) });
  });
});

describe('Tool answers under the default TOOL_MAX_RESPONSE_BYTES (10 MB)', () => {
  const { state, register, invoke, testRun, answersFrom } = suite({});

  test.each<[Kind, string]>([
    ['http', 'its JSON body'],
    ['mcp', 'its structuredContent'],
  ])(
    'an %s tool nesting %s 5,000 arrays deep is 502 TOOL_RESULT_TOO_DEEP on REST and in a test run',
    async (kind) => {
      const tool = await register(kind);
      const tooDeep = {
        code: 'TOOL_RESULT_TOO_DEEP',
        message: expect.stringContaining('deeper than 256 levels, the limit TOOL_RESULT_MAX_DEPTH'),
        details: { max_depth: 256 },
      };

      const rest = await invoke(tool.name, { bytes: 1, nesting: 5000 });
      expect(rest.status).toBe(502);
      expect(rest.body).toEqual({ success: false, error: tooDeep });

      const run = await testRun(tool.id, { bytes: 1, nesting: 5000 });
      expect(run.status).toBe(200);
      expect(run.body).toMatchObject({
        success: false,
        error: tooDeep.message,
        error_code: 'TOOL_RESULT_TOO_DEEP',
      });

      // Nesting within the limit is served as it came.
      const within = await invoke(tool.name, { bytes: 1, nesting: 200 });
      expect(within.status).toBe(200);
      const served: unknown = within.body.result;
      const nested = kind === 'http' ? served : (served as { nested: unknown }).nested;
      let depth = 0;
      for (let level = nested; Array.isArray(level); level = level[0]) depth += 1;
      expect(depth).toBe(200);
    },
  );

  test('a 5 MB MCP error text comes back once, as an excerpt', async () => {
    const tool = await register('mcp');
    const response = await invoke(tool.name, { bytes: 5 * MB, is_error: true });
    expect(response.status).toBe(502);
    expect(response.body.error.code).toBe('TOOL_EXECUTION_FAILED');
    expect(response.text.split(ERROR_TEXT_MARK)).toHaveLength(2);
    expect(response.text.length).toBeLessThan(2048);
  });

  test.each<[Kind, (index: number) => StreamedAnswerInput]>([
    ['http', () => ({ bytes: HUGE })],
    ['mcp', (index) => ({ bytes: HUGE, format: index % 2 ? 'sse' : 'json' })],
  ])(
    '8 concurrent 200 MB answers of an %s tool each fail at 10 MB, growing RSS by less than 200 MB',
    async (kind, inputOf) => {
      const tool = await register(kind);
      // Warm up: the first call loads and compiles what every later call uses.
      expect((await invoke(tool.name, { bytes: 10 })).status).toBe(200);
      const answers = answersFrom(kind);

      state.rss = new RssPeak();
      const responses = await Promise.all(
        Array.from({ length: 8 }, (_, index) => invoke(tool.name, inputOf(index))),
      );
      const ends = await Promise.all(answers().map(({ ended }) => ended));
      const growth = state.rss.stop();
      state.rss = undefined;

      for (const response of responses) {
        expect(response.status).toBe(502);
        expect(response.body.error).toEqual(tooLargeError(DEFAULT_LIMIT));
      }
      expect(ends).toHaveLength(8);
      for (const { complete, sentBytes } of ends) {
        expect(complete).toBe(false);
        expect(sentBytes).toBeGreaterThan(DEFAULT_LIMIT);
        expect(sentBytes).toBeLessThan(HUGE / 4);
      }
      expect(growth).toBeLessThan(200 * MB);
    },
  );
});
