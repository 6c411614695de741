import fc from 'fast-check';
import { InvalidJsonError } from '../errors';
import { isJsonContentType, parseJsonBody } from './json-body';

const bytes = (...parts: (string | number[])[]): Buffer =>
  Buffer.concat(
    parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p))),
  );

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/** The lone surrogate an invalid byte must become (surrogateescape). */
const escaped = (byte: number): string => String.fromCharCode(0xdc00 + byte);

function parseError(body: Buffer): InvalidJsonError {
  try {
    parseJsonBody(body);
  } catch (error) {
    if (error instanceof InvalidJsonError) return error;
    throw error;
  }
  throw new Error('parseJsonBody did not throw');
}

describe('parseJsonBody', () => {
  describe('valid JSON', () => {
    it('returns undefined for an empty body', () => {
      expect(parseJsonBody(Buffer.alloc(0))).toBeUndefined();
      expect(parseJsonBody(new Uint8Array(0))).toBeUndefined();
    });

    it('parses an object', () => {
      expect(parseJsonBody(bytes('{"a":1,"b":{"c":[true,null]}}'))).toEqual({
        a: 1,
        b: { c: [true, null] },
      });
    });

    it('parses an array', () => {
      expect(parseJsonBody(bytes('[1,"two",{"three":3}]'))).toEqual([1, 'two', { three: 3 }]);
    });

    it.each([
      ['a number', '42', 42],
      ['a negative float', '-1.5e2', -150],
      ['a string', '"hi"', 'hi'],
      ['true', 'true', true],
      ['false', 'false', false],
      ['null', 'null', null],
      ['a value surrounded by whitespace', ' \n\t 7 \r\n', 7],
    ])('parses %s', (_name, text, expected) => {
      expect(parseJsonBody(bytes(text))).toStrictEqual(expected);
    });

    it('accepts a plain Uint8Array, not only a Buffer', () => {
      expect(parseJsonBody(new TextEncoder().encode('{"k":"v"}'))).toEqual({ k: 'v' });
    });
  });

  describe('malformed JSON', () => {
    it.each([
      ['a truncated object', '{"a":'],
      ['a trailing comma', '{"a":1,}'],
      ['single quotes', "{'a':1}"],
      ['bare text', 'hello'],
      ['whitespace only', '   '],
      ['two values', '{} {}'],
    ])('rejects %s with INVALID_JSON (400)', (_name, text) => {
      const error = parseError(bytes(text));
      expect(error).toBeInstanceOf(InvalidJsonError);
      expect(error.code).toBe('INVALID_JSON');
      expect(error.status).toBe(400);
      expect(error.message.startsWith('Request body is not valid JSON')).toBe(true);
    });

    it("includes the parser's reason after the fixed prefix", () => {
      const error = parseError(bytes('{"a":1,}'));
      expect(error.message).toMatch(/^Request body is not valid JSON: \S/);
    });

    it('rejects malformed JSON that also contains a "__proto__" key', () => {
      expect(parseError(bytes('{"__proto__":{"x":1},')).code).toBe('INVALID_JSON');
    });
  });

  describe('__proto__ keys', () => {
    afterEach(() => {
      // Guard against a regression leaking into other tests.
      delete (Object.prototype as Record<string, unknown>).polluted;
    });

    it('drops a top-level __proto__ key and keeps the other keys', () => {
      const result = parseJsonBody(bytes('{"__proto__":{"polluted":true},"keep":1}')) as object;
      expect(Object.keys(result)).toEqual(['keep']);
      expect(Object.prototype.hasOwnProperty.call(result, '__proto__')).toBe(false);
      expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });

    it('drops __proto__ keys nested in objects and arrays at any depth', () => {
      const result = parseJsonBody(
        bytes(
          '{"a":{"__proto__":{"polluted":1},"b":{"__proto__":{"polluted":2},"c":3}},' +
            '"list":[{"__proto__":{"polluted":4},"d":5}]}',
        ),
      ) as { a: { b: object }; list: object[] };
      expect(result).toEqual({ a: { b: { c: 3 } }, list: [{ d: 5 }] });
      for (const value of [result, result.a, result.a.b, result.list[0]]) {
        expect(Object.prototype.hasOwnProperty.call(value, '__proto__')).toBe(false);
        expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });

    it.each([
      ['fully escaped', '{"\\u005f\\u005fproto\\u005f\\u005f":{"polluted":1},"keep":1}'],
      ['partly escaped', '{"__proto\\u005f_":{"polluted":1},"keep":1}'],
      ['escaped letters', '{"__\\u0070roto__":{"polluted":1},"keep":1}'],
    ])('drops a __proto__ key spelt with \\u escapes (%s)', (_name, json) => {
      const result = parseJsonBody(bytes(json)) as object;
      expect(Object.keys(result)).toEqual(['keep']);
      // The point of dropping it: a naive deep merge of the result cannot reach the prototype.
      const merge = (target: Record<string, unknown>, source: Record<string, unknown>) => {
        for (const key of Object.keys(source)) {
          const value = source[key];
          if (typeof value === 'object' && value !== null) {
            target[key] ??= {};
            merge(target[key] as Record<string, unknown>, value as Record<string, unknown>);
          } else target[key] = value;
        }
      };
      merge({}, result as Record<string, unknown>);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });

    it('keeps "__proto__" when it is a string value rather than a key', () => {
      expect(parseJsonBody(bytes('{"name":"__proto__","list":["__proto__"]}'))).toEqual({
        name: '__proto__',
        list: ['__proto__'],
      });
    });
  });

  describe('UTF-8 decoding', () => {
    it('escapes scattered bad bytes in a large body and keeps every valid run intact', () => {
      const run = 'a→b😀'.repeat(20_000);
      const bad = Buffer.from([0xff]);
      const body = Buffer.concat([
        Buffer.from('{"s":"'),
        Buffer.from(run),
        bad,
        Buffer.from(run),
        bad,
        Buffer.from('"}'),
      ]);
      expect(parseJsonBody(body)).toEqual({ s: `${run}\udcff${run}\udcff` });
    });

    it('skips a byte order mark before a body that also holds invalid bytes', () => {
      const body = Buffer.concat([
        Buffer.from([0xef, 0xbb, 0xbf]),
        Buffer.from('{"s":"'),
        Buffer.from([0xff]),
        Buffer.from('"}'),
      ]);
      expect(parseJsonBody(body)).toEqual({ s: '\udcff' });
    });

    it.each([
      ['Korean', '안녕하세요, 세계'],
      ['emoji (4-byte sequences, surrogate pairs in JS)', '👍🏽 🎉 👨‍👩‍👧'],
      ['mixed scripts and symbols', 'Grüße — 日本語 — €100 — 𝄞'],
    ])('decodes %s exactly', (_name, text) => {
      const result = parseJsonBody(bytes(JSON.stringify({ text }))) as { text: string };
      expect(result.text).toBe(text);
      expect(result.text.isWellFormed()).toBe(true);
    });

    it('skips a leading UTF-8 BOM on a valid body', () => {
      expect(parseJsonBody(bytes(UTF8_BOM, '{"a":"가"}'))).toEqual({ a: '가' });
    });

    it('keeps a BOM that is inside a string value (only a leading BOM is skipped)', () => {
      expect(parseJsonBody(bytes('{"a":"x', UTF8_BOM, 'y"}'))).toEqual({ a: 'x\ufeffy' });
    });

    it.each([
      ['a lone 0xFF byte', [0xff], [0xff]],
      ['a truncated 3-byte sequence (가 without its last byte)', [0xea, 0xb0], [0xea, 0xb0]],
      ['an overlong encoding of "/" (0xC0 0xAF)', [0xc0, 0xaf], [0xc0, 0xaf]],
      ['an encoded surrogate U+D800 (0xED 0xA0 0x80)', [0xed, 0xa0, 0x80], [0xed, 0xa0, 0x80]],
      ['a lone continuation byte', [0x80], [0x80]],
    ])(
      'turns %s into lone surrogates U+DC80–U+DCFF and keeps the valid text around it',
      (_name, invalid, expectedEscapes) => {
        const result = parseJsonBody(bytes('{"s":"가a', invalid, 'b👍"}')) as { s: string };
        expect(result.s).toBe(`가a${expectedEscapes.map(escaped).join('')}b👍`);
        expect(result.s.isWellFormed()).toBe(false);
        for (const byte of expectedEscapes) {
          const code = 0xdc00 + byte;
          expect(code).toBeGreaterThanOrEqual(0xdc80);
          expect(code).toBeLessThanOrEqual(0xdcff);
        }
      },
    );

    it('does not replace invalid bytes with U+FFFD', () => {
      const result = parseJsonBody(bytes('{"s":"', [0xff, 0xfe], '"}')) as { s: string };
      expect(result.s).not.toContain('\ufffd');
      expect(result.s).toBe('\udcff\udcfe');
    });

    it('still parses valid multi-byte text that follows an invalid byte in another value', () => {
      const result = parseJsonBody(bytes('{"bad":"', [0xff], '","good":"한글 ✓"}')) as {
        bad: string;
        good: string;
      };
      expect(result).toEqual({ bad: '\udcff', good: '한글 ✓' });
      expect(result.good.isWellFormed()).toBe(true);
    });

    it('still drops __proto__ keys on the invalid-UTF-8 path', () => {
      const result = parseJsonBody(bytes('{"__proto__":{"polluted":1},"s":"', [0xff], '"}'));
      expect(result).toEqual({ s: '\udcff' });
      expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    });

    it('reports malformed JSON as INVALID_JSON on the invalid-UTF-8 path too', () => {
      expect(parseError(bytes('{"s":"', [0xff], '"')).code).toBe('INVALID_JSON');
    });
  });

  it('round-trips any well-formed string inside an object', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary' }),
          fc.string({ unit: 'grapheme' }),
          fc.string({ unit: 'grapheme-ascii' }),
        ),
        (s) => {
          fc.pre(s.isWellFormed());
          expect(parseJsonBody(Buffer.from(JSON.stringify({ s })))).toEqual({ s });
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('isJsonContentType', () => {
  it.each([
    'application/json',
    'application/json; charset=utf-8',
    'application/json;charset=UTF-8',
    'Application/JSON',
    'application/vnd.api+json',
    'application/merge-patch+json',
    '  application/json  ',
  ])('accepts %j', (contentType) => {
    expect(isJsonContentType(contentType)).toBe(true);
  });

  it.each([
    'text/plain',
    'text/json',
    'application/jsonp',
    'application/json-seq',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/xml',
    '',
  ])('rejects %j', (contentType) => {
    expect(isJsonContentType(contentType)).toBe(false);
  });

  it('rejects a missing content type', () => {
    expect(isJsonContentType(undefined)).toBe(false);
  });
});
