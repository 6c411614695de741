import { truncateUtf8, utf8CutPoint } from './truncate-utf8';

const bytesOf = (text: string) => Buffer.byteLength(text, 'utf8');

describe('truncateUtf8', () => {
  it('returns a text that fits as it is', () => {
    expect(truncateUtf8('héllo', 6)).toBe('héllo');
    expect(truncateUtf8('', 0)).toBe('');
  });

  it('cuts ASCII at the byte limit', () => {
    expect(truncateUtf8('abcdef', 4)).toBe('abcd');
  });

  it.each([
    ['a 2-byte character', 'aé', 2, 'a'],
    ['a 3-byte character', 'ab€', 4, 'ab'],
    ['a 4-byte character', 'a👋b', 3, 'a'],
    ['a 4-byte character', 'a👋b', 4, 'a'],
  ])('never splits %s', (_name, text, max, expected) => {
    expect(truncateUtf8(text, max)).toBe(expected);
  });

  it('keeps every whole character that fits', () => {
    const text = 'Grüße, 世界 👋 '.repeat(20);
    for (let max = 0; max < bytesOf(text); max++) {
      const cut = truncateUtf8(text, max);
      expect(bytesOf(cut)).toBeLessThanOrEqual(max);
      expect(text.startsWith(cut)).toBe(true);
      // One more character would not fit.
      const next = text.slice(
        cut.length,
        cut.length + (text.codePointAt(cut.length)! > 0xffff ? 2 : 1),
      );
      expect(bytesOf(cut + next)).toBeGreaterThan(max);
    }
  });

  it('gives nothing for a limit of zero or less', () => {
    expect(truncateUtf8('abc', 0)).toBe('');
    expect(truncateUtf8('abc', -5)).toBe('');
  });
});

describe('utf8CutPoint', () => {
  it('cuts before a character whose bytes would not all fit', () => {
    const bytes = Buffer.from('a€b'); // 'a', 3 bytes of '€', 'b'
    expect(utf8CutPoint(bytes, 1)).toBe(1);
    expect(utf8CutPoint(bytes, 2)).toBe(1);
    expect(utf8CutPoint(bytes, 3)).toBe(1);
    expect(utf8CutPoint(bytes, 4)).toBe(4);
  });

  it('is the whole buffer when the limit reaches past its end', () => {
    expect(utf8CutPoint(Buffer.from('x😀'), 10)).toBe(5);
  });
});
