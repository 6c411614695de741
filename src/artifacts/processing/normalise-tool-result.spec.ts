import { ToolContentResult } from '../../tools/tool-content-result';
import { canonicalJson } from './canonical-json';
import { type NormalisedResult, normaliseToolResult } from './normalise-tool-result';

const mcp = (raw: unknown) => new ToolContentResult(raw as Record<string, unknown>, undefined);

function normalised(result: unknown): NormalisedResult {
  const normalisation = normaliseToolResult(result);
  if (!normalisation.ok) throw new Error(normalisation.error);
  return normalisation.result;
}

const sizeOf = (value: unknown) => Buffer.byteLength(canonicalJson(value), 'utf8');

describe('normaliseToolResult', () => {
  describe('a plain value', () => {
    it('makes a string one text item', () => {
      const result = normalised('héllo');
      expect(result.items).toEqual([{ type: 'text', index: 0, userOnly: false, text: 'héllo' }]);
      expect(result.itemCount).toBe(1);
      expect(result.structuredContent).toBeUndefined();
      expect(result.raw).toEqual({ content: [{ type: 'text', text: 'héllo' }] });
      expect(result.sizeBytes).toBe(sizeOf({ content: [{ type: 'text', text: 'héllo' }] }));
    });

    it.each([
      [42, '42'],
      [null, 'null'],
      [undefined, 'null'],
      [[1, 'a'], '[1,"a"]'],
      [true, 'true'],
    ])('makes %p the text %p, without structured content', (value, text) => {
      const result = normalised(value);
      expect(result.items).toEqual([{ type: 'text', index: 0, userOnly: false, text }]);
      expect(result.raw).toEqual({ content: [{ type: 'text', text }] });
    });

    it('makes an object its JSON text and structured content, counted once', () => {
      const value = { b: 1, a: 'x' };
      const result = normalised(value);
      expect(result.items).toEqual([
        { type: 'text', index: 0, userOnly: false, text: '{"b":1,"a":"x"}' },
      ]);
      expect(result.raw).toEqual({
        content: [{ type: 'text', text: '{"b":1,"a":"x"}' }],
        structuredContent: value,
      });
      expect(result.structuredContent).toBeUndefined();
      expect(result.sizeBytes).toBe(
        sizeOf({ content: [{ type: 'text', text: '{"b":1,"a":"x"}' }] }),
      );
    });

    it('throws for a value JSON cannot hold', () => {
      expect(() => normaliseToolResult({ n: 1n })).toThrow(/BigInt/);
    });
  });

  describe('an MCP result', () => {
    it('keeps valid items, skips malformed ones with their index and reason', () => {
      const raw = {
        content: [
          { type: 'text', text: 'a' },
          { type: 'image', data: '!!', mimeType: 'image/png' },
          { type: 'video' },
          { type: 'text', text: 'b' },
        ],
      };
      const result = normalised(mcp(raw));
      expect(result.items.map((item) => item.index)).toEqual([0, 3]);
      expect(result.itemCount).toBe(4);
      expect(result.skipped).toEqual([
        {
          index: 1,
          reason: 'the image data is not valid base64: character "!" at offset 0 is not base64',
        },
        { index: 2, reason: 'unknown content type "video"' },
      ]);
      expect(result.raw).toBe(raw);
      // The size counts the valid items only, as they were sent.
      expect(result.sizeBytes).toBe(sizeOf({ content: [raw.content[0], raw.content[3]] }));
    });

    it('counts the items as sent, annotations and isError included, in canonical JSON', () => {
      const item = {
        type: 'text',
        text: 'x',
        annotations: { priority: 1, audience: ['assistant'] },
      };
      const result = normalised(mcp({ content: [item], isError: true, _meta: { ignored: 'yes' } }));
      expect(result.sizeBytes).toBe(
        Buffer.byteLength(
          '{"content":[{"annotations":{"audience":["assistant"],"priority":1},"text":"x","type":"text"}],"isError":true}',
        ),
      );
    });

    it('keeps structured content that no text item repeats', () => {
      const result = normalised(
        mcp({ content: [{ type: 'text', text: 'Sunny' }], structuredContent: { t: 21 } }),
      );
      expect(result.structuredContent).toEqual({ t: 21 });
      expect(result.sizeBytes).toBe(
        sizeOf({ content: [{ type: 'text', text: 'Sunny' }], structuredContent: { t: 21 } }),
      );
    });

    it('leaves out structured content a text item repeats, whatever the key order', () => {
      const result = normalised(
        mcp({
          content: [{ type: 'text', text: ' {"b": [1, {"d": 2, "c": 3}], "a": null} ' }],
          structuredContent: { a: null, b: [1, { c: 3, d: 2 }] },
        }),
      );
      expect(result.structuredContent).toBeUndefined();
    });

    it('ignores structured content that is not an object', () => {
      expect(
        normalised(mcp({ content: [], structuredContent: [1] })).structuredContent,
      ).toBeUndefined();
    });

    it('accepts an empty content list', () => {
      const result = normalised(mcp({ content: [] }));
      expect(result.items).toEqual([]);
      expect(result.skipped).toEqual([]);
    });

    it('keeps a result whose items are all malformed when it has structured content', () => {
      const result = normalised(mcp({ content: [{ type: 'text' }], structuredContent: { a: 1 } }));
      expect(result.items).toEqual([]);
      expect(result.structuredContent).toEqual({ a: 1 });
      expect(result.skipped).toHaveLength(1);
    });
  });

  describe('a result that cannot be processed', () => {
    it.each([
      ['content missing', { isError: false }, 'its content is not a list (got undefined)'],
      [
        'content an object',
        { content: { type: 'text' } },
        'its content is not a list (got object)',
      ],
      ['content a string', { content: 'hi' }, 'its content is not a list (got string)'],
      ['content null', { content: null }, 'its content is not a list (got null)'],
    ])('fails with %s', (_name, raw, error) => {
      expect(normaliseToolResult(mcp(raw))).toEqual({ ok: false, error, raw, skipped: [] });
    });

    it.each([
      ['a string', 'text', 'string'],
      ['an array', [1], 'array'],
      ['null', null, 'null'],
    ])('fails when the raw result is %s', (_name, raw, kind) => {
      expect(normaliseToolResult(mcp(raw))).toEqual({
        ok: false,
        error: `the result is not an object (got ${kind})`,
        raw,
        skipped: [],
      });
    });

    it('fails when every item is malformed, listing them', () => {
      const raw = { content: [{ type: 'text' }, 7] };
      expect(normaliseToolResult(mcp(raw))).toEqual({
        ok: false,
        error: 'every content item is malformed',
        raw,
        skipped: [
          { index: 0, reason: 'the text item has no text string' },
          { index: 1, reason: 'the item is not an object' },
        ],
      });
    });
  });
});
