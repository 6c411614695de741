/**
 * MCP_CONFORMANCE_FIXTURES=true, as scripts/mcp-conformance.sh starts the server for the
 * official conformance suite: callers of /mcp without a key (the suite sends none) get the
 * suite's fixtures in both protocol eras, key holders still get toolhub's tools, and the
 * fixtures appear nowhere else. Runs on both adapters.
 */
import { ToolCatalog } from '../src/tools/tool-catalog.service';
import { bearerFor } from './support/api-key';
import { McpClients, listeningUrl } from './support/mcp-clients';
import { describeHttpContract } from './support/test-app';

const FIXTURE_TOOL = 'test_simple_text';

describeHttpContract(
  'MCP conformance fixtures',
  (testApp) => {
    const clients = new McpClients();
    let baseUrl: string;

    beforeAll(async () => {
      baseUrl = await listeningUrl(testApp());
    });
    afterAll(() => clients.closeAll());

    test('a 2025 client without a key is served the fixtures, not toolhub tools', async () => {
      const { client } = await clients.connectHttp(baseUrl);
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      expect(names).toContain(FIXTURE_TOOL);
      expect(names).not.toContain('encodePlantUML');
      const result = await client.callTool({ name: FIXTURE_TOOL, arguments: {} });
      expect(result.content).toEqual([
        { type: 'text', text: 'This is a simple text response for testing.' },
      ]);
      expect((await client.listPrompts()).prompts.length).toBeGreaterThan(0);
    });

    test('a 2026-07-28 client without a key is served the fixtures too', async () => {
      const modern = await clients.connectModern(baseUrl);
      const names = (await modern.listTools()).tools.map((tool) => tool.name);
      expect(names).toContain(FIXTURE_TOOL);
      expect(names).not.toContain('encodePlantUML');
    });

    test('a key holder is served toolhub tools, without the fixtures', async () => {
      const authorization = await bearerFor(testApp().app, 'fixtures-test');
      const { client } = await clients.connectHttp(baseUrl, 'keyed', {
        Authorization: authorization,
      });
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      expect(names).toContain('encodePlantUML');
      expect(names).not.toContain(FIXTURE_TOOL);
    });

    test('the fixtures are in neither the REST tool list nor the catalog', async () => {
      const rest = await testApp().http.get('/api/tools');
      const restNames = (rest.body.tools as { name: string }[]).map((tool) => tool.name);
      expect(restNames).toContain('encodePlantUML');
      expect(restNames).not.toContain(FIXTURE_TOOL);
      expect(testApp().app.get(ToolCatalog).find(FIXTURE_TOOL, 'all')).toBeUndefined();
    });
  },
  { env: { MCP_CONFORMANCE_FIXTURES: 'true' } },
);
