/**
 * Tool response handling, case by case: a run's agent (the real Anthropic SDK against the local
 * wire-format server) calls a tool on a real MCP server that answers with the case's content; the
 * test reads the artifacts stored, their bytes, types and metadata, and what the model was sent
 * next.
 *
 * The model is scripted on the wire-format server rather than by the `scripted` provider, which
 * runs inside toolhub and cannot show the request a real provider is sent; the OpenAI SDK's side
 * of the same processing is in runtime-providers.e2e-spec.ts.
 */
import {
  type ArtifactRuns,
  type CaseRun,
  type StoredArtifact,
  type ToolCallRun,
  expectNoBase64,
  readOnCall,
  useArtifactServers,
} from './support/artifact-runs';
import { JPEG, PNG, forUserOnly, image, prose, text } from './support/content-mcp-server';
import { runtimeUser } from './support/runtime-client';

const MP3 = Buffer.concat([
  Buffer.from('ID3'),
  Buffer.from([4, 0, 0, 0, 0, 0, 0]),
  Buffer.alloc(32, 1),
]);
const WAV = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([36, 0, 0, 0]),
  Buffer.from('WAVEfmt '),
  Buffer.alloc(24, 2),
]);

/** The prose that a loose detector takes for YAML, CSV or Markdown. */
const PROSE_LINES = [
  'Error: the database is unreachable',
  'Hello, world\nSecond line, here',
  '3 * 4 = 12',
  'Note: call me later',
];
/** CSV whose fields hold `\` then `n` (two characters, no line break), quoted and not. */
const CSV_BACKSLASH_N = [
  'id,path,note',
  '1,C:\\new\\notes.txt,first\\nsecond',
  '2,/srv/data,"quoted \\n, kept"',
  '3,/tmp,plain',
].join('\n');
const CSV = [
  'date,region,revenue',
  ...Array.from(
    { length: 150 },
    (_, i) => `2026-01-${String((i % 28) + 1).padStart(2, '0')},north,${1000 + i}`,
  ),
].join('\n');
const JSON_TEXT = JSON.stringify({
  report: 'sales',
  rows: Array.from({ length: 120 }, (_, i) => ({ id: i, total: i * 10 })),
});
const YAML = Array.from({ length: 120 }, (_, i) => `key_${i}: value number ${i}`).join('\n');
const MARKDOWN = `# Quarterly report\n\n${Array.from({ length: 100 }, (_, i) => `- item ${i}: the figure rose`).join('\n')}\n\n## Summary\n\nSee [the data](https://example.com/data).`;

const BASE64_PNG = PNG.toString('base64');
/** The PNG's base64 without its `=` padding, as encoders that drop it write. */
const UNPADDED_PNG = BASE64_PNG.replace(/=+$/, '');
/** The PNG's base64 with a `!` in it: not base64 at all. */
const INVALID_PNG = `${BASE64_PNG.slice(0, 8)}!${BASE64_PNG.slice(8)}`;

/** URIs of resources whose required `text` is empty: a server that has only the URI. */
const PDF_URI = 'https://files.example.com/reports/2026/quarterly-summary.pdf';
const CLIMBING_URI = 'file:///srv/exports/..%2F..%2Fetc%2Fpasswd';
const LONG_URI = `https://files.example.com/${'n'.repeat(500)}.pdf`;
const uriOnly = (uri: string, mimeType?: string) => ({
  type: 'resource',
  resource: { uri, ...(mimeType && { mimeType }), text: '' },
});

const CASES: Record<string, unknown> = {
  small: { content: [text('All systems nominal.')] },
  prose3k: { content: [text(prose(3000))] },
  prose10k: { content: [text(prose(10_000))] },
  prose6k: { content: [text(prose(6000))] },
  tinyPng: { content: [image(PNG, 'image/png')] },
  json: { content: [text(JSON_TEXT)] },
  csv: { content: [text(CSV)] },
  yaml: { content: [text(YAML)] },
  markdown: { content: [text(MARKDOWN)] },
  jpeg: { content: [image(JPEG, 'image/jpeg')] },
  mp3: { content: [{ type: 'audio', data: MP3.toString('base64'), mimeType: 'audio/mpeg' }] },
  wav: { content: [{ type: 'audio', data: WAV.toString('base64'), mimeType: 'audio/wav' }] },
  uriOnly: { content: [{ type: 'resource', resource: { uri: 'file:///reports/q3/summary.pdf' } }] },
  uriOnlyEmptyText: { content: [uriOnly(PDF_URI, 'application/pdf')] },
  uriOnlyUnsafeNames: { content: [uriOnly(CLIMBING_URI), uriOnly(LONG_URI)] },
  resourceText: {
    content: [
      {
        type: 'resource',
        resource: {
          uri: 'file:///notes/meeting.md',
          mimeType: 'text/markdown',
          text: '# Notes\n\nAll good.',
        },
      },
    ],
  },
  resourceBlob: {
    content: [
      {
        type: 'resource',
        resource: {
          uri: 'https://cdn.example.com/img/../logo.png',
          mimeType: 'image/png',
          blob: PNG.toString('base64'),
        },
      },
    ],
  },
  notAList: { content: 'this is not a list', note: 'a server that ignores the schema' },
  oneMalformed: {
    content: [
      text(prose(100)),
      image(PNG, 'image/png'),
      { type: 'image', data: '!!not base64!!', mimeType: 'image/png' },
      image(JPEG, 'image/jpeg'),
    ],
  },
  textAndImage: { content: [text('A chart of the figures:'), image(PNG, 'image/png')] },
  jsonAndCsv: { content: [text(JSON_TEXT), text(CSV)] },
  userOnly: {
    content: [
      text('For the model.'),
      forUserOnly(text('For the user only: the secret dashboard link.')),
      image(PNG, 'image/png'),
    ],
  },
  ...Object.fromEntries(PROSE_LINES.map((line, i) => [`proseLine${i}`, { content: [text(line)] }])),
  csvBackslashN: { content: [text(CSV_BACKSLASH_N)] },
  jpegDeclaredPng: { content: [image(JPEG, 'image/png')] },
  unpaddedPng: { content: [{ type: 'image', data: UNPADDED_PNG, mimeType: 'image/png' }] },
  imageA: { content: [image(PNG, 'image/png')] },
  // Other bytes of the same type, so the same artifact name.
  imageB: { content: [image(Buffer.concat([PNG, Buffer.from('trailer')]), 'image/png')] },
  errorReport: { isError: true, content: [text(`Error: ${prose(6000)}`), image(PNG, 'image/png')] },
  invalidBase64: {
    content: [
      text('Two charts:'),
      { type: 'image', data: INVALID_PNG, mimeType: 'image/png' },
      image(PNG, 'image/png'),
    ],
  },
  emptyImage: {
    content: [text('The chart:'), { type: 'image', data: '', mimeType: 'image/png' }],
  },
};

const { anthropic, describeWithApp } = useArtifactServers(CASES);

/** The one artifact of a run, checked to be the only one. */
function only(run: CaseRun) {
  expect(run.artifacts).toHaveLength(1);
  return run.artifacts[0];
}

/** The artifact of a run with that name. */
function named(run: CaseRun, name: string): StoredArtifact {
  const artifact = run.artifacts.find((candidate) => candidate.name === name);
  if (!artifact) {
    throw new Error(`no artifact ${name} in ${run.artifacts.map((a) => a.name).join(', ')}`);
  }
  return artifact;
}

/**
 * The run's one artifact is a decoded binary: named and typed as its bytes were detected, the
 * declared type recorded beside them, the bytes exact, listed to the model, and its base64
 * nowhere in what the model was sent.
 */
async function expectBinaryArtifact(
  run: CaseRun,
  runs: ArtifactRuns,
  expected: { name: string; mimeType: string; declared: string; bytes: Buffer },
): Promise<StoredArtifact> {
  const artifact = only(run);
  expect(artifact).toMatchObject({ name: expected.name, latest: { mime_type: expected.mimeType } });
  expect(artifact.latest.metadata).toMatchObject({
    declared_type: expected.declared,
    detected_type: expected.mimeType,
    type_mismatch: expected.declared !== expected.mimeType,
  });
  expect(await runs.bytesOf(artifact)).toEqual(expected.bytes);
  expectListed(run.modelText, artifact);
  expectNoBase64(run, expected.bytes);
  return artifact;
}

/**
 * The model was told of `artifact` (its name, version, type and size) on one line of `modelText`,
 * its figures as the artifacts API gives them.
 */
function expectListed(modelText: string, artifact: StoredArtifact): void {
  const { version, mime_type, size_bytes } = artifact.latest;
  expectLineWith(modelText, [
    artifact.name,
    `version ${version}`,
    mime_type,
    `${size_bytes} bytes`,
  ]);
}

/**
 * The model was told, as the event records them, that the status is `partial_success` and that
 * item `index` was skipped, and why.
 */
function expectPartialSuccessTold(run: ToolCallRun, index: number): void {
  const { status, skipped } = run.toolResult.processing as {
    status: string;
    skipped: { index: number; reason: string }[];
  };
  expect(status).toBe('partial_success');
  expect(run.modelText.split('\n')).toContain('Status: partial_success');
  const item = skipped.find((candidate) => candidate.index === index);
  expect(item).toBeDefined();
  expectLineWith(run.modelText, [`item ${index}`, item?.reason ?? '']);
}

/** Some line of `modelText` holds every one of `facts`, each as a whole word or figure. */
function expectLineWith(modelText: string, facts: string[]): void {
  const all = facts.map((fact) => `(?=.*(?<![\\w.])${escaped(fact)}(?!\\w))`).join('');
  expect(modelText.split('\n')).toContainEqual(expect.stringMatching(new RegExp(all)));
}

function escaped(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

describeWithApp(
  'Seed 004 with the default settings (save > 2048 B, return ≤ 4096 B)',
  {},
  (runs, user, appOf) => {
    test('1.1 a small text result is not saved and reaches the model in full', async () => {
      const run = await runs().run('small');
      expect(run.artifacts).toEqual([]);
      expect(run.modelText).toBe('All systems nominal.');
      expect(run.toolResult).toMatchObject({ success: true, result: 'All systems nominal.' });
      expect(run.toolResult.artifacts).toBeUndefined();
    });

    test('1.2 above the save threshold, within the return limit: saved and returned in full', async () => {
      const run = await runs().run('prose3k');
      const artifact = only(run);
      expect(artifact).toMatchObject({
        name: 'produce_result.txt',
        latest: { mime_type: 'text/plain', size_bytes: 3000 },
      });
      expect((await runs().bytesOf(artifact)).toString('utf8')).toBe(prose(3000));
      expect(run.modelText.startsWith(prose(3000))).toBe(true);
      expect(run.toolResult.processing).not.toHaveProperty('truncated');
      expectListed(run.modelText, artifact);
      expect(run.toolResult.artifacts).toEqual([
        {
          id: artifact.id,
          name: 'produce_result.txt',
          version: 0,
          mime_type: 'text/plain',
          size_bytes: 3000,
        },
      ]);
    });

    test('1.3 above both: saved, and the model gets a truncated text marked partial', async () => {
      const run = await runs().run('prose10k');
      const artifact = only(run);
      expect(artifact.latest.size_bytes).toBe(10_000);
      expect((await runs().bytesOf(artifact)).toString('utf8')).toBe(prose(10_000));
      expect(run.modelText.startsWith(prose(4096))).toBe(true);
      expect(run.modelText).not.toContain(prose(4097));
      expect(run.modelText).toContain('4096');
      expect(run.modelText).toContain('10000');
      expect(readOnCall(run.modelText)).toMatchObject({ name: artifact.name, offset: 4096 });
      expectListed(run.modelText, artifact);
      expect(run.toolResult.result).toBeNull();
      expect(run.toolResult.processing).toMatchObject({
        status: 'saved',
        truncated: { shownBytes: 4096, totalBytes: 10_000 },
      });
    });

    test('1.4 a non-text item is saved even when tiny; the model gets no base64', async () => {
      const run = await runs().run('tinyPng');
      const artifact = only(run);
      expect(artifact.latest).toMatchObject({
        mime_type: 'image/png',
        size_bytes: PNG.length,
        kind: 'image',
      });
      expect(artifact.name.endsWith('.png')).toBe(true);
      expect(await runs().bytesOf(artifact)).toEqual(PNG);
      expectNoBase64(run, PNG);
      expectListed(run.modelText, artifact);
      // Nor is the base64 repeated in the event: the artifact holds the bytes.
      expect(run.toolResult).toMatchObject({ success: true, result: null });
      expect(JSON.stringify(run.frames)).not.toContain(PNG.toString('base64'));
    });

    test("an mcp tool's error result is processed too: saved, cut, and read by the model as an error", async () => {
      const run = await runs().run('errorReport');
      expect(run.toolResult).toMatchObject({
        success: false,
        result: null,
        code: 'TOOL_EXECUTION_FAILED',
        processing: { status: 'saved' },
      });
      expect(run.modelIsError).toBe(true);
      const [report, chart] = ['.txt', '.png'].map((extension) =>
        run.artifacts.find((artifact) => artifact.name.endsWith(extension))!,
      );
      expect((await runs().bytesOf(report)).toString('utf8')).toBe(
        (CASES.errorReport as { content: { text?: string }[] }).content[0].text,
      );
      expect(await runs().bytesOf(chart)).toEqual(PNG);
      // More than the message's excerpt: the report's first 4 KB, then where the rest is.
      expect(run.modelText).toContain(`Error: ${prose(4000).slice(0, 3000)}`);
      expect(run.modelText).toContain('[Partial result: the first');
      expectListed(run.modelText, report);
      expectListed(run.modelText, chart);
      expectNoBase64(run, PNG);
    });

    test('2.1.1 plain text is saved as .txt text/plain', async () => {
      const run = await runs().run('prose3k');
      const artifact = only(run);
      expect(artifact).toMatchObject({
        name: 'produce_result.txt',
        latest: { mime_type: 'text/plain' },
      });
      expect(run.modelText.startsWith(prose(3000))).toBe(true);
      expectListed(run.modelText, artifact);
    });

    test('2.1.2 JSON text is saved as .json with a structure summary, bytes unchanged', async () => {
      const run = await runs().run('json');
      const artifact = only(run);
      expect(artifact).toMatchObject({
        name: 'produce_result.json',
        latest: { mime_type: 'application/json' },
      });
      expect(artifact.latest.metadata.json).toMatchObject({
        type: 'object',
        keys: ['report', 'rows'],
      });
      expect((await runs().bytesOf(artifact)).toString('utf8')).toBe(JSON_TEXT);
      expect(run.modelText.startsWith(JSON_TEXT)).toBe(true);
      expectListed(run.modelText, artifact);
    });

    test('2.1.3 CSV text is saved as .csv with rows, columns and headers', async () => {
      const run = await runs().run('csv');
      const artifact = only(run);
      expect(artifact).toMatchObject({
        name: 'produce_result.csv',
        latest: { mime_type: 'text/csv' },
      });
      expect(artifact.latest.metadata.csv).toMatchObject({
        rows: 150,
        columns: 3,
        headers: ['date', 'region', 'revenue'],
      });
      expect((await runs().bytesOf(artifact)).toString('utf8')).toBe(CSV);
      expect(run.modelText.startsWith(CSV)).toBe(true);
      expectListed(run.modelText, artifact);
    });

    test('2.1.4 YAML text is saved as .yaml application/x-yaml', async () => {
      const run = await runs().run('yaml');
      const artifact = only(run);
      expect(artifact).toMatchObject({
        name: 'produce_result.yaml',
        latest: { mime_type: 'application/x-yaml' },
      });
      expect((await runs().bytesOf(artifact)).toString('utf8')).toBe(YAML);
      expect(run.modelText.startsWith(YAML)).toBe(true);
      expectListed(run.modelText, artifact);
    });

    test('2.1.5 Markdown text is saved as .md text/markdown', async () => {
      const run = await runs().run('markdown');
      const artifact = only(run);
      expect(artifact).toMatchObject({
        name: 'produce_result.md',
        latest: { mime_type: 'text/markdown' },
      });
      expect((await runs().bytesOf(artifact)).toString('utf8')).toBe(MARKDOWN);
      expect(run.modelText.startsWith(MARKDOWN)).toBe(true);
      expectListed(run.modelText, artifact);
    });

    test('2.2.1 a base64 PNG is decoded and saved as .png image/png', async () => {
      const run = await runs().run('tinyPng');
      await expectBinaryArtifact(run, runs(), {
        name: 'produce_result.png',
        mimeType: 'image/png',
        declared: 'image/png',
        bytes: PNG,
      });
    });

    test('2.2.2 a base64 JPEG is decoded and saved as .jpg image/jpeg', async () => {
      const run = await runs().run('jpeg');
      await expectBinaryArtifact(run, runs(), {
        name: 'produce_result.jpg',
        mimeType: 'image/jpeg',
        declared: 'image/jpeg',
        bytes: JPEG,
      });
    });

    test('2.3.1 base64 MP3 audio is decoded and saved as .mp3 audio/mpeg', async () => {
      const run = await runs().run('mp3');
      const artifact = await expectBinaryArtifact(run, runs(), {
        name: 'produce_result.mp3',
        mimeType: 'audio/mpeg',
        declared: 'audio/mpeg',
        bytes: MP3,
      });
      expect(artifact.latest.kind).toBe('audio');
    });

    test('2.3.2 base64 WAV audio is decoded and saved as .wav audio/wav', async () => {
      const run = await runs().run('wav');
      await expectBinaryArtifact(run, runs(), {
        name: 'produce_result.wav',
        mimeType: 'audio/wav',
        declared: 'audio/wav',
        bytes: WAV,
      });
    });

    test('2.4.1 a resource with only a URI: a placeholder holding the URI, named from it', async () => {
      const run = await runs().run('uriOnly');
      const artifact = only(run);
      expect(artifact.name).toBe('summary.pdf');
      expect(artifact.latest.metadata).toMatchObject({ uri: 'file:///reports/q3/summary.pdf' });
      expect((await runs().bytesOf(artifact)).toString('utf8')).toContain(
        'file:///reports/q3/summary.pdf',
      );
      expectListed(run.modelText, artifact);
    });

    test('2.4.1 a resource whose required text is empty: the same placeholder, never an empty file', async () => {
      const run = await runs().run('uriOnlyEmptyText');
      const artifact = only(run);
      expect(artifact).toMatchObject({
        name: 'quarterly-summary.pdf',
        latest: {
          mime_type: 'text/uri-list',
          size_bytes: Buffer.byteLength(PDF_URI),
          metadata: { uri: PDF_URI, declared_type: 'application/pdf' },
        },
      });
      expect((await runs().bytesOf(artifact)).toString('utf8')).toBe(PDF_URI);
      expectListed(run.modelText, artifact);
    });

    test('2.4.1 empty-text resources whose URIs climb out or run long get safe, bounded names', async () => {
      const run = await runs().run('uriOnlyUnsafeNames');
      const names = ['_._etc_passwd', `${'n'.repeat(96)}.pdf`];
      expect(run.artifacts.map((artifact) => artifact.name).sort()).toEqual(names);
      for (const [name, uri] of [
        [names[0], CLIMBING_URI],
        [names[1], LONG_URI],
      ]) {
        const artifact = named(run, name);
        expect(artifact.latest.mime_type).toBe('text/uri-list');
        expect((await runs().bytesOf(artifact)).toString('utf8')).toBe(uri);
        expectListed(run.modelText, artifact);
      }
    });

    test('2.4.2 a resource with embedded text: that text, its MIME type, the name from the URI', async () => {
      const run = await runs().run('resourceText');
      const artifact = only(run);
      expect(artifact).toMatchObject({
        name: 'meeting.md',
        latest: { mime_type: 'text/markdown', metadata: { uri: 'file:///notes/meeting.md' } },
      });
      expect((await runs().bytesOf(artifact)).toString('utf8')).toBe('# Notes\n\nAll good.');
      expectListed(run.modelText, artifact);
    });

    test('2.4.3 a resource with a base64 blob: the decoded bytes, a name without ".." or "/"', async () => {
      const run = await runs().run('resourceBlob');
      const artifact = only(run);
      expect(artifact.name).toBe('logo.png');
      expect(artifact.latest).toMatchObject({
        mime_type: 'image/png',
        metadata: {
          uri: 'https://cdn.example.com/img/../logo.png',
          declared_type: 'image/png',
          detected_type: 'image/png',
        },
      });
      expect(await runs().bytesOf(artifact)).toEqual(PNG);
      expectListed(run.modelText, artifact);
      expectNoBase64(run, PNG);
    });

    test('4.2 content that is not a list falls back to one raw .json artifact', async () => {
      const run = await runs().run('notAList');
      const artifact = only(run);
      expect(artifact).toMatchObject({
        name: 'produce_raw.json',
        latest: { mime_type: 'application/json', kind: 'raw' },
      });
      expect(JSON.parse((await runs().bytesOf(artifact)).toString('utf8'))).toEqual(CASES.notAList);
      expect(run.modelText).toContain('this is not a list');
      expect(run.modelIsError).toBe(false);
      expectListed(run.modelText, artifact);
    });

    test('4.3 a malformed item is skipped, the others saved: the model is told partial_success, the item and why', async () => {
      const run = await runs().run('oneMalformed');
      expect(
        run.artifacts.map((artifact) => [artifact.name, artifact.latest.mime_type]).sort(),
      ).toEqual([
        ['produce_result_0.txt', 'text/plain'],
        ['produce_result_1.png', 'image/png'],
        ['produce_result_3.jpg', 'image/jpeg'],
      ]);
      expect(await runs().bytesOf(named(run, 'produce_result_1.png'))).toEqual(PNG);
      expect(await runs().bytesOf(named(run, 'produce_result_3.jpg'))).toEqual(JPEG);
      expect(run.toolResult.processing).toMatchObject({
        status: 'partial_success',
        skipped: [{ index: 2, reason: expect.stringMatching(/base64/i) as unknown }],
      });
      expectPartialSuccessTold(run, 2);
      for (const artifact of run.artifacts) expectListed(run.modelText, artifact);
      expectNoBase64(run, PNG, JPEG);
    });

    test('5.1 text and an image in one response: two artifacts, each typed', async () => {
      const run = await runs().run('textAndImage');
      expect(
        run.artifacts.map((artifact) => [artifact.name, artifact.latest.mime_type]).sort(),
      ).toEqual([
        ['produce_result_0.txt', 'text/plain'],
        ['produce_result_1.png', 'image/png'],
      ]);
      const caption = named(run, 'produce_result_0.txt');
      expect((await runs().bytesOf(caption)).toString('utf8')).toBe('A chart of the figures:');
      expect(await runs().bytesOf(named(run, 'produce_result_1.png'))).toEqual(PNG);
      expect(run.modelText.startsWith('A chart of the figures:')).toBe(true);
      for (const artifact of run.artifacts) expectListed(run.modelText, artifact);
      expectNoBase64(run, PNG);
    });

    test('5.2 an artifact of one turn is listed to the model next turn and read with load_artifact', async () => {
      const first = await runs().run('csv');
      const [artifact] = first.artifacts;
      const before = anthropic().requests.length;
      anthropic().push(
        {
          toolCalls: [
            { id: 'toolu_load', name: 'load_artifact', input: { name: artifact.name, limit: 100 } },
          ],
        },
        { text: 'The first rows are dated 2026-01-01.' },
      );
      const stream = await user().stream(first.sessionId, { content: 'What is in the report?' });
      const frames = await stream.ended;
      expect(frames[frames.length - 1].data).toMatchObject({ type: 'complete', reason: 'success' });

      const request = anthropic().requests[before].body as {
        system: string;
        tools: { name: string }[];
      };
      expect(request.system).toContain(artifact.name);
      expect(request.system).toContain('version 0');
      expect(request.system).toContain('text/csv');
      expect(request.system).toContain(String(artifact.latest.size_bytes));
      expect(request.tools.map((tool) => tool.name)).toContain('load_artifact');

      const loaded = frames.find((frame) => frame.event === 'tool_result')?.data as {
        result: { content: string; next_offset: number };
      };
      expect(loaded.result.content).toBe(CSV.slice(0, 100));
      expect(loaded.result.next_offset).toBe(100);
      const next = anthropic().requests[before + 1].body as { messages: { content: unknown }[] };
      expect(JSON.stringify(next.messages[next.messages.length - 1].content)).toContain(
        'date,region,revenue',
      );
    });

    test('5.3 a JSON and a CSV text in one response: two distinct typed text artifacts', async () => {
      const run = await runs().run('jsonAndCsv');
      const types = run.artifacts.map((artifact) => [artifact.name, artifact.latest.mime_type]);
      expect(types.sort()).toEqual([
        ['produce_result_0.json', 'application/json'],
        ['produce_result_1.csv', 'text/csv'],
      ]);
      const json = named(run, 'produce_result_0.json');
      const csv = named(run, 'produce_result_1.csv');
      expect((await runs().bytesOf(json)).toString('utf8')).toBe(JSON_TEXT);
      expect((await runs().bytesOf(csv)).toString('utf8')).toBe(CSV);
      expect(json.latest.metadata.json).toMatchObject({ type: 'object' });
      expect(csv.latest.metadata.csv).toMatchObject({ rows: 150, columns: 3 });
      // The two texts (about 6 KB) exceed the return limit: the model gets a marked part.
      const totalBytes = Buffer.byteLength(`${JSON_TEXT}\n${CSV}`);
      expect(run.toolResult.processing).toMatchObject({
        truncated: { shownBytes: 4096, totalBytes },
      });
      expect(run.modelText.startsWith(JSON_TEXT)).toBe(true);
      expect(run.modelText).toContain(String(totalBytes));
      expectListed(run.modelText, json);
      expectListed(run.modelText, csv);
    });

    test('items for the user only are saved and never shown or listed to the model', async () => {
      const run = await runs().run('userOnly');
      const userOnly = run.artifacts.filter((artifact) => artifact.latest.user_only);
      expect(userOnly).toHaveLength(1);
      expect(run.nextRequestJson).not.toContain('secret dashboard');
      expect(run.modelText).not.toContain(userOnly[0].name);
      const again = await runs().run('small', run.sessionId);
      expect(again.nextSystem).not.toContain(userOnly[0].name);
      // The history the next run sends (rebuilt from events) leaves it out too.
      expect(again.nextRequestJson).toContain('For the model.');
      expect(again.nextRequestJson).not.toContain('secret dashboard');
    });

    test('the same payload saved twice in a session keeps one version', async () => {
      const first = await runs().run('csv');
      const second = await runs().run('csv', first.sessionId);
      expect(second.artifacts).toHaveLength(1);
      expect(second.artifacts[0].latest.version).toBe(0);
      expect(second.toolResult.artifacts).toEqual(first.toolResult.artifacts);
    });

    test('A, B, then A again: three versions, so the newest is what the tool said last', async () => {
      const first = await runs().run('imageA');
      await runs().run('imageB', first.sessionId);
      const third = await runs().run('imageA', first.sessionId);
      const [artifact] = third.artifacts;
      expect(third.artifacts).toHaveLength(1);
      expect(artifact.latest.version).toBe(2);
      expect(await runs().bytesOf(artifact)).toEqual(PNG);
      expect(third.toolResult.artifacts).toEqual([
        expect.objectContaining({ name: artifact.name, version: 2 }),
      ]);
    });
    test('two concurrent saves of one name take versions 0 and 1', async () => {
      const sessionId = await runs().newSession();
      anthropic().push(
        {
          toolCalls: [
            { id: 'toolu_a', name: 'produce', input: { case: 'prose3k' } },
            { id: 'toolu_b', name: 'produce', input: { case: 'prose6k' } },
          ],
        },
        { text: 'Both done.' },
      );
      const frames = await (await user().stream(sessionId, { content: 'Both' })).ended;
      expect(frames[frames.length - 1].data).toMatchObject({ type: 'complete' });
      const [artifact] = await runs().artifactsOf(sessionId);
      const detail = await user().get(`/api/v1/artifacts/${artifact.id}`);
      expect(detail.status).toBe(200);
      const versions = (detail.body as { versions: { version: number; size_bytes: number }[] })
        .versions;
      expect(versions.map((version) => version.version)).toEqual([0, 1]);
      expect(versions.map((version) => version.size_bytes).sort()).toEqual([3000, 6000]);
    });

    test('artifacts are their owner’s: others get 404; downloads carry the type and a file name', async () => {
      const run = await runs().run('csv');
      const [artifact] = run.artifacts;
      const bob = await runtimeUser(appOf(), 'bob');
      for (const path of [
        `/api/v1/artifacts/${artifact.id}`,
        `/api/v1/artifacts/${artifact.id}/content`,
        `/api/v1/sessions/${run.sessionId}/artifacts`,
      ]) {
        const response = await bob.get(path);
        expect(response.status).toBe(404);
        expect(response.body.success).toBe(false);
      }
      const download = await user().get(`/api/v1/artifacts/${artifact.id}/content?version=0`);
      expect(download.status).toBe(200);
      expect(download.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(download.headers['content-disposition']).toContain('produce_result.csv');
      const missing = await user().get(`/api/v1/artifacts/${artifact.id}/content?version=5`);
      expect(missing.status).toBe(404);
      expect(missing.body.error.code).toBe('ARTIFACT_NOT_FOUND');
      const invalid = await user().get(`/api/v1/artifacts/${artifact.id}/content?version=-1`);
      expect(invalid.status).toBe(422);
      expect((await user().get('/api/v1/artifacts/not-a-uuid')).status).toBe(404);
    });

    test('deleting a session deletes its artifacts', async () => {
      const run = await runs().run('tinyPng');
      const [artifact] = run.artifacts;
      expect((await user().del(`/api/v1/sessions/${run.sessionId}`)).status).toBe(200);
      expect((await user().get(`/api/v1/artifacts/${artifact.id}`)).status).toBe(404);
      expect((await user().get(`/api/v1/artifacts/${artifact.id}/content`)).status).toBe(404);
    });
  },
);

describeWithApp(
  'Seed 004 saving every result (ARTIFACT_SAVE_THRESHOLD_BYTES=0)',
  { ARTIFACT_SAVE_THRESHOLD_BYTES: '0' },
  (runs) => {
    test.each(PROSE_LINES.map((line, i) => [line, `proseLine${i}`]))(
      '2.1.1 prose stays plain: %j is saved as .txt text/plain, byte for byte',
      async (line, name) => {
        const run = await runs().run(name);
        const artifact = only(run);
        expect(artifact).toMatchObject({
          name: 'produce_result.txt',
          latest: { mime_type: 'text/plain', size_bytes: Buffer.byteLength(line), metadata: {} },
        });
        expect((await runs().bytesOf(artifact)).toString('utf8')).toBe(line);
        expect(run.modelText.startsWith(line)).toBe(true);
        expectListed(run.modelText, artifact);
      },
    );

    test('2.1.3 a CSV field holding a backslash and "n" is kept byte for byte, as text/csv', async () => {
      expect(CSV_BACKSLASH_N).toContain('\\n');
      const run = await runs().run('csvBackslashN');
      const artifact = only(run);
      expect(artifact).toMatchObject({
        name: 'produce_result.csv',
        latest: { mime_type: 'text/csv', size_bytes: Buffer.byteLength(CSV_BACKSLASH_N) },
      });
      expect(artifact.latest.metadata.csv).toMatchObject({ rows: 3, columns: 3 });
      expect(await runs().bytesOf(artifact)).toEqual(Buffer.from(CSV_BACKSLASH_N, 'utf8'));
      expect(run.modelText.startsWith(CSV_BACKSLASH_N)).toBe(true);
      expectListed(run.modelText, artifact);
    });

    test('2.2 an image declared image/png whose bytes are JPEG is saved as .jpg image/jpeg, the mismatch recorded', async () => {
      const run = await runs().run('jpegDeclaredPng');
      await expectBinaryArtifact(run, runs(), {
        name: 'produce_result.jpg',
        mimeType: 'image/jpeg',
        declared: 'image/png',
        bytes: JPEG,
      });
    });

    test('2.2 base64 without its padding is accepted and decoded exactly', async () => {
      expect(UNPADDED_PNG.length % 4).not.toBe(0);
      const run = await runs().run('unpaddedPng');
      const artifact = only(run);
      expect(artifact).toMatchObject({
        name: 'produce_result.png',
        latest: { mime_type: 'image/png', size_bytes: PNG.length },
      });
      expect(await runs().bytesOf(artifact)).toEqual(PNG);
      expect(run.toolResult.processing).toMatchObject({ status: 'saved' });
      expectListed(run.modelText, artifact);
    });

    test('4.3 an image whose base64 holds "!" is skipped: the model is told partial_success, its index and reason', async () => {
      const run = await runs().run('invalidBase64');
      expect(
        run.artifacts.map((artifact) => [artifact.name, artifact.latest.mime_type]).sort(),
      ).toEqual([
        ['produce_result_0.txt', 'text/plain'],
        ['produce_result_2.png', 'image/png'],
      ]);
      expect(await runs().bytesOf(named(run, 'produce_result_2.png'))).toEqual(PNG);
      expect(run.toolResult.processing).toMatchObject({
        status: 'partial_success',
        skipped: [{ index: 1, reason: expect.stringContaining('base64') as unknown }],
      });
      expect(run.modelIsError).toBe(false);
      expectPartialSuccessTold(run, 1);
      for (const artifact of run.artifacts) expectListed(run.modelText, artifact);
      expect(run.nextRequestJson).not.toContain(INVALID_PNG);
    });

    test('4.3 an image whose data is empty is skipped, never a 0-byte artifact: the model is told partial_success, its index and reason', async () => {
      const run = await runs().run('emptyImage');
      const artifact = only(run);
      expect(artifact).toMatchObject({
        name: 'produce_result_0.txt',
        latest: { mime_type: 'text/plain', size_bytes: 'The chart:'.length },
      });
      expect(run.toolResult.processing).toMatchObject({
        status: 'partial_success',
        skipped: [{ index: 1, reason: 'the image data is empty' }],
      });
      expect(run.modelIsError).toBe(false);
      expect(run.modelText.startsWith('The chart:')).toBe(true);
      expectPartialSuccessTold(run, 1);
      expectListed(run.modelText, artifact);
    });
  },
);

describeWithApp(
  'Seed 004 with intelligent processing off',
  { ARTIFACT_INTELLIGENT_PROCESSING: 'false' },
  (runs) => {
    test('4.1 the whole raw result is saved as one .json artifact', async () => {
      const run = await runs().run('textAndImage');
      const artifact = only(run);
      expect(artifact).toMatchObject({
        name: 'produce_raw.json',
        latest: { mime_type: 'application/json', kind: 'raw' },
      });
      expect(JSON.parse((await runs().bytesOf(artifact)).toString('utf8'))).toEqual(
        CASES.textAndImage,
      );
      expect(run.modelText.startsWith('A chart of the figures:')).toBe(true);
      expectListed(run.modelText, artifact);
      expectNoBase64(run, PNG);
    });
  },
);

describeWithApp(
  'Seed 004 saving only above 8192 B and without raw fallback',
  { ARTIFACT_SAVE_THRESHOLD_BYTES: '8192', ARTIFACT_FALLBACK_TO_RAW_ON_ERROR: 'false' },
  (runs) => {
    test('3.1 above the return limit, below the save threshold: saved all the same', async () => {
      const run = await runs().run('prose6k');
      const artifact = only(run);
      expect(artifact).toMatchObject({
        name: 'produce_result.txt',
        latest: { mime_type: 'text/plain', size_bytes: 6000 },
      });
      expect((await runs().bytesOf(artifact)).toString('utf8')).toBe(prose(6000));
      expect(run.toolResult.processing).toMatchObject({
        truncated: { shownBytes: 4096, totalBytes: 6000 },
      });
      expect(run.modelText.startsWith(prose(4096))).toBe(true);
      expect(run.modelText).not.toContain(prose(4097));
      expect(run.modelText).toContain('6000');
      expect(readOnCall(run.modelText)).toMatchObject({ name: artifact.name, offset: 4096 });
      expectListed(run.modelText, artifact);
    });

    test('4.4 without raw fallback, a result that cannot be processed saves nothing; the model gets an error', async () => {
      const run = await runs().run('notAList');
      expect(run.artifacts).toEqual([]);
      expect(run.modelIsError).toBe(true);
      expect(run.modelText).toMatch(/content/);
      expect(run.toolResult).toMatchObject({ success: false, code: 'TOOL_RESULT_UNPROCESSABLE' });
    });
  },
);

describeWithApp(
  'Seed 004 when saving fails (ARTIFACT_MAX_BYTES=1000)',
  { ARTIFACT_MAX_BYTES: '1000' },
  (runs) => {
    test('3.2 the model still gets the (truncated) content and a clear message that saving failed', async () => {
      const run = await runs().run('prose10k');
      expect(run.artifacts).toEqual([]);
      expect(run.modelText.startsWith(prose(1000))).toBe(true);
      expect(run.modelText).toMatch(/sav/i);
      expect(run.modelText).toContain('ARTIFACT_MAX_BYTES');
      expect(run.toolResult.processing).toMatchObject({ status: 'save_failed' });
    });
  },
);
