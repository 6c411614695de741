import { protocolError } from './protocol-errors';

/** The opaque `nextCursor` of a list page that continues at `offset`. */
export function encodeCursor(offset: number): string {
  return Buffer.from(JSON.stringify({ offset })).toString('base64url');
}

/**
 * The offset a cursor of `encodeCursor` continues at (0 without one), at most `max`; a cursor
 * this server did not issue is -32602 Invalid params.
 */
export function decodeCursor(cursor: string | undefined, max = Number.MAX_SAFE_INTEGER): number {
  if (cursor === undefined) return 0;
  try {
    const { offset } = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as {
      offset: unknown;
    };
    if (Number.isInteger(offset) && (offset as number) >= 0 && (offset as number) <= max) {
      return offset as number;
    }
  } catch {
    // Reported below, like any other cursor this server did not issue.
  }
  throw protocolError('InvalidParams', `Invalid cursor: ${cursor}`);
}
