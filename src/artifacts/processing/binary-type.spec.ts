import { describeBinary } from './binary-type';

const bytes = (...values: number[]) => Buffer.from(values);
const latin1 = (text: string) => Buffer.from(text, 'latin1');

const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13);
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46);

describe('describeBinary', () => {
  it.each([
    ['PNG', PNG, 'image/png', 'png'],
    ['JPEG', JPEG, 'image/jpeg', 'jpg'],
    ['GIF87a', latin1('GIF87a\x01\x00'), 'image/gif', 'gif'],
    ['GIF89a', latin1('GIF89a\x01\x00'), 'image/gif', 'gif'],
    ['WebP', latin1('RIFF\x24\x00\x00\x00WEBPVP8 '), 'image/webp', 'webp'],
    ['WAV', latin1('RIFF\x24\x00\x00\x00WAVEfmt '), 'audio/wav', 'wav'],
    ['OGG', latin1('OggS\x00\x02'), 'audio/ogg', 'ogg'],
    ['MP3 with an ID3 tag', latin1('ID3\x04\x00\x00'), 'audio/mpeg', 'mp3'],
    ['an MPEG-1 layer III frame', bytes(0xff, 0xfb, 0x90, 0x64), 'audio/mpeg', 'mp3'],
    ['an MPEG-2 layer III frame', bytes(0xff, 0xf3, 0x48, 0xc4), 'audio/mpeg', 'mp3'],
  ])('detects %s by its magic bytes', (_name, data, mimeType, extension) => {
    expect(describeBinary(data, undefined)).toEqual({
      mimeType,
      extension,
      metadata: { declared_type: null, detected_type: mimeType, type_mismatch: false },
    });
  });

  it('follows the bytes, not the declared type, and flags the mismatch', () => {
    expect(describeBinary(JPEG, 'image/png')).toEqual({
      mimeType: 'image/jpeg',
      extension: 'jpg',
      metadata: { declared_type: 'image/png', detected_type: 'image/jpeg', type_mismatch: true },
    });
  });

  it.each([
    ['image/jpg', JPEG],
    ['IMAGE/JPEG; q=1', JPEG],
    ['audio/x-wav', latin1('RIFF\x24\x00\x00\x00WAVEfmt ')],
    ['audio/mp3', latin1('ID3\x03')],
  ])('takes the alias %p for no mismatch', (declared, data) => {
    expect(describeBinary(data, declared).metadata.type_mismatch).toBe(false);
  });

  it('counts a declared type that is no MIME type as a mismatch', () => {
    expect(describeBinary(PNG, 'png').metadata).toEqual({
      declared_type: 'png',
      detected_type: 'image/png',
      type_mismatch: true,
    });
  });

  it.each([
    ['a RIFF of another form', latin1('RIFF\x24\x00\x00\x00AVI LIST')],
    ['AAC (ADTS, layer 0)', bytes(0xff, 0xf1, 0x50, 0x80)],
    ['a reserved MPEG version', bytes(0xff, 0xeb, 0x90, 0x64)],
    ['a truncated PNG signature', bytes(0x89, 0x50, 0x4e)],
    ['nothing', bytes()],
  ])('detects nothing in %s', (_name, data) => {
    expect(describeBinary(data, undefined)).toEqual({
      mimeType: 'application/octet-stream',
      extension: 'bin',
      metadata: { declared_type: null, detected_type: null, type_mismatch: false },
    });
  });

  it.each([
    ['image/bmp', 'image/bmp', 'bmp'],
    ['image/jpeg', 'image/jpeg', 'jpg'],
    ['audio/MPEG', 'audio/mpeg', 'mp3'],
    ['image/svg+xml', 'image/svg+xml', 'svg'],
    ['application/pdf', 'application/pdf', 'pdf'],
    ['application/vnd.ms-excel', 'application/vnd.ms-excel', 'bin'],
    ['application/octet-stream', 'application/octet-stream', 'bin'],
    ['not a type', 'application/octet-stream', 'bin'],
  ])('uses the declared %p when the bytes tell nothing', (declared, mimeType, extension) => {
    const description = describeBinary(bytes(1, 2, 3), declared);
    expect(description).toEqual({
      mimeType,
      extension,
      metadata: { declared_type: declared, detected_type: null, type_mismatch: false },
    });
  });
});
