/**
 * The longest start of `text` whose UTF-8 encoding fits in `maxBytes`, cut between characters:
 * the model never gets half a character (a replacement character) at the end.
 */
export function truncateUtf8(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= maxBytes) return text;
  return bytes.toString('utf8', 0, utf8CutPoint(bytes, maxBytes));
}

/**
 * The largest length ≤ `maxBytes` at which `bytes` can be cut between characters. The byte
 * after the cut tells: a continuation byte (10xxxxxx) belongs to the character before it.
 */
export function utf8CutPoint(bytes: Buffer, maxBytes: number): number {
  let end = Math.max(0, Math.min(maxBytes, bytes.length));
  while (end > 0 && (bytes[end] & 0xc0) === 0x80) end--;
  return end;
}
