import { canonicalJson } from './canonical-json';

describe('canonicalJson', () => {
  it('sorts keys at every depth, inside arrays too', () => {
    expect(canonicalJson({ b: 1, a: { d: [{ z: 1, y: 2 }], c: 2 } })).toBe(
      '{"a":{"c":2,"d":[{"y":2,"z":1}]},"b":1}',
    );
  });

  it('gives equal values the same text whatever their key order', () => {
    expect(canonicalJson({ x: 1, y: { q: 1, p: 2 } })).toBe(
      canonicalJson({ y: { p: 2, q: 1 }, x: 1 }),
    );
  });

  it('keeps array order and serialises like JSON.stringify otherwise', () => {
    expect(canonicalJson([3, 1, 'é', null, true])).toBe('[3,1,"é",null,true]');
    expect(canonicalJson({ when: new Date(0), gone: undefined })).toBe(
      '{"when":"1970-01-01T00:00:00.000Z"}',
    );
    expect(canonicalJson(undefined)).toBe('null');
  });

  it('keeps a "__proto__" key as data', () => {
    expect(canonicalJson(JSON.parse('{"__proto__":{"b":1,"a":2}}'))).toBe(
      '{"__proto__":{"a":2,"b":1}}',
    );
  });

  it('throws on what JSON cannot hold', () => {
    expect(() => canonicalJson({ n: 1n })).toThrow(TypeError);
  });
});
