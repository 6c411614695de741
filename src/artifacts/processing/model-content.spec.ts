import { failureContent, modelContent, type ModelContentParts } from './model-content';
import { type ArtifactDraft, type SavedArtifact, type ToolResponseStatus } from './tool-response';

const artifact = (name: string, size: number, mime = 'text/plain'): SavedArtifact => ({
  id: `id-${name}`,
  name,
  version: 2,
  mime_type: mime,
  size_bytes: size,
});

const draft = (name: string, mimeType: string, size: number): ArtifactDraft => ({
  name,
  mimeType,
  bytes: Buffer.alloc(size),
  kind: 'image',
  metadata: {},
  userOnly: false,
});

const parts = (overrides: Partial<ModelContentParts>): ModelContentParts => ({
  text: '',
  returnMaxBytes: 4096,
  status: 'saved',
  skipped: [],
  saved: [],
  failed: [],
  ...overrides,
});

const LIST_TITLE =
  'Saved artifacts, read with load_artifact {name, version?, offset?, limit?} (offset and limit in bytes):';

describe('modelContent', () => {
  it('gives a text with nothing to note exactly as it is', () => {
    expect(modelContent(parts({ text: 'Hello,\nworld ' }))).toEqual({ content: 'Hello,\nworld ' });
  });

  it('lists saved artifacts after the whole text', () => {
    const saved = [artifact('t_result_0.txt', 5), artifact('t_result_1.png', 67, 'image/png')];
    expect(modelContent(parts({ text: 'hello', saved })).content).toBe(
      [
        'hello',
        '',
        LIST_TITLE,
        '- "t_result_0.txt" version 2, text/plain, 5 bytes',
        '- "t_result_1.png" version 2, image/png, 67 bytes',
      ].join('\n'),
    );
  });

  it('gives only the list when there is no text', () => {
    const content = modelContent(parts({ saved: [artifact('a.png', 1, 'image/png')] })).content;
    expect(content.startsWith(LIST_TITLE)).toBe(true);
  });

  it('truncates on a character boundary and says where the rest is', () => {
    const text = 'é'.repeat(10); // 20 bytes
    const saved = artifact('t_result.txt', 20);
    const result = modelContent(
      parts({ text, returnMaxBytes: 9, textArtifact: saved, saved: [saved] }),
    );
    expect(result.truncated).toEqual({ shownBytes: 8, totalBytes: 20 });
    expect(result.content).toBe(
      [
        'éééé',
        '',
        '[Partial result: the first 8 of 20 bytes are shown. Read the rest with load_artifact {"name":"t_result.txt","version":2,"offset":8}.]',
        '',
        LIST_TITLE,
        '- "t_result.txt" version 2, text/plain, 20 bytes',
      ].join('\n'),
    );
  });

  it('points to the saved artifacts when no one artifact holds the text', () => {
    const result = modelContent(
      parts({ text: 'abcdef', returnMaxBytes: 3, saved: [artifact('raw.json', 60)] }),
    );
    expect(result.content).toContain(
      '[Partial result: the first 3 of 6 bytes are shown. The whole result is in the saved artifacts below.]',
    );
  });

  it('says the rest may be lost when saving failed, without a load_artifact hint for it', () => {
    const failed = [{ draft: draft('t_result.txt', 'text/plain', 6), message: 'disk full' }];
    const result = modelContent(parts({ text: 'abcdef', returnMaxBytes: 3, failed }));
    expect(result.content).toBe(
      [
        'abc',
        '',
        '[Partial result: the first 3 of 6 bytes are shown. Saving failed (see below), so the rest may not be readable.]',
        '',
        'Saving failed; these were not stored and cannot be read with load_artifact:',
        '- "t_result.txt" (text/plain, 6 bytes): disk full',
      ].join('\n'),
    );
  });

  it('marks a truncation with nothing saved as partial', () => {
    expect(modelContent(parts({ text: 'abcdef', returnMaxBytes: 3 })).content).toBe(
      'abc\n\n[Partial result: the first 3 of 6 bytes are shown.]',
    );
  });

  it('lists skipped items and notes a raw fallback', () => {
    const result = modelContent(
      parts({
        text: '{"content":"x"}',
        processingError: 'its content is not a list (got string)',
        skipped: [{ index: 1, reason: 'unknown content type "video"' }],
      }),
    );
    expect(result.content).toBe(
      [
        '{"content":"x"}',
        '',
        '[The result could not be processed (its content is not a list (got string)); it is given and saved as its raw JSON.]',
        '',
        'Skipped malformed content items:',
        '- item 1: unknown content type "video"',
      ].join('\n'),
    );
  });

  /** What the model reads of a result whose item 1 was skipped and that ended as `status`. */
  const withSkipped = (status: ToolResponseStatus, more: Partial<ModelContentParts>) =>
    modelContent(
      parts({ text: 'Two charts:', status, skipped: [{ index: 1, reason: 'r' }], ...more }),
    ).content;

  it('heads the skipped items with the status when it is partial_success', () => {
    const saved = [artifact('t_result_2.png', 67, 'image/png')];
    expect(withSkipped('partial_success', { saved })).toBe(
      [
        'Two charts:',
        '',
        'Status: partial_success',
        'Skipped malformed content items:',
        '- item 1: r',
        '',
        LIST_TITLE,
        '- "t_result_2.png" version 2, image/png, 67 bytes',
      ].join('\n'),
    );
  });

  it('names no status over skipped items when saving failed: the failure is what it notes', () => {
    const failed = [{ draft: draft('t_result_2.png', 'image/png', 67), message: 'disk full' }];
    const content = withSkipped('save_failed', { failed });
    expect(content).not.toContain('Status:');
    expect(content).toContain('Skipped malformed content items:\n- item 1: r');
  });
});

describe('failureContent', () => {
  it('names the tool and the problem, and lists skipped items', () => {
    expect(
      failureContent('fetch', 'every content item is malformed', [{ index: 0, reason: 'r' }]),
    ).toBe(
      'Error: the result of tool "fetch" could not be processed: every content item is malformed. Nothing was saved.\n\nSkipped malformed content items:\n- item 0: r',
    );
    expect(failureContent('t', 'x', [])).toBe(
      'Error: the result of tool "t" could not be processed: x. Nothing was saved.',
    );
  });
});
