/** A type of binary content: its MIME type and the file extension it is saved with. */
export interface BinaryType {
  mimeType: string;
  extension: string;
}

/** What is known of the type of an image, an audio clip or a resource blob. */
export interface BinaryDescription extends BinaryType {
  metadata: {
    declared_type: string | null;
    detected_type: string | null;
    type_mismatch: boolean;
  };
}

const SIGNATURES: (BinaryType & { matches: (bytes: Buffer) => boolean })[] = [
  {
    mimeType: 'image/png',
    extension: 'png',
    matches: startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  { mimeType: 'image/jpeg', extension: 'jpg', matches: startsWith([0xff, 0xd8, 0xff]) },
  {
    mimeType: 'image/gif',
    extension: 'gif',
    matches: (bytes) => ['GIF87a', 'GIF89a'].includes(latin1(bytes, 0, 6)),
  },
  { mimeType: 'image/webp', extension: 'webp', matches: riff('WEBP') },
  { mimeType: 'audio/wav', extension: 'wav', matches: riff('WAVE') },
  { mimeType: 'audio/ogg', extension: 'ogg', matches: (bytes) => latin1(bytes, 0, 4) === 'OggS' },
  {
    mimeType: 'audio/mpeg',
    extension: 'mp3',
    matches: (bytes) => latin1(bytes, 0, 3) === 'ID3' || isMpegAudioFrame(bytes),
  },
];

/** Other names servers give the detected types: declaring one is no mismatch. */
const ALIASES: Record<string, string> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'audio/mp3': 'audio/mpeg',
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
};

/** Extensions that are not the subtype itself. */
const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'audio/mpeg': 'mp3',
  'image/svg+xml': 'svg',
  'text/plain': 'txt',
  'text/markdown': 'md',
  'application/x-yaml': 'yaml',
};

const MIME_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/;

/**
 * The type of decoded bytes: the detected type when the magic bytes tell (PNG, JPEG, GIF, WebP,
 * WAV, OGG, MP3), else the declared one, else `application/octet-stream` (`.bin`). A declared
 * type never overrules the bytes; when they disagree the metadata says so.
 */
export function describeBinary(bytes: Buffer, declaredType: string | undefined): BinaryDescription {
  const detected = SIGNATURES.find((signature) => signature.matches(bytes));
  const declared = declaredType === undefined ? undefined : canonicalMimeType(declaredType);
  const type = detected ?? typeOf(declared);
  return {
    mimeType: type.mimeType,
    extension: type.extension,
    metadata: {
      declared_type: declaredType ?? null,
      detected_type: detected?.mimeType ?? null,
      type_mismatch:
        detected !== undefined && declaredType !== undefined && declared !== detected.mimeType,
    },
  };
}

/**
 * A declared type as one spelling: lower case, without parameters, aliases resolved; undefined
 * when it is not a MIME type at all. An undetectable type is then compared and saved the same way.
 */
function canonicalMimeType(declared: string): string | undefined {
  const type = declared.split(';')[0].trim().toLowerCase();
  if (!MIME_TYPE.test(type)) return undefined;
  return ALIASES[type] ?? type;
}

function typeOf(declared: string | undefined): BinaryType {
  if (declared === undefined) return { mimeType: 'application/octet-stream', extension: 'bin' };
  const subtype = declared.split('/')[1];
  // A short plain subtype (bmp, pdf, zip, flac) is its own extension; others are just binary.
  const extension = EXTENSIONS[declared] ?? (/^[a-z0-9]{1,8}$/.test(subtype) ? subtype : 'bin');
  return { mimeType: declared, extension };
}

/**
 * An MPEG audio frame header: 11 sync bits, then a version and a layer that are not the
 * reserved values (a layer of 0 is AAC's ADTS header, not MP3).
 */
function isMpegAudioFrame(bytes: Buffer): boolean {
  if (bytes.length < 2 || bytes[0] !== 0xff || (bytes[1] & 0xe0) !== 0xe0) return false;
  const version = (bytes[1] >> 3) & 0b11;
  const layer = (bytes[1] >> 1) & 0b11;
  return version !== 0b01 && layer !== 0b00;
}

/** RIFF containers: `RIFF`, a 4-byte size, then the form type. */
function riff(form: string): (bytes: Buffer) => boolean {
  return (bytes) => latin1(bytes, 0, 4) === 'RIFF' && latin1(bytes, 8, 12) === form;
}

function startsWith(signature: number[]): (bytes: Buffer) => boolean {
  return (bytes) =>
    bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte);
}

function latin1(bytes: Buffer, start: number, end: number): string {
  return bytes.toString('latin1', start, Math.min(end, bytes.length));
}
