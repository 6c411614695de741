import { type IncomingHttpHeaders } from 'node:http';
import {
  InvalidJsonError,
  InvalidUtf8Error,
  JsonTooDeepError,
  NumberOutOfRangeError,
  UnsupportedContentEncodingError,
} from '../errors';

/** Methods whose body is parsed; others' bodies are ignored, as Fastify does. */
export const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Compressed request bodies are refused, the same on both adapters. */
export function assertUncompressedBody(headers: IncomingHttpHeaders): void {
  const encoding = headers['content-encoding']?.trim().toLowerCase();
  if (encoding && encoding !== 'identity') throw new UnsupportedContentEncodingError(encoding);
}

/** The content type of every JSON answer. */
export const JSON_UTF8 = 'application/json; charset=utf-8';

/** `application/json`, `application/*+json`, with or without parameters such as charset. */
export const JSON_CONTENT_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;.*)?$/i;

export function isJsonContentType(contentType: string | undefined): boolean {
  return contentType !== undefined && JSON_CONTENT_TYPE.test(contentType.trim());
}

/**
 * `multipart/form-data`: left unread by both adapters, for the handlers that stream uploads
 * (they read the Node request themselves); other routes refuse it (`UploadsOnlyWhereAccepted`).
 */
export function isMultipartContentType(contentType: string | undefined): boolean {
  return contentType !== undefined && /^multipart\/form-data\s*(?:;.*)?$/i.test(contentType.trim());
}

/**
 * `application/x-www-form-urlencoded`: left unread by both adapters too, for the handlers that
 * hand the Node request to a library reading it (OAuth's endpoints take forms, as the RFCs say);
 * other routes refuse it (`UploadsOnlyWhereAccepted`).
 */
export function isFormContentType(contentType: string | undefined): boolean {
  return (
    contentType !== undefined &&
    /^application\/x-www-form-urlencoded\s*(?:;.*)?$/i.test(contentType.trim())
  );
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

export interface JsonBodyLimits {
  /** Deepest nesting of arrays and objects accepted (`[]` is 1, `[[]]` is 2). */
  maxDepth: number;
}

/** Where each body that was not UTF-8 had its first bad byte, for routes that refuse such text. */
const firstInvalidByteOf = new WeakMap<object, { offset: number; byte: number }>();

/**
 * Parses a JSON request body. An empty body is `undefined` (no input). Bytes that are not
 * UTF-8 are not replaced by U+FFFD: each becomes a lone surrogate (U+DC80–U+DCFF, Python's
 * "surrogateescape"), so the value stays detectably invalid and no layer silently changes data;
 * a route that stores text asks `invalidUtf8ErrorOf` and refuses the body. Nesting beyond
 * `maxDepth` is refused before anything recursive (the parser's callers included) sees it; a
 * number too large for a double (which would silently become `Infinity`) is refused.
 * A `__proto__` key stays data like any other (JSON.parse makes it an own property, never the
 * prototype): a tool's schema may name a property so.
 */
export function parseJsonBody(body: Uint8Array, limits: JsonBodyLimits): unknown {
  if (body.length === 0) return undefined;
  const { text, firstInvalid } = decodeUtf8(body);
  assertDepthWithin(text, limits.maxDepth);
  let value: unknown;
  try {
    value = JSON.parse(text, needsReviver(text) ? revive : undefined);
  } catch (error) {
    if (error instanceof NumberOutOfRangeError) throw error;
    throw new InvalidJsonError(error instanceof Error ? error.message : String(error));
  }
  if (firstInvalid && typeof value === 'object' && value !== null) {
    firstInvalidByteOf.set(value, firstInvalid);
  }
  return value;
}

/**
 * The error for a body `parseJsonBody` decoded from bytes that are not UTF-8; undefined for any
 * other value. Only objects and arrays are tracked: routes that store text take nothing else.
 */
export function invalidUtf8ErrorOf(body: unknown): InvalidUtf8Error | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const invalid = firstInvalidByteOf.get(body);
  return invalid && InvalidUtf8Error.inBody(invalid.offset, invalid.byte);
}

/**
 * The reviver costs a pass over every value, so it runs only when it may have work: only a
 * number with a large exponent or over 308 digits can overflow (a candidate inside a string
 * only costs the slower parse).
 */
function needsReviver(text: string): boolean {
  if (/(?<!\d)\d{309}/.test(text)) return true;
  for (const [token] of text.matchAll(NUMBER_WITH_EXPONENT)) {
    if (!Number.isFinite(Number(token))) return true;
  }
  return false;
}

// Each starts where a run of digits does, so a long run is scanned once (no quadratic retries).
const NUMBER_WITH_EXPONENT = /(?<![\d.])\d+(?:\.\d+)?[eE][+-]?\d+/g;

function revive(key: string, value: unknown): unknown {
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw NumberOutOfRangeError.inBody(key);
  }
  return value;
}

/**
 * Refuses nesting beyond `maxDepth` in one linear pass over the text, without recursion and
 * before `JSON.parse`, so no later recursive code (validation, serialisation) can overflow the
 * stack. Malformed text is left for `JSON.parse` to report.
 */
function assertDepthWithin(text: string, maxDepth: number): void {
  let depth = 0;
  // Structural characters; a string is skipped whole from its opening quote.
  const structure = /["[\]{}]/g;
  let match: RegExpExecArray | null;
  while ((match = structure.exec(text)) !== null) {
    const character = match[0];
    if (character === '"') structure.lastIndex = endOfString(text, match.index + 1);
    else if (character === '[' || character === '{') {
      depth += 1;
      if (depth > maxDepth) throw new JsonTooDeepError(maxDepth);
    } else depth -= 1;
  }
}

/**
 * The index after the quote that closes a string starting at `from` (the end of the text when
 * none does); a quote after an odd run of backslashes is escaped.
 */
function endOfString(text: string, from: number): number {
  let searchFrom = from;
  for (;;) {
    const quote = text.indexOf('"', searchFrom);
    if (quote < 0) return text.length;
    let backslashes = 0;
    while (quote - backslashes - 1 >= from && text.charCodeAt(quote - backslashes - 1) === 0x5c) {
      backslashes += 1;
    }
    if (backslashes % 2 === 0) return quote + 1;
    searchFrom = quote + 1;
  }
}

interface DecodedBody {
  text: string;
  /** The first byte that is not part of a UTF-8 sequence, when there is one. */
  firstInvalid?: { offset: number; byte: number };
}

function decodeUtf8(bytes: Uint8Array): DecodedBody {
  try {
    return { text: strictUtf8.decode(bytes) };
  } catch {
    return decodeUtf8WithSurrogateEscapes(bytes);
  }
}

/**
 * The slow path, only for invalid input: a UTF-8 decoder that escapes bad bytes. Valid runs
 * are decoded in one call each, so a large body with a few bad bytes stays cheap.
 */
function decodeUtf8WithSurrogateEscapes(bytes: Uint8Array): DecodedBody {
  let firstInvalid: DecodedBody['firstInvalid'];
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
    firstInvalid ??= { offset: badStart, byte: bytes[badStart] };
    while (i < bytes.length && validSequenceLength(bytes, i) === 0) i += 1;
    parts.push(surrogateEscapes(bytes.subarray(badStart, i)));
    runStart = i;
  }
  parts.push(buffer.toString('utf8', runStart, i));
  return { text: parts.join(''), firstInvalid };
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
