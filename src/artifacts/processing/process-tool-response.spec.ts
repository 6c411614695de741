import { ToolContentResult } from '../../tools/tool-content-result';
import { processToolResponse } from './process-tool-response';
import {
  type ArtifactDraft,
  type SavedArtifact,
  type ToolResponseContext,
  type ToolResponseSettings,
} from './tool-response';

// Tiny real files: just their magic bytes and a little more.
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0]);
const MP3 = Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00\xff\xfb\x90\x64', 'latin1');
const WAV = Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt \x10\x00\x00\x00', 'latin1');

const LIST_TITLE =
  'Saved artifacts, read with load_artifact {name, version?, offset?, limit?} (offset and limit in bytes):';

/** An in-memory artifact store: records every draft, versions names as the real one does. */
function memoryStore(fails: (draft: ArtifactDraft) => boolean = () => false) {
  const drafts: ArtifactDraft[] = [];
  const versions = new Map<string, number>();
  const save = jest.fn((draft: ArtifactDraft): Promise<SavedArtifact> => {
    if (fails(draft)) return Promise.reject(new Error('disk full'));
    drafts.push(draft);
    const version = (versions.get(draft.name) ?? 0) + 1;
    versions.set(draft.name, version);
    return Promise.resolve({
      id: `${draft.name}@${version}`,
      name: draft.name,
      version,
      mime_type: draft.mimeType,
      size_bytes: draft.bytes.length,
    });
  });
  return { drafts, save };
}

type Store = ReturnType<typeof memoryStore>;

function contextOf(
  store: Store,
  settings: Partial<ToolResponseSettings> = {},
  toolName = 'tool',
): ToolResponseContext {
  return {
    toolName,
    settings: {
      saveThresholdBytes: 2048,
      returnMaxBytes: 4096,
      intelligentProcessing: true,
      fallbackToRawOnError: true,
      ...settings,
    },
    save: store.save,
  };
}

const mcp = (raw: unknown) => new ToolContentResult(raw as Record<string, unknown>, null);
const text = (value: string, extra: Record<string, unknown> = {}) => ({
  type: 'text',
  text: value,
  ...extra,
});
const image = (bytes: Buffer, mimeType = 'image/png') => ({
  type: 'image',
  data: bytes.toString('base64'),
  mimeType,
});
const audio = (bytes: Buffer, mimeType: string) => ({
  type: 'audio',
  data: bytes.toString('base64'),
  mimeType,
});
const line = (name: string, version: number, mime: string, size: number) =>
  `- "${name}" version ${version}, ${mime}, ${size} bytes`;
const listed = (...lines: string[]) => [LIST_TITLE, ...lines].join('\n');
/** What the model reads of a result with one item skipped and the others saved. */
const partialContent = (text: string, skipped: { index: number; reason: string }, list: string) =>
  [
    text,
    '',
    'Status: partial_success',
    'Skipped malformed content items:',
    `- item ${skipped.index}: ${skipped.reason}`,
    '',
    list,
  ].join('\n');

/** Process with the save threshold at 0: every result is saved, to look at its drafts. */
async function savedDrafts(result: unknown, toolName = 'tool'): Promise<ArtifactDraft[]> {
  const store = memoryStore();
  await processToolResponse(result, contextOf(store, { saveThresholdBytes: 0 }, toolName));
  return store.drafts;
}

const prose = (bytes: number) => 'lorem ipsum '.repeat(Math.ceil(bytes / 12)).slice(0, bytes);

describe('processToolResponse', () => {
  describe('1. thresholds and triggering', () => {
    test('1.1 small text below both thresholds: not saved, returned in full', async () => {
      const store = memoryStore();
      const result = await processToolResponse('Sunny, 21 °C', contextOf(store));
      expect(result).toEqual({ status: 'returned', content: 'Sunny, 21 °C', artifacts: [] });
      const fromMcp = await processToolResponse(
        mcp({ content: [text('Sunny, 21 °C')] }),
        contextOf(store),
      );
      expect(fromMcp).toEqual({ status: 'returned', content: 'Sunny, 21 °C', artifacts: [] });
      expect(store.save).not.toHaveBeenCalled();
    });

    test('1.2 text above the save threshold, below the return limit: saved and returned in full', async () => {
      const store = memoryStore();
      const body = prose(3000);
      const result = await processToolResponse(mcp({ content: [text(body)] }), contextOf(store));
      expect(store.drafts).toEqual([
        {
          name: 'tool_result.txt',
          mimeType: 'text/plain',
          bytes: Buffer.from(body),
          kind: 'text',
          itemIndex: 0,
          metadata: {},
          userOnly: false,
        },
      ]);
      expect(result).toEqual({
        status: 'saved',
        content: `${body}\n\n${listed(line('tool_result.txt', 1, 'text/plain', 3000))}`,
        artifacts: [
          {
            id: 'tool_result.txt@1',
            name: 'tool_result.txt',
            version: 1,
            mime_type: 'text/plain',
            size_bytes: 3000,
          },
        ],
      });
    });

    test('1.3 text above both thresholds: saved, truncated on a character boundary, with the way to the rest', async () => {
      const store = memoryStore();
      const body = `a${'é'.repeat(5000)}`; // 10001 bytes: 4096 would cut an é in two
      const result = await processToolResponse(body, contextOf(store));
      expect(store.drafts).toHaveLength(1);
      expect(store.drafts[0]).toMatchObject({ name: 'tool_result.txt', mimeType: 'text/plain' });
      expect(store.drafts[0].bytes.equals(Buffer.from(body, 'utf8'))).toBe(true);
      expect(result.status).toBe('saved');
      expect(result.truncated).toEqual({ shownBytes: 4095, totalBytes: 10001 });
      expect(result.content).toBe(
        [
          `a${'é'.repeat(2047)}`,
          '',
          '[Partial result: the first 4095 of 10001 bytes are shown. Read the rest with load_artifact {"name":"tool_result.txt","version":1,"offset":4095}.]',
          '',
          listed(line('tool_result.txt', 1, 'text/plain', 10001)),
        ].join('\n'),
      );
    });

    test('1.4 a tiny image is always saved', async () => {
      const store = memoryStore();
      const result = await processToolResponse(mcp({ content: [image(PNG)] }), contextOf(store));
      expect(store.drafts).toEqual([
        {
          name: 'tool_result.png',
          mimeType: 'image/png',
          bytes: PNG,
          kind: 'image',
          itemIndex: 0,
          metadata: {
            declared_type: 'image/png',
            detected_type: 'image/png',
            type_mismatch: false,
          },
          userOnly: false,
        },
      ]);
      expect(result.status).toBe('saved');
      // Described by a line, never as base64.
      expect(result.content).toBe(listed(line('tool_result.png', 1, 'image/png', PNG.length)));
      expect(result.content).not.toContain(PNG.toString('base64'));
    });

    test('a result exactly at the save threshold is not saved; one byte more is', async () => {
      const overhead = Buffer.byteLength('{"content":[{"text":"","type":"text"}]}');
      const atThreshold = memoryStore();
      const small = await processToolResponse(
        'x'.repeat(100 - overhead),
        contextOf(atThreshold, { saveThresholdBytes: 100 }),
      );
      expect(small.status).toBe('returned');
      const above = memoryStore();
      const large = await processToolResponse(
        'x'.repeat(101 - overhead),
        contextOf(above, { saveThresholdBytes: 100 }),
      );
      expect(large.status).toBe('saved');
      expect(above.drafts).toHaveLength(1);
    });
  });

  describe('2.1 text', () => {
    test('2.1.1 a plain string is saved as .txt text/plain', async () => {
      expect(await savedDrafts('just words')).toEqual([
        {
          name: 'tool_result.txt',
          mimeType: 'text/plain',
          bytes: Buffer.from('just words'),
          kind: 'text',
          itemIndex: 0,
          metadata: {},
          userOnly: false,
        },
      ]);
    });

    test.each([
      ['Error: the database is unreachable'],
      ['Hello, world\nSecond line, here'],
      ['3 * 4 = 12'],
      ['Note: call me later'],
    ])('2.1.1 prose %p stays text/plain', async (value) => {
      const [draft] = await savedDrafts(mcp({ content: [text(value)] }));
      expect(draft).toMatchObject({ name: 'tool_result.txt', mimeType: 'text/plain' });
      expect(draft.bytes.toString('utf8')).toBe(value);
    });

    test('2.1.2 a JSON string is saved as .json with a summary of its structure', async () => {
      const json = '{\n  "users": [1, 2],\n  "total": 2\n}';
      const [draft] = await savedDrafts(mcp({ content: [text(json)] }));
      expect(draft).toEqual({
        name: 'tool_result.json',
        mimeType: 'application/json',
        bytes: Buffer.from(json),
        kind: 'text',
        itemIndex: 0,
        metadata: { json: { type: 'object', keys: ['users', 'total'], key_count: 2 } },
        userOnly: false,
      });
      const [array] = await savedDrafts(mcp({ content: [text('[1,2,3]')] }));
      expect(array.metadata).toEqual({ json: { type: 'array', length: 3 } });
    });

    test('2.1.3 a CSV string is saved as .csv with rows, columns and headers', async () => {
      const csv = 'city,country,population\nParis,France,2100000\nBerlin,Germany,3600000\n';
      const [draft] = await savedDrafts(mcp({ content: [text(csv)] }));
      expect(draft).toEqual({
        name: 'tool_result.csv',
        mimeType: 'text/csv',
        bytes: Buffer.from(csv),
        kind: 'text',
        itemIndex: 0,
        metadata: {
          csv: { delimiter: ',', headers: ['city', 'country', 'population'], rows: 2, columns: 3 },
        },
        userOnly: false,
      });
    });

    test('2.1.3 a CSV with a literal backslash-n in a field is kept byte-exact', async () => {
      const csv = 'id,note\n1,"first\\nsecond"\n2,plain\\n\n';
      const [draft] = await savedDrafts(csv);
      expect(draft.mimeType).toBe('text/csv');
      expect(draft.bytes).toEqual(
        Buffer.from([
          ...Buffer.from('id,note\n1,"first'),
          0x5c,
          0x6e,
          ...Buffer.from('second"\n2,plain'),
          0x5c,
          0x6e,
          0x0a,
        ]),
      );
    });

    test('2.1.4 a YAML string is saved as .yaml application/x-yaml', async () => {
      const yaml = 'service: api\nreplicas: 3\nports:\n  - 80\n  - 443\n';
      const [draft] = await savedDrafts(mcp({ content: [text(yaml)] }));
      expect(draft).toMatchObject({ name: 'tool_result.yaml', mimeType: 'application/x-yaml' });
      expect(draft.bytes).toEqual(Buffer.from(yaml));
    });

    test('2.1.5 a Markdown string is saved as .md text/markdown', async () => {
      const markdown = '# Weekly report\n\n- shipped **search**\n- fixed bugs\n';
      const [draft] = await savedDrafts(mcp({ content: [text(markdown)] }));
      expect(draft).toMatchObject({ name: 'tool_result.md', mimeType: 'text/markdown' });
      expect(draft.bytes).toEqual(Buffer.from(markdown));
    });
  });

  describe('2.2 images and 2.3 audio', () => {
    test('2.2.1 a base64 PNG is decoded and saved as .png image/png', async () => {
      const [draft] = await savedDrafts(mcp({ content: [image(PNG)] }));
      expect(draft).toMatchObject({
        name: 'tool_result.png',
        mimeType: 'image/png',
        kind: 'image',
      });
      expect(draft.bytes).toEqual(PNG);
    });

    test('2.2.2 a base64 JPEG is decoded and saved as .jpg image/jpeg', async () => {
      const [draft] = await savedDrafts(mcp({ content: [image(JPEG, 'image/jpeg')] }));
      expect(draft).toMatchObject({ name: 'tool_result.jpg', mimeType: 'image/jpeg' });
      expect(draft.bytes).toEqual(JPEG);
    });

    test('2.2.2 JPEG bytes declared as PNG are saved as .jpg image/jpeg, the mismatch flagged', async () => {
      const [draft] = await savedDrafts(mcp({ content: [image(JPEG, 'image/png')] }));
      expect(draft).toMatchObject({
        name: 'tool_result.jpg',
        mimeType: 'image/jpeg',
        metadata: { declared_type: 'image/png', detected_type: 'image/jpeg', type_mismatch: true },
      });
    });

    test('2.3.1 base64 MP3 audio is saved as .mp3 audio/mpeg', async () => {
      const [draft] = await savedDrafts(mcp({ content: [audio(MP3, 'audio/mpeg')] }));
      expect(draft).toMatchObject({
        name: 'tool_result.mp3',
        mimeType: 'audio/mpeg',
        kind: 'audio',
      });
      expect(draft.bytes).toEqual(MP3);
    });

    test('2.3.2 base64 WAV audio is saved as .wav audio/wav', async () => {
      const [draft] = await savedDrafts(mcp({ content: [audio(WAV, 'audio/x-wav')] }));
      expect(draft).toMatchObject({
        name: 'tool_result.wav',
        mimeType: 'audio/wav',
        metadata: { type_mismatch: false },
      });
      expect(draft.bytes).toEqual(WAV);
    });

    test('unpadded base64 is accepted; a lone leftover character skips the item', async () => {
      const unpadded = PNG.toString('base64').replace(/=+$/, '');
      expect(unpadded.length % 4).not.toBe(0);
      const store = memoryStore();
      const result = await processToolResponse(
        mcp({
          content: [
            { type: 'image', data: unpadded, mimeType: 'image/png' },
            { type: 'image', data: 'iVBORw0KG', mimeType: 'image/png' },
          ],
        }),
        contextOf(store),
      );
      expect(store.drafts.map((draft) => draft.name)).toEqual(['tool_result_0.png']);
      expect(store.drafts[0].bytes).toEqual(PNG);
      expect(result.status).toBe('partial_success');
      expect(result.skipped).toEqual([
        {
          index: 1,
          reason: 'the image data is not valid base64: a length of 9 leaves a lone character',
        },
      ]);
    });
  });

  describe('2.4 resources', () => {
    test('2.4.1 a resource with only a URI saves a placeholder holding the URI, named from it', async () => {
      const uri = 'file:///exports/sales%202024.parquet';
      const store = memoryStore();
      const result = await processToolResponse(
        mcp({ content: [{ type: 'resource', resource: { uri } }] }),
        contextOf(store),
      );
      expect(store.drafts).toEqual([
        {
          name: 'sales 2024.parquet',
          mimeType: 'text/uri-list',
          bytes: Buffer.from(uri),
          kind: 'resource',
          itemIndex: 0,
          metadata: { uri },
          userOnly: false,
        },
      ]);
      expect(result.content).toBe(
        listed(line('sales 2024.parquet', 1, 'text/uri-list', uri.length)),
      );
    });

    test('2.4.1 a resource whose required text is empty is the same placeholder, not an empty file', async () => {
      const uri = 'https://files.example.com/reports/quarterly-summary.pdf';
      const store = memoryStore();
      const result = await processToolResponse(
        mcp({
          content: [{ type: 'resource', resource: { uri, mimeType: 'application/pdf', text: '' } }],
        }),
        contextOf(store),
      );
      expect(store.drafts).toEqual([
        expect.objectContaining({
          name: 'quarterly-summary.pdf',
          mimeType: 'text/uri-list',
          bytes: Buffer.from(uri),
          metadata: { uri, declared_type: 'application/pdf' },
        }),
      ]);
      expect(result.status).toBe('saved');
      expect(result.content).toBe(
        listed(line('quarterly-summary.pdf', 1, 'text/uri-list', uri.length)),
      );
    });

    test('2.4.2 a resource with embedded text saves that text, named from the URI, of its type', async () => {
      const [draft] = await savedDrafts(
        mcp({
          content: [
            {
              type: 'resource',
              resource: { uri: 'repo://docs/guide.md', mimeType: 'text/markdown', text: '# Guide' },
            },
          ],
        }),
      );
      expect(draft).toEqual({
        name: 'guide.md',
        mimeType: 'text/markdown',
        bytes: Buffer.from('# Guide'),
        kind: 'resource',
        itemIndex: 0,
        metadata: { uri: 'repo://docs/guide.md' },
        userOnly: false,
      });
    });

    test('2.4.3 a resource with a base64 blob saves the decoded bytes', async () => {
      const [draft] = await savedDrafts(
        mcp({
          content: [
            {
              type: 'resource',
              resource: {
                uri: 'https://cdn.example/img/../logo.png',
                blob: PNG.toString('base64'),
              },
            },
          ],
        }),
      );
      expect(draft).toMatchObject({ name: 'logo.png', mimeType: 'image/png', kind: 'resource' });
      expect(draft.bytes).toEqual(PNG);
    });

    test('a resource link saves a reference to it, never fetched', async () => {
      const store = memoryStore();
      const link = {
        type: 'resource_link',
        uri: 'https://example.com/files/q1.pdf',
        name: 'Q1 report',
        mimeType: 'application/pdf',
      };
      const result = await processToolResponse(mcp({ content: [link] }), contextOf(store));
      expect(store.drafts).toEqual([
        {
          name: 'q1.pdf',
          mimeType: 'text/uri-list',
          bytes: Buffer.from(link.uri),
          kind: 'resource_link',
          itemIndex: 0,
          metadata: { uri: link.uri, name: 'Q1 report', declared_type: 'application/pdf' },
          userOnly: false,
        },
      ]);
      expect(result.status).toBe('saved');
    });
  });

  describe('3. model response and save errors', () => {
    test('3.1 above the return limit but below the save threshold: saved anyway, truncated', async () => {
      const store = memoryStore();
      const body = prose(3000);
      const result = await processToolResponse(
        body,
        contextOf(store, { saveThresholdBytes: 10_000, returnMaxBytes: 1000 }),
      );
      expect(store.drafts.map((draft) => draft.name)).toEqual(['tool_result.txt']);
      expect(result.status).toBe('saved');
      expect(result.truncated).toEqual({ shownBytes: 1000, totalBytes: 3000 });
      expect(result.content.startsWith(`${body.slice(0, 1000)}\n\n[Partial result:`)).toBe(true);
      expect(result.content).toContain(
        'load_artifact {"name":"tool_result.txt","version":1,"offset":1000}',
      );
    });

    test('3.2 saving fails: the model gets the truncated text and a clear note, without a load_artifact hint for it', async () => {
      const store = memoryStore(() => true);
      const body = prose(5000);
      const result = await processToolResponse(body, contextOf(store));
      expect(result).toEqual({
        status: 'save_failed',
        content: [
          body.slice(0, 4096),
          '',
          '[Partial result: the first 4096 of 5000 bytes are shown. Saving failed (see below), so the rest may not be readable.]',
          '',
          'Saving failed; these were not stored and cannot be read with load_artifact:',
          '- "tool_result.txt" (text/plain, 5000 bytes): disk full',
        ].join('\n'),
        truncated: { shownBytes: 4096, totalBytes: 5000 },
        artifacts: [],
        error: 'saving artifact "tool_result.txt" failed: disk full',
      });
    });

    test('3.2 one piece fails to save: the others are still listed and readable', async () => {
      const store = memoryStore((draft) => draft.kind === 'image');
      const result = await processToolResponse(
        mcp({ content: [text('A chart of sales'), image(PNG)] }),
        contextOf(store),
      );
      expect(result.status).toBe('save_failed');
      expect(result.error).toBe('saving artifact "tool_result_1.png" failed: disk full');
      expect(result.artifacts.map((artifact) => artifact.name)).toEqual(['tool_result_0.txt']);
      expect(result.content).toBe(
        [
          'A chart of sales',
          '',
          'Saving failed; these were not stored and cannot be read with load_artifact:',
          `- "tool_result_1.png" (image/png, ${PNG.length} bytes): disk full`,
          '',
          listed(line('tool_result_0.txt', 1, 'text/plain', 16)),
        ].join('\n'),
      );
    });
  });

  describe('4. fallbacks', () => {
    test('4.1 intelligent processing off: the whole raw result is saved as one .json artifact', async () => {
      const store = memoryStore();
      const raw = { content: [text('Here it is'), image(PNG)], isError: false };
      const result = await processToolResponse(
        mcp(raw),
        contextOf(store, { intelligentProcessing: false }),
      );
      expect(store.drafts).toEqual([
        {
          name: 'tool_raw.json',
          mimeType: 'application/json',
          bytes: Buffer.from(JSON.stringify(raw)),
          kind: 'raw',
          metadata: {},
          userOnly: false,
        },
      ]);
      expect(result.status).toBe('saved');
      expect(result.content).toBe(
        `Here it is\n\n${listed(line('tool_raw.json', 1, 'application/json', JSON.stringify(raw).length))}`,
      );
    });

    test('4.1 intelligent processing off: a plain value is saved as its normalised result', async () => {
      const store = memoryStore();
      const body = prose(3000);
      const result = await processToolResponse(
        body,
        contextOf(store, { intelligentProcessing: false, returnMaxBytes: 100 }),
      );
      expect(store.drafts.map((draft) => draft.bytes.toString())).toEqual([
        JSON.stringify({ content: [{ type: 'text', text: body }] }),
      ]);
      // The raw JSON is not the text: the model is pointed to the artifact, not an offset.
      expect(result.content).toContain(
        '[Partial result: the first 100 of 3000 bytes are shown. The whole result is in the saved artifacts below.]',
      );
    });

    test('4.1 intelligent processing off: a small text result is still only returned', async () => {
      const store = memoryStore();
      const result = await processToolResponse(
        'ok',
        contextOf(store, { intelligentProcessing: false }),
      );
      expect(result).toEqual({ status: 'returned', content: 'ok', artifacts: [] });
    });

    test('4.2 content not a list: the raw result is saved as one .json artifact and given to the model', async () => {
      const store = memoryStore();
      const raw = { content: 'not a list', isError: false };
      const result = await processToolResponse(mcp(raw), contextOf(store));
      const json = JSON.stringify(raw);
      expect(store.drafts).toEqual([
        {
          name: 'tool_raw.json',
          mimeType: 'application/json',
          bytes: Buffer.from(json),
          kind: 'raw',
          metadata: { error: 'its content is not a list (got string)' },
          userOnly: false,
        },
      ]);
      expect(result).toEqual({
        status: 'saved',
        content: [
          json,
          '',
          '[The result could not be processed (its content is not a list (got string)); it is given and saved as its raw JSON.]',
          '',
          listed(line('tool_raw.json', 1, 'application/json', json.length)),
        ].join('\n'),
        artifacts: [expect.objectContaining({ name: 'tool_raw.json', version: 1 })],
        error: 'its content is not a list (got string)',
      });
    });

    test('4.2 a large raw result is truncated, and read on from the raw artifact', async () => {
      const store = memoryStore();
      const raw = { content: { text: prose(6000) } };
      const result = await processToolResponse(mcp(raw), contextOf(store));
      expect(result.truncated).toEqual({
        shownBytes: 4096,
        totalBytes: JSON.stringify(raw).length,
      });
      expect(result.content.startsWith(JSON.stringify(raw).slice(0, 4096))).toBe(true);
      expect(result.content).toContain(
        'load_artifact {"name":"tool_raw.json","version":1,"offset":4096}',
      );
    });

    test('4.2 a raw result that is not an object falls back the same way', async () => {
      const store = memoryStore();
      const result = await processToolResponse(mcp('plain text'), contextOf(store, {}, 'echo'));
      expect(store.drafts.map(({ name, bytes }) => [name, bytes.toString()])).toEqual([
        ['echo_raw.json', '"plain text"'],
      ]);
      expect(result.status).toBe('saved');
      expect(result.error).toBe('the result is not an object (got string)');
    });

    test('4.3 a malformed item is skipped, the others saved: partial_success', async () => {
      const store = memoryStore();
      const result = await processToolResponse(
        mcp({
          content: [
            text('Two images follow'),
            { type: 'image', data: 'iVBOR*w0KGgo=', mimeType: 'image/png' },
            image(PNG),
          ],
        }),
        contextOf(store),
      );
      expect(store.drafts.map(({ name, mimeType }) => [name, mimeType])).toEqual([
        ['tool_result_0.txt', 'text/plain'],
        ['tool_result_2.png', 'image/png'],
      ]);
      const reason = 'the image data is not valid base64: character "*" at offset 5 is not base64';
      expect(result.status).toBe('partial_success');
      expect(result.skipped).toEqual([{ index: 1, reason }]);
      expect(result.content).toBe(
        partialContent(
          'Two images follow',
          { index: 1, reason },
          listed(
            line('tool_result_0.txt', 1, 'text/plain', 17),
            line('tool_result_2.png', 1, 'image/png', PNG.length),
          ),
        ),
      );
    });

    test.each([
      ['a text without text', { type: 'text' }, 'the text item has no text string'],
      [
        'an image with empty data',
        { type: 'image', data: '', mimeType: 'image/png' },
        'the image data is empty',
      ],
    ])(
      '4.3 every item malformed (%s): a processing error, saved raw',
      async (_name, item, reason) => {
        const store = memoryStore();
        const result = await processToolResponse(mcp({ content: [item] }), contextOf(store));
        expect(store.drafts.map((draft) => draft.name)).toEqual(['tool_raw.json']);
        expect(result.status).toBe('saved');
        expect(result.error).toBe('every content item is malformed');
        expect(result.skipped).toEqual([{ index: 0, reason }]);
        expect(result.content).toContain(`- item 0: ${reason}`);
      },
    );

    test.each([
      ['image', image(PNG), 'tool_result_1.png', 'image/png', PNG.length],
      ['audio', audio(MP3, 'audio/mpeg'), 'tool_result_1.mp3', 'audio/mpeg', MP3.length],
    ])(
      '4.3 an %s with empty data is malformed: skipped beside the good items, partial_success',
      async (type, good, name, mimeType, size) => {
        const store = memoryStore();
        const result = await processToolResponse(
          mcp({ content: [{ type, data: '', mimeType }, good, text('Done')] }),
          contextOf(store),
        );
        const reason = `the ${type} data is empty`;
        expect(store.drafts.map((draft) => draft.name)).toEqual([name, 'tool_result_2.txt']);
        expect(result.status).toBe('partial_success');
        expect(result.skipped).toEqual([{ index: 0, reason }]);
        expect(result.content).toBe(
          partialContent(
            'Done',
            { index: 0, reason },
            listed(line(name, 1, mimeType, size), line('tool_result_2.txt', 1, 'text/plain', 4)),
          ),
        );
      },
    );

    test('4.4 no fallback on error: nothing saved, the model gets an error naming the problem', async () => {
      const store = memoryStore();
      const result = await processToolResponse(
        mcp({ content: { type: 'text', text: 'x' } }),
        contextOf(store, { fallbackToRawOnError: false }, 'weather'),
      );
      expect(store.save).not.toHaveBeenCalled();
      expect(result).toEqual({
        status: 'failed',
        content:
          'Error: the result of tool "weather" could not be processed: its content is not a list (got object). Nothing was saved.',
        artifacts: [],
        error: 'its content is not a list (got object)',
      });
    });

    test('4.4 no fallback and every item malformed: the error lists them', async () => {
      const store = memoryStore();
      const result = await processToolResponse(
        mcp({ content: [{ type: 'video' }] }),
        contextOf(store, { fallbackToRawOnError: false }),
      );
      expect(result.status).toBe('failed');
      expect(result.skipped).toEqual([{ index: 0, reason: 'unknown content type "video"' }]);
      expect(result.content).toContain('- item 0: unknown content type "video"');
      expect(store.save).not.toHaveBeenCalled();
    });

    test('a raw fallback that fails to save reports both problems', async () => {
      const store = memoryStore(() => true);
      const result = await processToolResponse(mcp({ content: 1 }), contextOf(store));
      expect(result.status).toBe('save_failed');
      expect(result.error).toBe(
        'its content is not a list (got number); saving artifact "tool_raw.json" failed: disk full',
      );
      expect(result.content).not.toContain('load_artifact {"name"');
    });

    test('a value JSON cannot hold fails without throwing', async () => {
      const store = memoryStore();
      const result = await processToolResponse({ id: 1n }, contextOf(store));
      expect(result).toEqual({
        status: 'failed',
        content: expect.stringContaining('could not be processed: the result could not be read:'),
        artifacts: [],
        error: expect.stringMatching(/^the result could not be read: .*BigInt/),
      });
      expect(store.save).not.toHaveBeenCalled();
    });
  });

  describe('5. several items', () => {
    test('5.1 text and an image: two artifacts, each typed', async () => {
      const store = memoryStore();
      const result = await processToolResponse(
        mcp({ content: [text('Here is the chart'), image(PNG)] }),
        contextOf(store, {}, 'chart'),
      );
      expect(
        store.drafts.map(({ name, mimeType, kind, itemIndex }) => ({
          name,
          mimeType,
          kind,
          itemIndex,
        })),
      ).toEqual([
        { name: 'chart_result_0.txt', mimeType: 'text/plain', kind: 'text', itemIndex: 0 },
        { name: 'chart_result_1.png', mimeType: 'image/png', kind: 'image', itemIndex: 1 },
      ]);
      expect(result.status).toBe('saved');
      expect(result.content).toBe(
        [
          'Here is the chart',
          '',
          LIST_TITLE,
          '- "chart_result_0.txt" version 1, text/plain, 17 bytes',
          `- "chart_result_1.png" version 1, image/png, ${PNG.length} bytes`,
        ].join('\n'),
      );
      expect(result.artifacts).toHaveLength(2);
    });

    test('5.2 polled again, a tool saves under the same names: the model reads the new version', async () => {
      const store = memoryStore();
      const context = contextOf(store, { saveThresholdBytes: 10 }, 'status');
      const first = await processToolResponse('{"state":"running","progress":10}', context);
      const second = await processToolResponse('{"state":"done","progress":100}', context);
      expect(store.drafts.map((draft) => draft.name)).toEqual([
        'status_result.json',
        'status_result.json',
      ]);
      expect(first.content).toContain(line('status_result.json', 1, 'application/json', 33));
      expect(second.content).toContain(line('status_result.json', 2, 'application/json', 31));
      expect(second.artifacts).toEqual([
        {
          id: 'status_result.json@2',
          name: 'status_result.json',
          version: 2,
          mime_type: 'application/json',
          size_bytes: 31,
        },
      ]);
    });

    test('5.3 a JSON text and a CSV text: two distinct, typed text artifacts', async () => {
      const csv = 'a,b\n1,2\n3,4';
      const drafts = await savedDrafts(mcp({ content: [text('{"a":[1,3]}'), text(csv)] }));
      expect(drafts.map(({ name, mimeType, bytes }) => [name, mimeType, bytes.toString()])).toEqual(
        [
          ['tool_result_0.json', 'application/json', '{"a":[1,3]}'],
          ['tool_result_1.csv', 'text/csv', csv],
        ],
      );
    });

    test('5.3 the model reads several texts joined by line breaks', async () => {
      const store = memoryStore();
      const result = await processToolResponse(
        mcp({ content: [text('first'), text('second')] }),
        contextOf(store),
      );
      expect(result).toEqual({ status: 'returned', content: 'first\nsecond', artifacts: [] });
    });
  });

  describe('structured content, audiences and errors', () => {
    test('structured content is saved as <tool>_structured.json when no text repeats it', async () => {
      const drafts = await savedDrafts(
        mcp({ content: [text('21 °C and sunny')], structuredContent: { temp: 21, sky: 'sunny' } }),
        'weather',
      );
      expect(drafts.map(({ name, kind, bytes }) => [name, kind, bytes.toString()])).toEqual([
        ['weather_result.txt', 'text', '21 °C and sunny'],
        ['weather_structured.json', 'structured', '{"temp":21,"sky":"sunny"}'],
      ]);
    });

    test('structured content repeated by a text item is saved once, as the text', async () => {
      const drafts = await savedDrafts(
        mcp({
          content: [text('{"sky":"sunny","temp":21}')],
          structuredContent: { temp: 21, sky: 'sunny' },
        }),
      );
      expect(drafts.map((draft) => draft.name)).toEqual(['tool_result.json']);
    });

    test('a plain object is one JSON artifact, its JSON what the model reads', async () => {
      const store = memoryStore();
      const value = { items: Array.from({ length: 600 }, (_, i) => i) };
      const result = await processToolResponse(value, contextOf(store));
      expect(store.drafts.map(({ name, bytes }) => [name, bytes.toString()])).toEqual([
        ['tool_result.json', JSON.stringify(value)],
      ]);
      expect(result.content.startsWith(`${JSON.stringify(value)}\n\n`)).toBe(true);
    });

    test('a result with only structured content gives the model its JSON', async () => {
      const store = memoryStore();
      const result = await processToolResponse(
        mcp({ content: [], structuredContent: { ok: true } }),
        contextOf(store),
      );
      expect(result).toEqual({ status: 'returned', content: '{"ok":true}', artifacts: [] });
    });

    test('user-only items are saved and never shown or listed to the model', async () => {
      const store = memoryStore();
      const secret = 'Shown to the user only';
      const result = await processToolResponse(
        mcp({
          content: [
            text('For the model'),
            text(secret, { annotations: { audience: ['user'] } }),
            { ...image(PNG), annotations: { audience: ['user'] } },
          ],
        }),
        contextOf(store),
      );
      expect(store.drafts.map(({ name, userOnly }) => [name, userOnly])).toEqual([
        ['tool_result_0.txt', false],
        ['tool_result_1.txt', true],
        ['tool_result_2.png', true],
      ]);
      expect(result.artifacts).toHaveLength(3);
      expect(result.content).toBe(
        `For the model\n\n${listed(line('tool_result_0.txt', 1, 'text/plain', 13))}`,
      );
    });

    test('a user-only piece that fails to save is not mentioned to the model', async () => {
      const store = memoryStore((draft) => draft.userOnly);
      const result = await processToolResponse(
        mcp({
          content: [text('visible'), text('hidden', { annotations: { audience: ['user'] } })],
        }),
        contextOf(store),
      );
      expect(result.status).toBe('save_failed');
      expect(result.error).toContain('tool_result_1.txt');
      expect(result.content).not.toContain('tool_result_1.txt');
      expect(result.content).not.toContain('hidden');
    });

    test('an isError result is processed the same way', async () => {
      const store = memoryStore();
      const result = await processToolResponse(
        mcp({ content: [text('Error: the database is unreachable')], isError: true }),
        contextOf(store, { saveThresholdBytes: 0 }),
      );
      expect(result.status).toBe('saved');
      expect(result.content.startsWith('Error: the database is unreachable\n\n')).toBe(true);
      expect(store.drafts[0]).toMatchObject({ name: 'tool_result.txt', mimeType: 'text/plain' });
    });

    test('a malformed item in a small result is reported, nothing saved', async () => {
      const store = memoryStore();
      const result = await processToolResponse(
        mcp({ content: [text('ok'), { type: 'resource', resource: {} }] }),
        contextOf(store),
      );
      expect(result).toEqual({
        status: 'partial_success',
        content:
          'ok\n\nStatus: partial_success\nSkipped malformed content items:\n- item 1: the resource has no uri',
        artifacts: [],
        skipped: [{ index: 1, reason: 'the resource has no uri' }],
      });
    });

    test('the tool name part of artifact names is sanitised', async () => {
      const drafts = await savedDrafts('x', '../fs/read\u0000file');
      expect(drafts.map((draft) => draft.name)).toEqual(['_fs_read_file_result.txt']);
    });
  });
});
