import { LoneSurrogateError, NulCharacterError, type TextPosition } from '../errors';

/**
 * Refuses text a database cannot hold as given: a lone surrogate (no UTF-8 form: stored, it
 * would silently become U+FFFD) and NUL (PostgreSQL text and jsonb cannot hold it: the write
 * would fail in the database). Checks every string and property name in `value`, breadth
 * first without recursion; `root` names the value in messages (`search`, or '' for a body).
 */
export function assertStorableText(value: unknown, root: string): void {
  const pending: { value: unknown; field: string }[] = [{ value, field: root }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value: current, field } = next;
    if (typeof current === 'string') {
      assertStorableString(current, { field, index: 0 });
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, child] of Object.entries(current)) {
        assertStorableString(key, { field, index: 0, inPropertyName: true });
        pending.push({ value: child, field: field ? `${field}.${key}` : key });
      }
    }
  }
}

function assertStorableString(text: string, position: TextPosition): void {
  const nul = text.indexOf('\u0000');
  if (nul >= 0) throw new NulCharacterError({ ...position, index: nul });
  if (!text.isWellFormed()) {
    const index = loneSurrogateIndex(text);
    throw new LoneSurrogateError({ ...position, index }, text.charCodeAt(index));
  }
}

/** The index of the first surrogate that is not half of a pair (the text has one). */
function loneSurrogateIndex(text: string): number {
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) i += 1;
      else return i;
    } else if (unit >= 0xdc00 && unit <= 0xdfff) return i;
  }
  return -1;
}
