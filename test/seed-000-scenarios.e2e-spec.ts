/**
 * How an agent discovers, calls and uses the tools, scenario by scenario, as executable tests
 * against the booted app over HTTP, on both adapters. Each test quotes the Given/When/Then steps it
 * proves.
 */
import { decode } from 'plantuml-encoder';
import { describeHttpContract } from './support/test-app';
import { DIAGRAMS, SEED_DIAGRAM, diagramOfSize } from './support/plantuml-samples';

const SVG_BASE = 'https://www.plantuml.com/plantuml/svg/';

describeHttpContract('Seed 000', (testApp) => {
  const encode = (body: unknown) =>
    testApp()
      .http.post('/api/tools/encodePlantUML')
      .send(body as object);

  test('Scenario 1: Agent discovers tools on startup', async () => {
    // When: Agent calls GET /api/tools
    const response = await testApp().http.get('/api/tools');
    // Then: Status code is 200; Response contains "tools" array
    expect(response.status).toBe(200);
    expect(Array.isArray(response.body.tools)).toBe(true);
    // encodePlantUML tool is listed, with id, name, description and inputSchema
    const tool = response.body.tools.find((t: { id: string }) => t.id === 'encodePlantUML');
    expect(tool).toBeDefined();
    expect(tool.name).toBe('encodePlantUML');
    expect(typeof tool.description).toBe('string');
    expect(tool.description.length).toBeGreaterThan(0);
    // inputSchema: type "object", properties.plantumlCode (type string, with a description), required
    expect(tool.inputSchema.type).toBe('object');
    expect(tool.inputSchema.properties.plantumlCode.type).toBe('string');
    expect(typeof tool.inputSchema.properties.plantumlCode.description).toBe('string');
    expect(tool.inputSchema.required).toContain('plantumlCode');
  });

  test('Scenario 2: Agent encodes valid PlantUML diagram', async () => {
    // When: Agent calls POST /api/tools/encodePlantUML with valid PlantUML code
    const response = await encode({ plantumlCode: SEED_DIAGRAM });
    // Then: 200, success true, "result" and not "error"
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    expect(response.body).not.toHaveProperty('error');
    const { url, encoded, format } = response.body.result;
    // result.url is a non-empty, valid HTTPS URL on plantuml.com ending in the encoded text
    expect(url.startsWith(SVG_BASE)).toBe(true);
    expect(new URL(url).protocol).toBe('https:');
    expect(new URL(url).hostname).toBe('www.plantuml.com');
    expect(url).toBe(SVG_BASE + encoded);
    // result.encoded is a non-empty string of URL-safe characters; result.format is "svg"
    expect(encoded).toMatch(/^[0-9A-Za-z_-]+$/);
    expect(format).toBe('svg');
    // "URL renders diagram correctly": the URL decodes back to exactly the diagram sent
    expect(decode(encoded)).toBe(SEED_DIAGRAM);
  });

  test('Scenario 3: Agent handles empty PlantUML code', async () => {
    // And: Agent passes empty "plantumlCode" parameter: ""
    const response = await encode({ plantumlCode: '' });
    // Then: 400, success false, "error" and not "result", code EMPTY_CODE, its exact message
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      success: false,
      error: { code: 'EMPTY_CODE', message: 'plantumlCode is required and cannot be empty' },
    });
  });

  test.each([
    ['null', { plantumlCode: null }],
    ['whitespace-only', { plantumlCode: ' \n\t\r ' }],
    ['missing', {}],
  ])('Scenario 3 notes: %s code is EMPTY_CODE too', async (_name, body) => {
    // Notes: "Empty code includes: empty string, null, whitespace-only"
    const response = await encode(body);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('EMPTY_CODE');
  });

  test('Scenario 4: Agent handles encoding failure', async () => {
    // And: Encoding algorithm fails for any reason. Text with no UTF-8 form (a lone
    // surrogate, sent as the JSON escape \ud800) cannot be encoded.
    const response = await testApp()
      .http.post('/api/tools/encodePlantUML')
      .set('Content-Type', 'application/json')
      .send('{"plantumlCode":"@startuml\\nA -> B : \\ud800\\n@enduml"}');
    // Then: 500, success false, error.code ENCODING_FAILED, its exact message
    expect(response.status).toBe(500);
    expect(response.body).toEqual({
      success: false,
      error: { code: 'ENCODING_FAILED', message: 'Failed to encode PlantUML code' },
    });
  });

  test('Scenario 5: Agent makes 5 sequential tool calls', async () => {
    // Response time (target: under 500 ms) is measured by `npm run bench`, not asserted here.
    const urls: string[] = [];
    for (const code of Object.values(DIAGRAMS)) {
      const response = await encode({ plantumlCode: code });
      expect(response.status).toBe(200);
      expect(response.body.success).toBe(true);
      expect(response.body.result.url.startsWith(SVG_BASE)).toBe(true);
      expect(decode(response.body.result.encoded)).toBe(code);
      urls.push(response.body.result.url);
    }
    // Each URL is unique (different diagrams)
    expect(new Set(urls).size).toBe(5);
    // No state persists between calls: the first diagram still gives the first URL
    const again = await encode({ plantumlCode: DIAGRAMS.fsm });
    expect(again.body.result.url).toBe(urls[0]);
  });

  test('Scenario 6: Agent handles code exceeding 50KB', async () => {
    // And: Agent passes large "plantumlCode" parameter (51KB)
    const response = await encode({ plantumlCode: diagramOfSize(51 * 1024) });
    // Then: 413, error.code CODE_TOO_LARGE, its exact message
    expect(response.status).toBe(413);
    expect(response.body).toEqual({
      success: false,
      error: { code: 'CODE_TOO_LARGE', message: 'PlantUML code exceeds maximum size of 50KB' },
    });
  });

  test('Scenario 6 notes: exactly 50KB works, one byte more fails', async () => {
    // Notes: "Exactly 50KB should work"
    const exact = diagramOfSize(51_200);
    const ok = await encode({ plantumlCode: exact });
    expect(ok.status).toBe(200);
    expect(decode(ok.body.result.encoded)).toBe(exact);
    // "50.1KB should fail with 413"
    const over = await encode({ plantumlCode: diagramOfSize(51_201) });
    expect(over.status).toBe(413);
    expect(over.body.error.code).toBe('CODE_TOO_LARGE');
  });

  test('Scenario 7: Agent attempts to call unknown tool', async () => {
    // When: Agent calls POST /api/tools/unknownTool
    const response = await testApp().http.post('/api/tools/unknownTool').send({});
    // Then: 404, error.code TOOL_NOT_FOUND, message "Tool 'unknownTool' not found"
    expect(response.status).toBe(404);
    expect(response.body).toEqual({
      success: false,
      error: { code: 'TOOL_NOT_FOUND', message: "Tool 'unknownTool' not found" },
    });
  });

  test('Scenario 8: Agent verifies deterministic encoding', async () => {
    const code = '@startuml\nA --> B\n@enduml';
    // When: Agent calls twice with the same code
    const first = await encode({ plantumlCode: code });
    const second = await encode({ plantumlCode: code });
    // Then: both succeed and the URLs are identical character by character
    expect(first.body.success).toBe(true);
    expect(second.body.success).toBe(true);
    expect(second.body.result.url).toBe(first.body.result.url);
  });
});
