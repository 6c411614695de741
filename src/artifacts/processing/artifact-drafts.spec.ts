import { ToolContentResult } from '../../tools/tool-content-result';
import { itemDrafts, rawDraft } from './artifact-drafts';
import { type NormalisedResult, normaliseToolResult } from './normalise-tool-result';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]);
const WAV = Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1');

function normalised(content: unknown[], extra: Record<string, unknown> = {}): NormalisedResult {
  const normalisation = normaliseToolResult(new ToolContentResult({ content, ...extra }, null));
  if (!normalisation.ok) throw new Error(normalisation.error);
  return normalisation.result;
}

const drafts = (content: unknown[], extra?: Record<string, unknown>) =>
  itemDrafts(normalised(content, extra), 'tool');

describe('itemDrafts', () => {
  it('saves a single text item as <tool>_result.<ext>, its bytes exactly', () => {
    const text = 'id,note\n1,a\\nb\n2,"x, y"\n';
    expect(drafts([{ type: 'text', text }])).toEqual([
      {
        name: 'tool_result.csv',
        mimeType: 'text/csv',
        bytes: Buffer.from(text, 'utf8'),
        kind: 'text',
        itemIndex: 0,
        metadata: { csv: { delimiter: ',', headers: ['id', 'note'], rows: 2, columns: 2 } },
        userOnly: false,
      },
    ]);
  });

  it('indexes names when the result has several items', () => {
    const result = drafts([
      { type: 'text', text: '{"a":1}' },
      { type: 'image', data: PNG.toString('base64'), mimeType: 'image/png' },
      { type: 'audio', data: WAV.toString('base64'), mimeType: 'audio/wav' },
    ]);
    expect(
      result.map(({ name, mimeType, kind, itemIndex }) => ({ name, mimeType, kind, itemIndex })),
    ).toEqual([
      { name: 'tool_result_0.json', mimeType: 'application/json', kind: 'text', itemIndex: 0 },
      { name: 'tool_result_1.png', mimeType: 'image/png', kind: 'image', itemIndex: 1 },
      { name: 'tool_result_2.wav', mimeType: 'audio/wav', kind: 'audio', itemIndex: 2 },
    ]);
    expect(result[1].bytes.equals(PNG)).toBe(true);
  });

  it('keeps the index of an item whose neighbour was skipped', () => {
    const result = drafts([{ type: 'video' }, { type: 'text', text: 'hi' }]);
    expect(result.map((draft) => draft.name)).toEqual(['tool_result_1.txt']);
  });

  it('types an image by its bytes and records the declared type', () => {
    const [draft] = drafts([
      { type: 'image', data: JPEG.toString('base64'), mimeType: 'image/png' },
    ]);
    expect(draft).toMatchObject({
      name: 'tool_result.jpg',
      mimeType: 'image/jpeg',
      metadata: { declared_type: 'image/png', detected_type: 'image/jpeg', type_mismatch: true },
    });
  });

  it('saves an embedded text resource under its URI name with its type', () => {
    const [draft] = drafts([
      {
        type: 'resource',
        resource: { uri: 'file:///docs/read%20me.md', mimeType: 'text/markdown', text: '# Hi' },
      },
    ]);
    expect(draft).toEqual({
      name: 'read me.md',
      mimeType: 'text/markdown',
      bytes: Buffer.from('# Hi'),
      kind: 'resource',
      itemIndex: 0,
      metadata: { uri: 'file:///docs/read%20me.md' },
      userOnly: false,
    });
    const [plain] = drafts([{ type: 'resource', resource: { uri: 'memo://notes', text: 'x' } }]);
    expect(plain).toMatchObject({ name: 'notes', mimeType: 'text/plain' });
    // Only empty text is none: whitespace is content, kept as sent.
    const [blank] = drafts([{ type: 'resource', resource: { uri: 'file:///b.txt', text: '\n' } }]);
    expect(blank).toMatchObject({
      name: 'b.txt',
      mimeType: 'text/plain',
      bytes: Buffer.from('\n'),
    });
  });

  it('saves an embedded blob decoded, typed by its bytes', () => {
    const [draft] = drafts([
      {
        type: 'resource',
        resource: { uri: 'https://x/photo', mimeType: 'image/png', blob: PNG.toString('base64') },
      },
    ]);
    expect(draft).toEqual({
      name: 'photo',
      mimeType: 'image/png',
      bytes: PNG,
      kind: 'resource',
      itemIndex: 0,
      metadata: {
        uri: 'https://x/photo',
        declared_type: 'image/png',
        detected_type: 'image/png',
        type_mismatch: false,
      },
      userOnly: false,
    });
  });

  it('saves a URI-only resource as a uri-list placeholder', () => {
    const [draft] = drafts([{ type: 'resource', resource: { uri: 'file:///data/big.parquet' } }]);
    expect(draft).toEqual({
      name: 'big.parquet',
      mimeType: 'text/uri-list',
      bytes: Buffer.from('file:///data/big.parquet'),
      kind: 'resource',
      itemIndex: 0,
      metadata: { uri: 'file:///data/big.parquet' },
      userOnly: false,
    });
  });

  it('saves a resource with empty text as the URI placeholder, its declared type recorded', () => {
    const uri = 'file:///reports/2026/quarterly-summary.pdf';
    const [draft] = drafts([
      { type: 'resource', resource: { uri, mimeType: 'application/pdf', text: '' } },
    ]);
    expect(draft).toEqual({
      name: 'quarterly-summary.pdf',
      mimeType: 'text/uri-list',
      bytes: Buffer.from(uri),
      kind: 'resource',
      itemIndex: 0,
      metadata: { uri, declared_type: 'application/pdf' },
      userOnly: false,
    });
  });

  it.each([
    ['a path that climbs out', 'file:///tmp/..%2F..%2Fetc%2Fpasswd', '_._etc_passwd'],
    ['a very long name', `https://x/${'n'.repeat(500)}.pdf`, `${'n'.repeat(96)}.pdf`],
    ['no scheme', 'reports/q3/summary.pdf', 'summary.pdf'],
  ])(
    'names an empty-text resource with %s safely; its bytes are the URI as sent',
    (_c, uri, name) => {
      const [draft] = drafts([{ type: 'resource', resource: { uri, text: '' } }]);
      expect(draft).toMatchObject({ name, mimeType: 'text/uri-list', bytes: Buffer.from(uri) });
    },
  );

  it('saves a resource link as a reference, never fetched', () => {
    const [draft] = drafts([
      {
        type: 'resource_link',
        uri: 'https://x/r/report.pdf',
        name: 'Q1',
        mimeType: 'application/pdf',
        description: 'numbers',
      },
    ]);
    expect(draft).toEqual({
      name: 'report.pdf',
      mimeType: 'text/uri-list',
      bytes: Buffer.from('https://x/r/report.pdf'),
      kind: 'resource_link',
      itemIndex: 0,
      metadata: {
        uri: 'https://x/r/report.pdf',
        name: 'Q1',
        description: 'numbers',
        declared_type: 'application/pdf',
      },
      userOnly: false,
    });
  });

  it('saves structured content last as <tool>_structured.json', () => {
    const result = drafts([{ type: 'text', text: 'Sunny' }], {
      structuredContent: { t: 21, sky: 'clear' },
    });
    expect(result[1]).toEqual({
      name: 'tool_structured.json',
      mimeType: 'application/json',
      bytes: Buffer.from('{"t":21,"sky":"clear"}'),
      kind: 'structured',
      metadata: { json: { type: 'object', keys: ['t', 'sky'], key_count: 2 } },
      userOnly: false,
    });
  });

  it('marks user-only items', () => {
    const result = drafts([
      { type: 'text', text: 'for you', annotations: { audience: ['user'] } },
      { type: 'text', text: 'for both', annotations: { audience: ['user', 'assistant'] } },
    ]);
    expect(result.map((draft) => draft.userOnly)).toEqual([true, false]);
  });

  it('keeps names unique within the result', () => {
    const result = drafts([
      { type: 'resource', resource: { uri: 'file:///a/data.json', text: '{}' } },
      { type: 'resource', resource: { uri: 'file:///b/data.json', text: '[]' } },
    ]);
    expect(result.map((draft) => draft.name)).toEqual(['data.json', 'data_2.json']);
  });
});

describe('rawDraft', () => {
  it('saves the whole result as its JSON', () => {
    const raw = { content: 'oops', isError: true };
    expect(rawDraft(raw, 'my/tool', { error: 'bad' })).toEqual({
      name: 'my_tool_raw.json',
      mimeType: 'application/json',
      bytes: Buffer.from('{"content":"oops","isError":true}'),
      kind: 'raw',
      metadata: { error: 'bad' },
      userOnly: false,
    });
  });

  it('saves nothing as null', () => {
    expect(rawDraft(undefined, 't', {}).bytes.toString()).toBe('null');
  });
});
