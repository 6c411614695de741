import fc from 'fast-check';
import { InvalidJsonError, JsonTooDeepError, NumberOutOfRangeError } from '../errors';
import { invalidUtf8ErrorOf, isJsonContentType, parseJsonBody } from './json-body';

const bytes = (...parts: (string | number[])[]): Buffer =>
  Buffer.concat(
    parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p))),
  );

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/** The server's default limit (MAX_JSON_DEPTH), for the tests not about depth. */
const LIMITS = { maxDepth: 64 };

/** The lone surrogate an invalid byte must become (surrogateescape). */
const escaped = (byte: number): string => String.fromCharCode(0xdc00 + byte);

function parseError(body: Buffer): InvalidJsonError {
  try {
    parseJsonBody(body, LIMITS);
  } catch (error) {
    if (error instanceof InvalidJsonError) return error;
    throw error;
  }
  throw new Error('parseJsonBody did not throw');
}

describe('parseJsonBody', () => {
  describe('valid JSON', () => {
    it('returns undefined for an empty body', () => {
      expect(parseJsonBody(Buffer.alloc(0), LIMITS)).toBeUndefined();
      expect(parseJsonBody(new Uint8Array(0), LIMITS)).toBeUndefined();
    });

    it('parses an object', () => {
      expect(parseJsonBody(bytes('{"a":1,"b":{"c":[true,null]}}'), LIMITS)).toEqual({
        a: 1,
        b: { c: [true, null] },
      });
    });

    it('parses an array', () => {
      expect(parseJsonBody(bytes('[1,"two",{"three":3}]'), LIMITS)).toEqual([
        1,
        'two',
        { three: 3 },
      ]);
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
      expect(parseJsonBody(bytes(text), LIMITS)).toStrictEqual(expected);
    });

    it('accepts a plain Uint8Array, not only a Buffer', () => {
      expect(parseJsonBody(new TextEncoder().encode('{"k":"v"}'), LIMITS)).toEqual({ k: 'v' });
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

    it.each([
      ['plain', '{"__proto__":{"polluted":true},"keep":1}'],
      ['fully escaped', '{"\\u005f\\u005fproto\\u005f\\u005f":{"polluted":true},"keep":1}'],
      ['beside a number the reviver checks', '{"__proto__":{"polluted":true},"keep":1e3}'],
    ])('keeps a __proto__ key as data, never as the prototype (%s)', (_name, json) => {
      const result = parseJsonBody(bytes(json), LIMITS) as Record<string, unknown>;
      expect(Object.keys(result)).toEqual(['__proto__', 'keep']);
      expect(Object.getOwnPropertyDescriptor(result, '__proto__')?.value).toEqual({
        polluted: true,
      });
      expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });

    it('keeps __proto__ keys nested in objects and arrays as data', () => {
      const result = parseJsonBody(
        bytes('{"a":{"__proto__":{"type":"string"}},"list":[{"__proto__":1}]}'),
        LIMITS,
      ) as { a: object; list: object[] };
      for (const value of [result.a, result.list[0]]) {
        expect(Object.prototype.hasOwnProperty.call(value, '__proto__')).toBe(true);
        expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
      }
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
      expect(parseJsonBody(body, LIMITS)).toEqual({ s: `${run}\udcff${run}\udcff` });
    });

    it('skips a byte order mark before a body that also holds invalid bytes', () => {
      const body = Buffer.concat([
        Buffer.from([0xef, 0xbb, 0xbf]),
        Buffer.from('{"s":"'),
        Buffer.from([0xff]),
        Buffer.from('"}'),
      ]);
      expect(parseJsonBody(body, LIMITS)).toEqual({ s: '\udcff' });
    });

    it.each([
      ['Korean', '안녕하세요, 세계'],
      ['emoji (4-byte sequences, surrogate pairs in JS)', '👍🏽 🎉 👨‍👩‍👧'],
      ['mixed scripts and symbols', 'Grüße — 日本語 — €100 — 𝄞'],
    ])('decodes %s exactly', (_name, text) => {
      const result = parseJsonBody(bytes(JSON.stringify({ text })), LIMITS) as { text: string };
      expect(result.text).toBe(text);
      expect(result.text.isWellFormed()).toBe(true);
    });

    it('skips a leading UTF-8 BOM on a valid body', () => {
      expect(parseJsonBody(bytes(UTF8_BOM, '{"a":"가"}'), LIMITS)).toEqual({ a: '가' });
    });

    it('keeps a BOM that is inside a string value (only a leading BOM is skipped)', () => {
      expect(parseJsonBody(bytes('{"a":"x', UTF8_BOM, 'y"}'), LIMITS)).toEqual({ a: 'x\ufeffy' });
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
        const result = parseJsonBody(bytes('{"s":"가a', invalid, 'b👍"}'), LIMITS) as { s: string };
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
      const result = parseJsonBody(bytes('{"s":"', [0xff, 0xfe], '"}'), LIMITS) as { s: string };
      expect(result.s).not.toContain('\ufffd');
      expect(result.s).toBe('\udcff\udcfe');
    });

    it('still parses valid multi-byte text that follows an invalid byte in another value', () => {
      const result = parseJsonBody(bytes('{"bad":"', [0xff], '","good":"한글 ✓"}'), LIMITS) as {
        bad: string;
        good: string;
      };
      expect(result).toEqual({ bad: '\udcff', good: '한글 ✓' });
      expect(result.good.isWellFormed()).toBe(true);
    });

    it('keeps a __proto__ key as data on the invalid-UTF-8 path too', () => {
      const result = parseJsonBody(
        bytes('{"__proto__":{"p":1},"s":"', [0xff], '"}'),
        LIMITS,
      ) as object;
      expect(Object.keys(result)).toEqual(['__proto__', 's']);
      expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    });

    it('reports malformed JSON as INVALID_JSON on the invalid-UTF-8 path too', () => {
      expect(parseError(bytes('{"s":"', [0xff], '"')).code).toBe('INVALID_JSON');
    });
  });

  describe('nesting depth', () => {
    const nested = (depth: number, open = '[', close = ']') =>
      `${open.repeat(depth)}${close.repeat(depth)}`;
    const deepObject = (depth: number) => `${'{"a":'.repeat(depth - 1)}{}${'}'.repeat(depth - 1)}`;

    it.each([
      ['arrays', nested],
      ['objects', deepObject],
    ])('accepts %s nested exactly to the limit and refuses one level more', (_name, make) => {
      expect(() => parseJsonBody(bytes(make(8)), { maxDepth: 8 })).not.toThrow();
      expect(() => parseJsonBody(bytes(make(9)), { maxDepth: 8 })).toThrow(JsonTooDeepError);
    });

    it('counts depth, not the number of containers', () => {
      const wide = `[${Array.from({ length: 1000 }, () => '[[]]').join(',')}]`;
      expect(parseJsonBody(bytes(wide), { maxDepth: 3 })).toHaveLength(1000);
    });

    it('refuses a million-deep body without overflowing the stack, as JSON_TOO_DEEP (400)', () => {
      const error = (() => {
        try {
          parseJsonBody(bytes(nested(1_000_000)), LIMITS);
        } catch (caught) {
          return caught as JsonTooDeepError;
        }
        throw new Error('parseJsonBody did not throw');
      })();
      expect(error).toBeInstanceOf(JsonTooDeepError);
      expect(error.code).toBe('JSON_TOO_DEEP');
      expect(error.status).toBe(400);
      expect(error.message).toBe('Request body nests arrays and objects deeper than 64 levels');
    });

    it.each([
      ['brackets inside strings', `{"s":"${'['.repeat(100)}"}`],
      ['an escaped quote before brackets', `{"s":"\\"${'{'.repeat(100)}"}`],
      ['escaped backslashes before the closing quote', `{"s":"\\\\","t":"${'['.repeat(100)}"}`],
    ])('ignores %s', (_name, text) => {
      expect(() => parseJsonBody(bytes(text), { maxDepth: 2 })).not.toThrow();
    });

    it('still reports malformed deep text as too deep rather than parsing it', () => {
      expect(() => parseJsonBody(bytes('['.repeat(100)), LIMITS)).toThrow(JsonTooDeepError);
    });
  });

  describe('numbers', () => {
    it.each([
      ['a large exponent', '{"maximum":1e400}', 'maximum'],
      ['a negative one', '{"n":[-2.5E+309]}', '0'],
      ['400 digits', `{"n":${'9'.repeat(400)}}`, 'n'],
      ['a top-level number', '1e999', ''],
    ])(
      'refuses %s, which would silently become Infinity, as NUMBER_OUT_OF_RANGE',
      (_n, text, at) => {
        let error: unknown;
        try {
          parseJsonBody(bytes(text), LIMITS);
        } catch (caught) {
          error = caught;
        }
        expect(error).toBeInstanceOf(NumberOutOfRangeError);
        expect(error).toMatchObject({
          code: 'NUMBER_OUT_OF_RANGE',
          status: 400,
          details: { field: at },
        });
      },
    );

    it.each([
      ['the largest double', '{"n":1.7976931348623157e308}', 1.7976931348623157e308],
      ['a small exponent on many digits', `{"n":0.${'0'.repeat(400)}1e400}`, 0.1],
      ['a number-like string', '{"s":"1e400"}', '1e400'],
      ['an exponent that shrinks the value', '{"n":1e-5}', 1e-5],
    ])('keeps %s', (_name, text, expected) => {
      expect(Object.values(parseJsonBody(bytes(text), LIMITS) as object)[0]).toBe(expected);
    });
  });

  describe('invalidUtf8ErrorOf', () => {
    it('names the first byte that is not UTF-8 and its offset', () => {
      const body = parseJsonBody(bytes('{"a":"x', [0xc3, 0x28], '","b":"', [0xff], '"}'), LIMITS);
      const error = invalidUtf8ErrorOf(body);
      expect(error).toMatchObject({
        code: 'INVALID_ENCODING',
        status: 400,
        details: { offset: 7 },
      });
      expect(error?.message).toBe('Request body is not valid UTF-8: byte 0xC3 at offset 7');
    });

    it('is undefined for a UTF-8 body, even one with an escaped lone surrogate', () => {
      expect(invalidUtf8ErrorOf(parseJsonBody(bytes('{"a":"\\udcff"}'), LIMITS))).toBeUndefined();
      expect(invalidUtf8ErrorOf({ a: '\udcff' })).toBeUndefined();
      expect(invalidUtf8ErrorOf('text')).toBeUndefined();
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
          expect(parseJsonBody(Buffer.from(JSON.stringify({ s })), LIMITS)).toEqual({ s });
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
