import { type IncomingHttpHeaders } from 'node:http';
import { InvalidJsonError, UnsupportedContentEncodingError } from '../errors';

/** Methods whose body is parsed; others' bodies are ignored, as Fastify does. */
export const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Compressed request bodies are refused, the same on both adapters. */
export function assertUncompressedBody(headers: IncomingHttpHeaders): void {
  const encoding = headers['content-encoding']?.trim().toLowerCase();
  if (encoding && encoding !== 'identity') throw new UnsupportedContentEncodingError(encoding);
}

/** `application/json`, `application/*+json`, with or without parameters such as charset. */
export const JSON_CONTENT_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;.*)?$/i;

export function isJsonContentType(contentType: string | undefined): boolean {
  return contentType !== undefined && JSON_CONTENT_TYPE.test(contentType.trim());
}

/**
 * `multipart/form-data`: left unread by both adapters, for the handlers that stream uploads
 * (they read the Node request themselves); on other routes such a body is simply not read.
 */
export function isMultipartContentType(contentType: string | undefined): boolean {
  return contentType !== undefined && /^multipart\/form-data\s*(?:;.*)?$/i.test(contentType.trim());
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/**
 * Parses a JSON request body. An empty body is `undefined` (no input). Bytes that are not
 * UTF-8 are not replaced by U+FFFD: each becomes a lone surrogate (U+DC80–U+DCFF, Python's
 * "surrogateescape"), so the value stays detectably invalid and no layer silently changes data.
 * `__proto__` keys are dropped so no later object merge can be tricked into a prototype change.
 */
export function parseJsonBody(body: Uint8Array): unknown {
  if (body.length === 0) return undefined;
  const text = decodeUtf8(body);
  try {
    // A key can spell `__proto__` with \u escapes, so either sign means the careful parse.
    const mayHaveProtoKey = text.includes('__proto__') || text.includes('\\u');
    return mayHaveProtoKey ? JSON.parse(text, dropProtoKeys) : JSON.parse(text);
  } catch (error) {
    throw new InvalidJsonError(error instanceof Error ? error.message : String(error));
  }
}

function dropProtoKeys(key: string, value: unknown): unknown {
  return key === '__proto__' ? undefined : value;
}

function decodeUtf8(bytes: Uint8Array): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return decodeUtf8WithSurrogateEscapes(bytes);
  }
}

/**
 * The slow path, only for invalid input: a UTF-8 decoder that escapes bad bytes. Valid runs
 * are decoded in one call each, so a large body with a few bad bytes stays cheap.
 */
function decodeUtf8WithSurrogateEscapes(bytes: Uint8Array): string {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const parts: string[] = [];
  // Skip a byte order mark, as the strict decoder does.
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  let runStart = i;
  while (i < bytes.length) {
    const length = validSequenceLength(bytes, i);
    if (length > 0) {
      i += length;
      continue;
    }
    parts.push(buffer.toString('utf8', runStart, i));
    const badStart = i;
    while (i < bytes.length && validSequenceLength(bytes, i) === 0) i += 1;
    parts.push(surrogateEscapes(bytes.subarray(badStart, i)));
    runStart = i;
  }
  parts.push(buffer.toString('utf8', runStart, i));
  return parts.join('');
}

/** Byte 0xXX → U+DCXX, a run at a time (UTF-16 code units decode without validation). */
function surrogateEscapes(bad: Uint8Array): string {
  const units = new Uint16Array(bad.length);
  for (let k = 0; k < bad.length; k += 1) units[k] = 0xdc00 + bad[k];
  return Buffer.from(units.buffer, units.byteOffset, units.byteLength).toString('utf16le');
}

/** Length of the well-formed UTF-8 sequence at `i` (RFC 3629 table 3-7), or 0. */
function validSequenceLength(b: Uint8Array, i: number): number {
  const b0 = b[i];
  const cont = (k: number, lo = 0x80, hi = 0xbf) =>
    i + k < b.length && b[i + k] >= lo && b[i + k] <= hi;
  if (b0 < 0x80) return 1;
  if (b0 >= 0xc2 && b0 <= 0xdf) return cont(1) ? 2 : 0;
  if (b0 === 0xe0) return cont(1, 0xa0) && cont(2) ? 3 : 0;
  if ((b0 >= 0xe1 && b0 <= 0xec) || b0 === 0xee || b0 === 0xef) return cont(1) && cont(2) ? 3 : 0;
  if (b0 === 0xed) return cont(1, 0x80, 0x9f) && cont(2) ? 3 : 0;
  if (b0 === 0xf0) return cont(1, 0x90) && cont(2) && cont(3) ? 4 : 0;
  if (b0 >= 0xf1 && b0 <= 0xf3) return cont(1) && cont(2) && cont(3) ? 4 : 0;
  if (b0 === 0xf4) return cont(1, 0x80, 0x8f) && cont(2) && cont(3) ? 4 : 0;
  return 0;
}
