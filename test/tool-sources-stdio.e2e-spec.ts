/**
 * `mcp_stdio` sources end to end: an MCP server (official server SDK) run as the source's
 * program, imported and called through the real HTTP API; its environment, working directory,
 * restarts, `list_changed` notices, and programs that fail at once or flood their stderr.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DataDirectoryConfig } from '../src/core/config';
import { bearerFor } from './support/api-key';
import { eventually } from './support/eventually';
import { type LogCapture, captureLogs } from './support/log-capture';
import {
  SELECTED_ADAPTER,
  type TestApp,
  describeOnAdapter,
  startTestApp,
} from './support/test-app';
import { createTestDatabase } from './support/test-database';

const SERVER_SCRIPT = join(__dirname, 'support', 'stdio-mcp-server.js');
const SECRET = 'stdio-secret-5c2e91';
const MAX_STDERR_LINES_A_MINUTE = 100;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function apiOf(testApp: () => TestApp, auth: () => string) {
  return {
    get: (path: string) => testApp().http.get(path).set('Authorization', auth()),
    post: (path: string, body: object) =>
      testApp().http.post(path).set('Authorization', auth()).send(body),
    del: (path: string) => testApp().http.delete(path).set('Authorization', auth()),
  };
}

describeOnAdapter(
  'mcp_stdio tool sources',
  (testApp: () => TestApp) => {
    let admin = '';
    let logs: LogCapture;
    let counter = 0;
    const api = apiOf(testApp, () => admin);

    beforeAll(async () => {
      admin = await bearerFor(testApp().app, 'admin');
      logs = await captureLogs(testApp().app);
    });

    afterAll(() => logs.stop());

    async function createSource(body: Record<string, unknown> = {}) {
      const response = await api.post('/api/v1/tool-sources', {
        name: `local${++counter}`,
        type: 'mcp_stdio',
        command: process.execPath,
        args: [SERVER_SCRIPT],
        ...body,
      });
      expect(response.status).toBe(201);
      return response.body as Record<string, unknown> & { id: string; name: string };
    }

    async function call(tool: string, args: object = {}) {
      const response = await api.post(`/api/tools/${tool}`, args);
      return response as typeof response & { body: Record<string, unknown> };
    }

    /** The `environment` tool's answer: what the process was given. */
    async function environmentOf(source: { name: string }) {
      const response = await call(`${source.name}__environment`);
      expect(response.status).toBe(200);
      return JSON.parse(String(response.body.result)) as {
        names: string[];
        token_sha256: string;
        cwd: string;
        pid: number;
      };
    }

    test('imports the process’s tools; a call gets the given environment and PATH only, the secret never shown', async () => {
      const source = await createSource({
        env: { GREETING: 'hello' },
        secret_env: { STDIO_TOKEN: SECRET },
      });
      expect(source).toMatchObject({
        type: 'mcp_stdio',
        command: process.execPath,
        args: [SERVER_SCRIPT],
        env: { GREETING: 'hello' },
        secret_env_names: ['STDIO_TOKEN'],
        status: 'ready',
        tool_count: 3,
      });
      const tools = await api.get(`/api/v1/tools?source_id=${source.id}`);
      expect((tools.body.items as { name: string }[]).map((tool) => tool.name).sort()).toEqual(
        ['echo', 'environment', 'grow'].map((name) => `${source.name}__${name}`),
      );

      const given = await environmentOf(source);
      expect(given.names).toEqual(['GREETING', 'PATH', 'STDIO_TOKEN']);
      expect(given.token_sha256).toBe(createHash('sha256').update(SECRET).digest('hex'));
      const dataDir = testApp().app.get(DataDirectoryConfig).DATA_DIR;
      expect(given.cwd).toBe(join(dataDir, 'tool-sources', source.id));

      const echoed = await call(`${source.name}__echo`, { text: 'over stdio' });
      expect(echoed.status).toBe(200);
      expect(String(echoed.body.result)).toContain('over stdio');
      const shown = [
        source,
        (await api.get(`/api/v1/tool-sources/${source.id}`)).body,
        tools.body,
        echoed.body,
      ];
      expect(JSON.stringify(shown)).not.toContain(SECRET);
      expect(logs.lines().join('\n')).not.toContain(SECRET);
    });

    test('a process killed mid-life is started again unasked and serves again; delete stops it', async () => {
      const source = await createSource();
      const { pid, cwd } = await environmentOf(source);
      const pidFile = join(cwd, 'pid');
      expect(readFileSync(pidFile, 'utf8')).toBe(String(pid));
      process.kill(pid, 'SIGKILL');
      // No call or sync asks for it: the restart comes of the exit alone.
      const restarted = await eventually('the process to be started again', () => {
        const written = Number(readFileSync(pidFile, 'utf8'));
        const serving = written > 0 && written !== pid && alive(written);
        return Promise.resolve(serving ? written : undefined);
      });
      expect((await environmentOf(source)).pid).toBe(restarted);

      expect((await api.del(`/api/v1/tool-sources/${source.id}`)).status).toBe(200);
      await eventually('the process to end', () =>
        Promise.resolve(alive(restarted) ? undefined : true),
      );
    });

    test('the process’s list_changed notice syncs the source', async () => {
      const source = await createSource({ include: ['grow', 'grown_*'], on_change: 'apply' });
      expect(source.tool_count).toBe(1);
      expect((await call(`${source.name}__grow`)).status).toBe(200);
      await eventually('the notice to import the grown tool', async () => {
        const tools = await api.get(`/api/v1/tools?source_id=${source.id}`);
        const names = (tools.body.items as { name: string }[]).map((tool) => tool.name);
        return names.includes(`${source.name}__grown_1`) ? names : undefined;
      });
      expect((await call(`${source.name}__grown_1`, { text: 'new' })).status).toBe(200);
    });

    test('a program that exits at once leaves the source in error, again at each sync, never a 5xx', async () => {
      const source = await createSource({ args: [SERVER_SCRIPT, 'exit'] });
      expect(source).toMatchObject({ status: 'error', tool_count: 0 });
      expect(source.last_error).toEqual(expect.any(String));
      const before = String(source.last_synced_at);
      expect((await api.post(`/api/v1/tool-sources/${source.id}/sync`, {})).status).toBe(202);
      const again = await eventually('the sync to end', async () => {
        const view = (await api.get(`/api/v1/tool-sources/${source.id}`)).body as {
          last_synced_at: string;
          status: string;
          last_error: string;
        };
        return view.last_synced_at !== before ? view : undefined;
      });
      expect(again).toMatchObject({ status: 'error', last_error: expect.any(String) as unknown });
      expect((await api.del(`/api/v1/tool-sources/${source.id}`)).status).toBe(200);
    });

    test('a program that floods its stderr is a recorded error, its stderr logged in bounded lines', async () => {
      const source = await createSource({ args: [SERVER_SCRIPT, 'flood'] });
      expect(source).toMatchObject({ status: 'error', tool_count: 0 });
      const stderrLines = logs
        .lines()
        .filter((line) => line.includes(`source '${source.name}' stderr`));
      expect(stderrLines.length).toBeGreaterThan(0);
      expect(stderrLines.length).toBeLessThanOrEqual(MAX_STDERR_LINES_A_MINUTE + 1);
      for (const line of stderrLines) expect(line.length).toBeLessThan(2_000);
      expect((await api.del(`/api/v1/tool-sources/${source.id}`)).status).toBe(200);
    });

    test('bad fields are 422s naming them', async () => {
      const response = await api.post('/api/v1/tool-sources', {
        name: 'badstdio',
        type: 'mcp_stdio',
        args: 'not a list',
        env: { 'NOT-A-NAME': 'x' },
        secret_env: { TOKEN: 7 },
      });
      expect(response.status).toBe(422);
      const fields = (response.body.error.details as { field: string }[]).map((d) => d.field);
      expect(fields.sort()).toEqual(['args', 'command', 'env', 'secret_env']);
    });
  },
  { env: { TOOL_SOURCE_STDIO: 'true', LOG_LEVEL: 'info' } },
);

describeOnAdapter('mcp_stdio tool sources, not enabled', (testApp: () => TestApp) => {
  test('a stdio source is refused with 422 STDIO_SOURCES_DISABLED', async () => {
    const admin = await bearerFor(testApp().app, 'admin');
    const response = await apiOf(testApp, () => admin).post('/api/v1/tool-sources', {
      name: 'refused',
      type: 'mcp_stdio',
      command: process.execPath,
      args: [SERVER_SCRIPT],
    });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({
      success: false,
      error: { code: 'STDIO_SOURCES_DISABLED' },
    });
    const sources = await apiOf(testApp, () => admin).get('/api/v1/tool-sources');
    expect(sources.body.total).toBe(0);
  });
});

describe('mcp_stdio tool sources across a restart', () => {
  test('shutdown stops the process; restarted with TOOL_SOURCE_STDIO off, the source stays and runs nothing', async () => {
    const database = await createTestDatabase();
    try {
      const first = await startTestApp(SELECTED_ADAPTER, {
        env: { ...database.env, TOOL_SOURCE_STDIO: 'true' },
      });
      let auth = '';
      let sourceId = '';
      let cwd = '';
      let pid = 0;
      try {
        auth = await bearerFor(first.app, 'admin');
        const api = apiOf(
          () => first,
          () => auth,
        );
        const created = await api.post('/api/v1/tool-sources', {
          name: 'kept',
          type: 'mcp_stdio',
          command: process.execPath,
          args: [SERVER_SCRIPT],
        });
        expect(created.body).toMatchObject({ status: 'ready' });
        sourceId = String(created.body.id);
        const called = await api.post('/api/tools/kept__environment', {});
        ({ cwd, pid } = JSON.parse(String(called.body.result)) as { cwd: string; pid: number });
      } finally {
        await first.close();
      }
      await eventually('the process to end with its server', () =>
        Promise.resolve(alive(pid) ? undefined : true),
      );

      const second = await startTestApp(SELECTED_ADAPTER, { env: database.env });
      try {
        const api = apiOf(
          () => second,
          () => auth,
        );
        const call = await api.post('/api/tools/kept__echo', { text: 'x' });
        expect(call.status).toBe(502);
        expect(call.body.error.message).toContain('TOOL_SOURCE_STDIO');
        expect((await api.post(`/api/v1/tool-sources/${sourceId}/sync`, {})).status).toBe(202);
        const failed = await eventually('the sync to fail', async () => {
          const view = (await api.get(`/api/v1/tool-sources/${sourceId}`)).body as {
            status: string;
            last_error: string;
          };
          return view.status === 'error' ? view : undefined;
        });
        expect(failed).toMatchObject({ tool_count: 3 });
        expect(failed.last_error).toContain('TOOL_SOURCE_STDIO');
        // Nothing was started: the pid file still names the process the first server ran.
        expect(readFileSync(join(cwd, 'pid'), 'utf8')).toBe(String(pid));
      } finally {
        await second.close();
      }
    } finally {
      await database.drop();
    }
  });
});
