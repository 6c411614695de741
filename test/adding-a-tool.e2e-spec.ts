/**
 * The extending guide's "Add a tool": a folder with a decorated provider and its module, dropped
 * where the builtin loader looks, appears in discovery, invocation and Swagger with no other edit.
 */
import { join } from 'node:path';
import { builtinToolModules } from '../src/tools/builtin/builtin-tool-modules';
import { ToolCatalog } from '../src/tools/tool-catalog.service';
import { describeOnAdapter } from './support/test-app';

// test/fixtures/builtin has the same layout as src/tools/builtin.
const fixtureModules = builtinToolModules(join(__dirname, 'fixtures', 'builtin'));

test('the builtin loader finds the module in a dropped-in tool folder', () => {
  expect(fixtureModules.map((m) => m.name)).toEqual(['WordCountModule']);
});

describeOnAdapter(
  'Adding a tool',
  (testApp) => {
    test('it is listed by GET /api/tools next to the tools of the code, in name order', async () => {
      const response = await testApp().http.get('/api/tools');
      const ids = response.body.tools.map((t: { id: string }) => t.id);
      // Whatever else is served (tools added under src/tools/builtin too), in name order.
      const served = testApp()
        .app.get(ToolCatalog)
        .list('public')
        .map((tool) => tool.definition.name);
      expect(ids).toEqual(served);
      expect(ids).toEqual([...ids].sort((a: string, b: string) => a.localeCompare(b)));
      expect(ids).toEqual(expect.arrayContaining(['encodePlantUML', 'wordCount']));
      expect(response.body.tools.find((t: { id: string }) => t.id === 'wordCount')).toEqual({
        id: 'wordCount',
        name: 'wordCount',
        description: 'Counts the words in a text',
        inputSchema: {
          type: 'object',
          properties: { text: { type: 'string', description: 'The text to count', minLength: 1 } },
          required: ['text'],
          additionalProperties: false,
        },
      });
    });

    test('it is invoked through POST /api/tools/{toolName}', async () => {
      const response = await testApp()
        .http.post('/api/tools/wordCount')
        .send({ text: '  three  little words ' });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, result: { words: 3 } });
    });

    test('its input is validated against its schema with field-level details', async () => {
      const response = await testApp()
        .http.post('/api/tools/wordCount')
        .send({ text: '', extra: 1 });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('INVALID_INPUT');
      expect(response.body.error.details).toEqual(
        expect.arrayContaining([
          { path: '/extra', message: 'is not an allowed property' },
          { path: '/text', message: 'must NOT have fewer than 1 characters' },
        ]),
      );
    });

    test('it has its own operation in the OpenAPI document, with its real schema', async () => {
      const document = (await testApp().http.get('/docs-json')).body;
      const operation = document.paths['/api/tools/wordCount'].post;
      expect(operation.requestBody.content['application/json'].schema.required).toEqual(['text']);
      expect(operation.requestBody.content['application/json'].example).toEqual({
        text: 'hello tool world',
      });
      expect(operation.responses['200'].content['application/json'].example).toEqual({
        success: true,
        result: { words: 3 },
      });
    });
  },
  { extraToolModules: fixtureModules },
);
