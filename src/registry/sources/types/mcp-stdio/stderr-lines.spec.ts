import { MAX_LINE_LENGTH, MAX_LINES_PER_MINUTE, StderrLines } from './stderr-lines';

describe('StderrLines', () => {
  function capture(now = () => 0) {
    const lines: string[] = [];
    return { lines, stderr: new StderrLines((line) => lines.push(line), now) };
  }

  test('logs whole lines, however the chunks split them', () => {
    const { lines, stderr } = capture();
    stderr.write('first li');
    stderr.write('ne\nsecond\n\nthi');
    stderr.write(Buffer.from('rd'));
    expect(lines).toEqual(['first line', 'second']);
    stderr.flush();
    expect(lines).toEqual(['first line', 'second', 'third']);
  });

  test('cuts a long line and holds no more of it than the cut, even without its end', () => {
    const { lines, stderr } = capture();
    for (let i = 0; i < 1_000; i++) stderr.write('x'.repeat(10_000));
    expect(lines).toEqual([]);
    stderr.write('\nafter\n');
    expect(lines[0]).toHaveLength(MAX_LINE_LENGTH + ' … (cut)'.length);
    expect(lines[0]).toMatch(/^x+ … \(cut\)$/);
    expect(lines[1]).toBe('after');
  });

  test('logs a bounded number of lines a minute, then says how many it left out', () => {
    let now = 0;
    const { lines, stderr } = capture(() => now);
    stderr.write('flood\n'.repeat(10_000));
    expect(lines).toHaveLength(MAX_LINES_PER_MINUTE + 1);
    expect(lines.at(-1)).toMatch(/the rest are counted/);
    now = 60_000;
    stderr.write('later\n');
    expect(lines.slice(-2)).toEqual([
      `(${10_000 - MAX_LINES_PER_MINUTE} more lines of stderr were not logged)`,
      'later',
    ]);
  });
});
