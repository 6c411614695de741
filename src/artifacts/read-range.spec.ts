import { Readable } from 'node:stream';
import { readRange } from './read-range';

const chunked = (text: string, size: number) => {
  const bytes = Buffer.from(text);
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  return Readable.from(chunks);
};

describe('readRange', () => {
  test('reads a range across chunk borders', async () => {
    expect((await readRange(chunked('abcdefghij', 3), 2, 5)).toString()).toBe('cdefg');
  });

  test('stops at the end of the stream', async () => {
    expect((await readRange(chunked('abcdef', 4), 4, 100)).toString()).toBe('ef');
    expect((await readRange(chunked('abcdef', 4), 10, 5)).length).toBe(0);
  });

  test('stops reading once the range is complete', async () => {
    let pulled = 0;
    const stream = Readable.from(
      (function* () {
        for (let i = 0; i < 1000; i++) {
          pulled++;
          yield Buffer.from('0123456789');
        }
      })(),
    );
    expect((await readRange(stream, 5, 10)).toString()).toBe('5678901234');
    expect(pulled).toBeLessThan(10);
  });
});
