import fc from 'fast-check';
import { deflateRaw, inflateRaw } from 'pako';
import { deflateRawLevel9 } from './reference-deflate';

describe('deflateRawLevel9', () => {
  test('gives exactly what a fresh pako stream gives, whatever was compressed before', () => {
    // Interleaved sizes and contents: any state left over from a previous call would show.
    const input = fc.oneof(
      fc.uint8Array({ maxLength: 64 }),
      fc.uint8Array({ minLength: 1_000, maxLength: 70_000 }),
      fc.string({ maxLength: 5_000 }).map((s) => Buffer.from(`@startuml\n${s.repeat(3)}\n@enduml`)),
    );
    fc.assert(
      fc.property(fc.array(input, { minLength: 2, maxLength: 6 }), (inputs) => {
        for (const bytes of inputs) {
          expect(Buffer.from(deflateRawLevel9(bytes))).toEqual(
            Buffer.from(deflateRaw(bytes, { level: 9 })),
          );
        }
      }),
      { numRuns: 60 },
    );
  });

  test('incompressible input larger than the output estimate still round-trips', () => {
    const random = Uint8Array.from({ length: 100_000 }, (_, i) => (i * 2654435761) >>> 24);
    const deflated = deflateRawLevel9(random);
    expect(Buffer.from(deflated)).toEqual(Buffer.from(deflateRaw(random, { level: 9 })));
    expect(Buffer.from(inflateRaw(deflated))).toEqual(Buffer.from(random));
  });
});
