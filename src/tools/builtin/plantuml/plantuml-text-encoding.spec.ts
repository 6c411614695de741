import fc from 'fast-check';
import { encodePlantUmlText, toPlantUmlAscii } from './plantuml-text-encoding';
import goldenVectors from './testing/golden-vectors.json';
// An independent decoder: the round trip proves our output decodes losslessly.
import { decode } from 'plantuml-encoder';

type Generator =
  | { kind: 'repeat'; unit: string; count: number }
  | { kind: 'lcg'; seed: number; count: number; tokens: string[] };

interface GoldenVector {
  name: string;
  text?: string;
  generator?: Generator;
  encoded: string;
}

/** Rebuilds large vector inputs; must match the (throwaway) generator that produced the JSON. */
function generate(g: Generator): string {
  switch (g.kind) {
    case 'repeat':
      return g.unit.repeat(g.count);
    case 'lcg': {
      let state = g.seed >>> 0;
      let out = '';
      for (let i = 0; i < g.count; i++) {
        state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
        out += g.tokens[Math.floor((state / 0x100000000) * g.tokens.length)];
      }
      return out;
    }
  }
}

function textOf(v: GoldenVector): string {
  if (v.text !== undefined) return v.text;
  if (v.generator) return generate(v.generator);
  throw new Error(`vector ${v.name} has neither text nor generator`);
}

/** Independent expectation: standard base64 with PlantUML's alphabet and '=' padding as '0'. */
function viaBase64(bytes: Uint8Array): string {
  const std = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const puml = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_';
  return Array.from(Buffer.from(bytes).toString('base64'), (c) =>
    c === '=' ? '0' : puml[std.indexOf(c)],
  ).join('');
}

const vectors = goldenVectors as GoldenVector[];

describe('encodePlantUmlText', () => {
  it('matches the spec vector', () => {
    expect(encodePlantUmlText('@startuml\nBob -> Alice : hello\n@enduml')).toBe(
      'SoWkIImgAStDuNBAJrBGjLDmpCbCJbMmKiX8pSd9vt98pKi1IW80',
    );
  });

  it('has the golden vectors generated with Java Deflater(9, true) + AsciiEncoder', () => {
    expect(vectors.length).toBeGreaterThanOrEqual(25);
  });

  it.each(vectors.map((v) => [v.name, v] as const))('matches PlantUML (Java): %s', (_, v) => {
    expect(encodePlantUmlText(textOf(v))).toBe(v.encoded);
  });

  it('round-trips through an independent decoder (plantuml-encoder)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 300 }),
          fc.string({ unit: 'grapheme', maxLength: 100 }),
          fc.string({ unit: 'grapheme-ascii', maxLength: 2000 }),
        ),
        (s) => decode(encodePlantUmlText(s)) === s,
      ),
      { numRuns: 300 },
    );
  });

  it('emits only [0-9A-Za-z_-], in whole 4-character groups, deterministically', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 500 }), (s) => {
        const encoded = encodePlantUmlText(s);
        return (
          /^[0-9A-Za-z_-]*$/.test(encoded) &&
          encoded.length % 4 === 0 &&
          encoded.length > 0 &&
          encodePlantUmlText(s) === encoded
        );
      }),
      { numRuns: 300 },
    );
  });
});

describe('toPlantUmlAscii', () => {
  it.each([
    // Bytes 1..n; hand-computed from PlantUML's AsciiEncoder and cross-checked against base64.
    [0, ''],
    [1, '0G00'],
    [2, '0G80'],
    [3, '0G83'],
    [4, '0G831000'],
    [5, '0G8310K0'],
  ])('encodes %i byte(s) with zero-padded 4-character groups', (length, expected) => {
    const bytes = Uint8Array.from({ length }, (_, i) => i + 1);
    expect(toPlantUmlAscii(bytes)).toBe(expected);
    expect(viaBase64(bytes)).toBe(expected);
  });

  it('maps the extreme 6-bit values to the ends of the alphabet', () => {
    expect(toPlantUmlAscii(new Uint8Array([0, 0, 0]))).toBe('0000');
    expect(toPlantUmlAscii(new Uint8Array([255, 255, 255]))).toBe('____');
    expect(toPlantUmlAscii(new Uint8Array([0xfb, 0xef, 0xbe]))).toBe('----');
  });

  it('matches base64-with-remapped-alphabet for arbitrary bytes and views', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 1000 }),
        fc.nat(3),
        fc.nat(3),
        (raw, startTrim, endTrim) => {
          // A view with an odd byteOffset must work too (deflate output may be a subarray).
          const view = raw.subarray(Math.min(startTrim, raw.length), raw.length - endTrim);
          return toPlantUmlAscii(view) === viaBase64(view);
        },
      ),
      { numRuns: 300 },
    );
  });
});
