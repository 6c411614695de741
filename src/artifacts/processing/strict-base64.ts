/** Bytes decoded from base64, or why the text is not base64. */
export type Base64Decoding = { ok: true; bytes: Buffer } | { ok: false; reason: string };

const NOT_BASE64 = /[^A-Za-z0-9+/]/;

/**
 * Decodes base64 strictly where `Buffer.from(text, 'base64')` silently skips what it does not
 * know: only the standard alphabet; `=` padding only at the end and only as much as the length
 * needs; no stray bits in the last character. Unpadded text is accepted when 2 or 3 characters
 * are left over (encoders that drop padding write that); a single leftover character cannot
 * hold a byte. Whitespace is refused too: MCP sends base64 as one unbroken string.
 */
export function decodeStrictBase64(text: string): Base64Decoding {
  let dataEnd = text.length;
  while (dataEnd > 0 && text[dataEnd - 1] === '=') dataEnd--;
  const data = text.slice(0, dataEnd);
  const padding = text.length - dataEnd;
  const bytes = Buffer.from(data, 'base64');
  // Encoding back gives the same text only if every character was base64 and the last one had
  // no bits beyond the data: one native pass for valid input, the reason looked for otherwise.
  if (withoutPadding(bytes.toString('base64')) !== data) return refuse(reasonAgainst(data));
  const leftover = data.length % 4;
  if (padding > 0 && (leftover === 0 || padding !== 4 - leftover)) {
    return refuse(`${padding} padding characters after ${data.length} characters`);
  }
  return { ok: true, bytes };
}

function withoutPadding(encoded: string): string {
  let end = encoded.length;
  while (end > 0 && encoded[end - 1] === '=') end--;
  return encoded.slice(0, end);
}

/** Why text that does not encode back to itself is not base64. */
function reasonAgainst(data: string): string {
  const bad = NOT_BASE64.exec(data);
  if (bad) {
    return bad[0] === '='
      ? 'data after padding'
      : `character ${JSON.stringify(bad[0])} at offset ${bad.index} is not base64`;
  }
  if (data.length % 4 === 1) return `a length of ${data.length} leaves a lone character`;
  return 'the last character has bits set beyond the data';
}

function refuse(reason: string): Base64Decoding {
  return { ok: false, reason };
}
