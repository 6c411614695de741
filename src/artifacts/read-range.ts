import { type Readable } from 'node:stream';

/**
 * Bytes `offset` to `offset + limit` of a stream, reading no further than needed: the rest
 * of a large artifact is never held in memory.
 */
export async function readRange(stream: Readable, offset: number, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let position = 0;
  let collected = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const start = Math.max(0, offset - position);
      position += chunk.length;
      if (start >= chunk.length) continue;
      const piece = chunk.subarray(start, start + limit - collected);
      chunks.push(piece);
      collected += piece.length;
      if (collected >= limit) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks);
}
