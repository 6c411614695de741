/**
 * The committed contract, `docs/openapi.json`, is exactly what the app serves at `/docs-json`
 * (less the per-tool operations, which follow the tools served). `npm run openapi:check` runs
 * this file; `npm run openapi` runs it with UPDATE_OPENAPI=1, which rewrites the file instead.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { Logger } from '@nestjs/common';
import { buildOpenApiDocument } from '../src/openapi';
import { describeHttpContract } from './support/test-app';

const DOCUMENT_FILE = join(__dirname, '..', 'docs', 'openapi.json');
const UPDATE = process.env.UPDATE_OPENAPI === '1';

type Document = {
  paths: Record<string, unknown>;
  components: { schemas: Record<string, unknown> };
};

/** The parts of two documents that differ, named for the reader of a failed check. */
function differences(committed: Document, served: Document): string[] {
  const changed = (section: string, a: Record<string, unknown>, b: Record<string, unknown>) =>
    [...new Set([...Object.keys(a), ...Object.keys(b)])]
      .filter((key) => !isDeepStrictEqual(a[key], b[key]))
      .map((key) => `${section} ${key}`);
  const rest = (document: Document) => ({ ...document, paths: {}, components: {} });
  return [
    ...changed('path', committed.paths, served.paths),
    ...changed('schema', committed.components.schemas, served.components.schemas),
    ...changed('top-level', rest(committed), rest(served)),
  ];
}

describeHttpContract('The committed OpenAPI document', (testApp) => {
  let served: Document;
  beforeAll(async () => {
    const { http } = testApp();
    const document = (await http.get('/docs-json')).body as Document;
    const { tools } = (await http.get('/api/tools')).body as { tools: { name: string }[] };
    // Each public tool's own operation is added per catalog: not part of the committed contract.
    for (const { name } of tools) delete document.paths[`/api/tools/${name}`];
    served = document;
  });

  test('docs/openapi.json is what /docs-json serves (else run `npm run openapi`)', () => {
    if (UPDATE) writeFileSync(DOCUMENT_FILE, `${JSON.stringify(served, null, 2)}\n`);
    const committed = JSON.parse(readFileSync(DOCUMENT_FILE, 'utf8')) as Document;
    expect(differences(committed, served)).toEqual([]);
  });

  test('no two classes give their schema the same name', () => {
    // @nestjs/swagger keeps one of two different classes of the same name, and says so.
    const warn = jest.spyOn(Logger, 'warn').mockImplementation(() => undefined);
    try {
      const document = buildOpenApiDocument(testApp().app);
      expect(Object.keys(document.components?.schemas ?? {}).length).toBeGreaterThan(10);
      const duplicates = warn.mock.calls
        .map(([message]) => String(message))
        .filter((message) => message.includes('Duplicate DTO'));
      expect(duplicates).toEqual([]);
    } finally {
      warn.mockRestore();
    }
  });
});
