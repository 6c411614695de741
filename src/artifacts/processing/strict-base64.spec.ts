import { decodeStrictBase64 } from './strict-base64';

function decoded(text: string): Buffer {
  const result = decodeStrictBase64(text);
  if (!result.ok) throw new Error(`refused ${text}: ${result.reason}`);
  return result.bytes;
}

function reasonFor(text: string): string {
  const result = decodeStrictBase64(text);
  if (result.ok) throw new Error(`accepted ${text}`);
  return result.reason;
}

describe('decodeStrictBase64', () => {
  it.each([
    ['', ''],
    ['QQ==', 'A'],
    ['QUI=', 'AB'],
    ['QUJD', 'ABC'],
    ['QUJDRA==', 'ABCD'],
  ])('decodes padded %p', (text, expected) => {
    expect(decoded(text).toString('latin1')).toBe(expected);
  });

  it('decodes every byte value, + and / included', () => {
    const all = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    expect(decoded(all.toString('base64')).equals(all)).toBe(true);
  });

  it.each([
    ['QQ', 'A'],
    ['QUI', 'AB'],
    ['QUJDRA', 'ABCD'],
  ])('accepts unpadded %p (2 or 3 characters left over)', (text, expected) => {
    expect(decoded(text).toString('latin1')).toBe(expected);
  });

  it('refuses a single leftover character', () => {
    expect(reasonFor('QUJDR')).toBe('a length of 5 leaves a lone character');
    expect(reasonFor('Q')).toMatch(/lone character/);
  });

  it.each([
    ['a URL-safe character', 'ab-_', 'character "-" at offset 2 is not base64'],
    ['a space', 'QU JD', 'character " " at offset 2 is not base64'],
    ['a line break', 'QUJD\nRA==', 'character "\\n" at offset 4 is not base64'],
    ['a non-ASCII letter', 'QUé=', 'character "é" at offset 2 is not base64'],
  ])('refuses %s', (_name, text, reason) => {
    expect(reasonFor(text)).toBe(reason);
  });

  it('refuses data after padding', () => {
    expect(reasonFor('QQ==QUJD')).toBe('data after padding');
    expect(reasonFor('QQ=A')).toBe('data after padding');
  });

  it.each([
    ['too much padding', 'QQ==='],
    ['too little padding', 'QQ='],
    ['padding a full quantum', 'QUJD='],
    ['padding alone', '=='],
    ['padding a 3-character rest twice', 'QUI=='],
  ])('refuses %s', (_name, text) => {
    expect(reasonFor(text)).toMatch(/padding characters after/);
  });

  it('refuses stray bits in the last character', () => {
    expect(reasonFor('QR==')).toBe('the last character has bits set beyond the data');
    expect(reasonFor('QUJ')).toBe('the last character has bits set beyond the data');
  });
});
