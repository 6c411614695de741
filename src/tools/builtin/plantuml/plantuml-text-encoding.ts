// PlantUML's text encoding (what goes after /svg/ in a PlantUML server URL):
// UTF-8 -> raw DEFLATE level 9 -> PlantUML's base64-like ASCII encoding.
import { deflateRawLevel9 } from './reference-deflate';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_';

// Every 12-bit value mapped to its two output characters, stored as bytes and read back as
// one native-endian Uint16, so each 3-byte group costs two table reads and two writes.
// Building it through the byte view keeps it correct on any endianness.
const PAIRS = (() => {
  const bytes = new Uint8Array(4096 * 2);
  for (let v = 0; v < 4096; v++) {
    bytes[2 * v] = ALPHABET.charCodeAt(v >> 6);
    bytes[2 * v + 1] = ALPHABET.charCodeAt(v & 63);
  }
  return new Uint16Array(bytes.buffer);
})();

/**
 * PlantUML's `AsciiEncoder`: 3 bytes -> 4 characters. A final group of 1 or 2 bytes is padded
 * with zero bytes and still yields 4 characters (so the tail is '0'-padded, never '=').
 */
export function toPlantUmlAscii(bytes: Uint8Array): string {
  const n = bytes.length;
  const groups = Math.ceil(n / 3);
  // Measured faster than both string concatenation and Buffer base64 + character translation.
  // Pooled buffers are 8-byte aligned today; the fallback only guards the Uint16Array view.
  let out = Buffer.allocUnsafe(groups * 4);
  if (out.byteOffset % 2 !== 0) out = Buffer.allocUnsafeSlow(groups * 4);
  const pairs = new Uint16Array(out.buffer, out.byteOffset, groups * 2);
  const full = n - (n % 3);
  let i = 0;
  let o = 0;
  for (; i < full; i += 3) {
    const v = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    pairs[o++] = PAIRS[v >> 12];
    pairs[o++] = PAIRS[v & 4095];
  }
  if (i < n) {
    const v = (bytes[i] << 16) | ((i + 1 < n ? bytes[i + 1] : 0) << 8);
    pairs[o++] = PAIRS[v >> 12];
    pairs[o] = PAIRS[v & 4095];
  }
  return out.toString('latin1');
}

/**
 * Encodes diagram source exactly as PlantUML does. `text` must be well-formed Unicode
 * (lone surrogates would become U+FFFD); the caller validates.
 */
export function encodePlantUmlText(text: string): string {
  return toPlantUmlAscii(deflateRawLevel9(Buffer.from(text, 'utf8')));
}
