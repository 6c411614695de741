/** Bytes enough for every signature below. */
const HEAD_BYTES = 16;

const SIGNATURES: { type: string; matches: (head: Buffer) => boolean }[] = [
  { type: 'image/png', matches: startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { type: 'image/jpeg', matches: startsWith([0xff, 0xd8, 0xff]) },
  {
    type: 'image/gif',
    matches: (head) => ['GIF87a', 'GIF89a'].includes(head.toString('latin1', 0, 6)),
  },
  {
    type: 'image/webp',
    matches: (head) =>
      head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP',
  },
  { type: 'application/pdf', matches: (head) => head.toString('latin1', 0, 5) === '%PDF-' },
];

/** Text types told apart by the name's extension or the declared type; others are text/plain. */
const TEXT_TYPES: { type: string; extensions: string[] }[] = [
  { type: 'application/json', extensions: ['json'] },
  { type: 'text/csv', extensions: ['csv'] },
  { type: 'text/markdown', extensions: ['md', 'markdown'] },
];

/**
 * The type of a file from its bytes, fed chunk by chunk as they stream: PNG, JPEG, GIF, WebP
 * and PDF by their signatures; text when every byte is valid UTF-8 without NUL (then JSON, CSV
 * or Markdown by extension or declared type); anything else `application/octet-stream`. The
 * client's declared type never decides alone: it only names a kind of text.
 */
export class ContentSniffer {
  private head = Buffer.alloc(0);
  private decoder = new TextDecoder('utf-8', { fatal: true });
  private text = true;

  update(chunk: Buffer): void {
    if (this.head.length < HEAD_BYTES) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD_BYTES - this.head.length)]);
    }
    if (!this.text) return;
    if (chunk.includes(0)) {
      this.text = false;
      return;
    }
    try {
      this.decoder.decode(chunk, { stream: true });
    } catch {
      this.text = false;
    }
  }

  /** The sniffed type once every byte was seen. */
  finish(name: string, declaredType: string | undefined): string {
    const signed = SIGNATURES.find((signature) => signature.matches(this.head));
    if (signed) return signed.type;
    if (this.text) {
      try {
        this.decoder.decode(); // an incomplete sequence at the end is not text
      } catch {
        this.text = false;
      }
    }
    if (!this.text) return 'application/octet-stream';
    const extension = /\.([^./\\]+)$/.exec(name)?.[1]?.toLowerCase();
    const declared = declaredType?.split(';')[0].trim().toLowerCase();
    const known = TEXT_TYPES.find(
      ({ type, extensions }) =>
        (extension !== undefined && extensions.includes(extension)) || declared === type,
    );
    return known?.type ?? 'text/plain';
  }
}

/** What a file's content can be read as: text, an image or a PDF. */
export type ContentKind = 'text' | 'image' | 'pdf';

/** What a file of this type can be read as, or undefined when it is none of those. */
export function contentKindOf(mimeType: string): ContentKind | undefined {
  if (mimeType.startsWith('text/') || mimeType === 'application/json') return 'text';
  if (['image/png', 'image/jpeg', 'image/gif', 'image/webp'].includes(mimeType)) return 'image';
  if (mimeType === 'application/pdf') return 'pdf';
  return undefined;
}

function startsWith(bytes: number[]): (head: Buffer) => boolean {
  return (head) => head.length >= bytes.length && bytes.every((byte, i) => head[i] === byte);
}
