import { ContentSniffer, contentKindOf } from './content-sniffer';

/** Sniffs `bytes` fed in pieces of `pieceSize`, as an upload streams. */
function sniff(bytes: Buffer, name = 'file', declared?: string, pieceSize = 3): string {
  const sniffer = new ContentSniffer();
  for (let start = 0; start < bytes.length; start += pieceSize) {
    sniffer.update(bytes.subarray(start, start + pieceSize));
  }
  return sniffer.finish(name, declared);
}

const bytes = (...values: number[]) => Buffer.from(values);

describe('ContentSniffer', () => {
  it.each([
    ['PNG', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13), 'image/png'],
    ['JPEG', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46), 'image/jpeg'],
    ['GIF87a', Buffer.from('GIF87a\x01\x00', 'latin1'), 'image/gif'],
    ['GIF89a', Buffer.from('GIF89a\x01\x00', 'latin1'), 'image/gif'],
    ['WebP', Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 ', 'latin1'), 'image/webp'],
    ['PDF', Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1'), 'application/pdf'],
  ])('knows %s by its signature, whatever the name or declared type', (_name, data, type) => {
    expect(sniff(data, 'notes.txt', 'text/plain')).toBe(type);
    expect(sniff(data, 'x', undefined, 1)).toBe(type);
  });

  it('does not take a RIFF file that is not WebP (e.g. WAV) for an image', () => {
    expect(sniff(Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'))).toBe(
      'application/octet-stream',
    );
    expect(sniff(Buffer.from('RIFF then WEBP-ish text'))).toBe('text/plain');
  });

  it('takes valid UTF-8 without NUL for text, even split inside a character', () => {
    const text = Buffer.from('Grüße, 世界 👋\n', 'utf8');
    for (const pieceSize of [1, 2, 3, 5]) {
      expect(sniff(text, 'hello', undefined, pieceSize)).toBe('text/plain');
    }
    expect(sniff(Buffer.alloc(0))).toBe('text/plain');
  });

  it.each([
    ['a NUL byte', bytes(0x61, 0x00, 0x62)],
    ['an invalid byte', bytes(0x61, 0xff, 0x62)],
    ['an overlong encoding', bytes(0xc0, 0xaf)],
    ['a truncated character at the end', Buffer.from('ab\xe4\xb8', 'latin1')],
  ])('takes bytes with %s for application/octet-stream', (_name, data) => {
    expect(sniff(data, 'notes.txt', 'text/plain')).toBe('application/octet-stream');
  });

  it.each([
    ['data.json', undefined, 'application/json'],
    ['DATA.JSON', undefined, 'application/json'],
    ['table.csv', undefined, 'text/csv'],
    ['README.md', undefined, 'text/markdown'],
    ['notes.markdown', undefined, 'text/markdown'],
    ['blob', 'application/json; charset=utf-8', 'application/json'],
    ['blob', 'text/csv', 'text/csv'],
    ['main.ts', 'video/mp2t', 'text/plain'],
    ['photo.png', 'image/png', 'text/plain'],
  ])('names text %s (declared %s) as %s', (name, declared, type) => {
    expect(sniff(Buffer.from('{"a": 1}\n'), name, declared)).toBe(type);
  });
});

describe('contentKindOf', () => {
  it.each([
    ['text/plain', 'text'],
    ['text/markdown', 'text'],
    ['application/json', 'text'],
    ['image/png', 'image'],
    ['image/webp', 'image'],
    ['application/pdf', 'pdf'],
    ['application/octet-stream', undefined],
  ])('%s → %s', (mimeType, kind) => {
    expect(contentKindOf(mimeType)).toBe(kind);
  });
});
