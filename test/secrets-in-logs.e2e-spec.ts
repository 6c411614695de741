/**
 * Secrets never leak, in what the server says: no secret header value in any response (the OpenAPI
 * document and the metrics included) or log line; a write failing in the database logs its error
 * once, without the query's parameters; the access log keeps no query string (`?api_key=`). In a
 * file of its own: Nest's lines of every app go to the logger of the first app booted in the file
 * (nestjs-pino keeps that one), which must log at `debug` here.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { DATABASE, type Database } from '../src/database/database';
import { bearerFor } from './support/api-key';
import { startContentMcpServer } from './support/content-mcp-server';
import { type LogCapture, captureLogs } from './support/log-capture';
import { DEFAULT_KEY_ENV, SECRET, httpTool } from './support/secrets';
import { describeOnAdapter } from './support/test-app';
import { type ToolServer, startHttpToolServer } from './support/tool-servers';

describeOnAdapter(
  'no secret in responses, logs or errors',
  (testApp) => {
    let auth: string;
    let logs: LogCapture;
    let toolServer: ToolServer;
    const http = () => testApp().http;

    beforeAll(async () => {
      logs = await captureLogs(testApp().app);
      auth = await bearerFor(testApp().app);
      toolServer = await startHttpToolServer();
      // The database refuses this one tool's insert: a stand-in for any failing write.
      const db = testApp().app.get<Database>(DATABASE);
      await db.execute(
        sql.raw(`create function refuse_broken_tool() returns trigger
        language plpgsql as $$ begin raise exception 'refused for the test'; end $$`),
      );
      await db.execute(
        sql.raw(`create trigger refuse_broken_tool before insert on tools
        for each row when (new.name = 'broken_tool') execute function refuse_broken_tool()`),
      );
    });

    afterAll(async () => {
      logs.stop();
      await toolServer.close();
    });

    test('a write failing in the database logs one error, without the query parameters', async () => {
      const failing = httpTool('broken_tool', toolServer.url, { Authorization: SECRET });
      const response = await http().post('/api/v1/tools').set('Authorization', auth).send(failing);
      expect(response.status).toBe(500);
      expect(JSON.stringify(response.body)).not.toContain(SECRET);

      const failures = logs.lines().filter((line) => line.includes('Failed query'));
      expect(failures).toHaveLength(1);
      const logged = JSON.parse(failures[0]) as { level: number; msg: string; err: object };
      expect(logged.level).toBe(50);
      expect(logged.msg).toMatch(/^Failed query: insert into "tools"/);
      expect(logged.err).not.toHaveProperty('params');
      expect(failures[0]).not.toContain('params');
      expect(failures[0]).not.toContain(SECRET);
    });

    test('no response shows a secret header value, only its name', async () => {
      const created = await http()
        .post('/api/v1/tools')
        .set('Authorization', auth)
        .send(httpTool('vault_reader', toolServer.url, { Authorization: SECRET }));
      expect(created.status).toBe(201);
      expect(created.body.implementation.secret_header_names).toEqual(['Authorization']);
      const id = created.body.id as string;

      const responses = [
        created,
        await http().get('/api/v1/tools').set('Authorization', auth),
        await http().get(`/api/v1/tools/${id}`).set('Authorization', auth),
        await http()
          .put(`/api/v1/tools/${id}`)
          .set('Authorization', auth)
          .send({ description: 'reads the vault' }),
        await http()
          .post(`/api/v1/tools/${id}/test`)
          .set('Authorization', auth)
          .send({ params: {}, timeout: 5 }),
        await http().post('/api/tools/vault_reader').set('Authorization', auth).send({}),
        await http().get('/api/tools').set('Authorization', auth),
        await http().get('/docs-json'),
        await http().get('/metrics'),
      ];
      // The tool did run, with its secret.
      expect(toolServer.requests.map((request) => request.headers.authorization)).toContain(SECRET);
      for (const response of responses) {
        expect(response.status).toBeLessThan(400);
        const whole = JSON.stringify(response.headers) + response.text;
        expect(whole).not.toContain(SECRET);
        expect(whole).not.toContain('sk-live');
      }
    });

    test('the access log keeps the path of a request, never its query string', async () => {
      const key = `thk_${randomBytes(16).toString('hex')}`;
      await http().get(`/api/v1/tools?api_key=${key}`);
      await http().get(`/api/tools?token=${key}`);
      const access = logs.lines().filter((line) => line.includes('"reqId"'));
      expect(access.some((line) => line.includes('"url":"/api/v1/tools"'))).toBe(true);
      expect(access.some((line) => line.includes('"url":"/api/tools"'))).toBe(true);
      expect(logs.lines().join('')).not.toContain(key);
    });

    test("an mcp tool's error result is logged as the message's excerpt, never whole", async () => {
      const tail = `tail-${randomBytes(8).toString('hex')}`;
      const server = await startContentMcpServer({
        failing: { isError: true, content: [{ type: 'text', text: `${'x'.repeat(600)} ${tail}` }] },
      });
      try {
        const created = await http()
          .post('/api/v1/tools')
          .set('Authorization', auth)
          .send({
            name: 'failing_report',
            parameters: { type: 'object' },
            implementation: { type: 'mcp', url: server.url, tool_name: 'produce' },
          });
        expect(created.status).toBe(201);
        const call = await http()
          .post('/api/tools/failing_report')
          .set('Authorization', auth)
          .send({ case: 'failing' });
        expect(call.status).toBe(502);
        expect(call.body.error.code).toBe('TOOL_EXECUTION_FAILED');
        const logged = logs.lines().filter((line) => line.includes('"type":"ToolReportedError"'));
        expect(logged.length).toBeGreaterThan(0);
        expect(logged.every((line) => line.includes('xxxxxxxx'))).toBe(true);
        expect(logs.lines().join('')).not.toContain(tail);
      } finally {
        await server.close();
      }
    });

    test('no log line of all the above holds a secret', () => {
      const all = logs.lines().join('');
      expect(all).toContain('"url":"/api/v1/tools"');
      expect(all).not.toContain(SECRET);
      expect(all).not.toContain('sk-live');
    });
  },
  { env: { LOG_LEVEL: 'debug', ...DEFAULT_KEY_ENV } },
);
