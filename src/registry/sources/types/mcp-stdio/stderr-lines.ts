/** A line of a process's stderr longer than this is cut: a log line stays readable. */
export const MAX_LINE_LENGTH = 1_000;
/** Lines logged per source per minute; more are counted, and the count logged. */
export const MAX_LINES_PER_MINUTE = 100;
const MINUTE_MS = 60_000;

/**
 * A process's stderr as log lines, bounded: each line cut at `MAX_LINE_LENGTH` (the rest of it
 * dropped as it arrives, so a line without an end holds no more memory than that), at most
 * `MAX_LINES_PER_MINUTE` a minute, the lines past that counted and their number logged with the
 * next line of a later minute.
 */
export class StderrLines {
  private partial = '';
  /** The rest of the current line is past the cut: dropped until its end. */
  private cutting = false;
  private windowStart = 0;
  private logged = 0;
  private dropped = 0;

  constructor(
    private readonly log: (line: string) => void,
    private readonly now: () => number = Date.now,
  ) {}

  write(chunk: Buffer | string): void {
    const text = chunk.toString();
    let start = 0;
    for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
      this.append(text.slice(start, end));
      this.endLine();
      start = end + 1;
    }
    this.append(text.slice(start));
  }

  /** Logs what is left of an unfinished last line (the process ended). */
  flush(): void {
    if (this.partial !== '' || this.cutting) this.endLine();
  }

  private append(text: string): void {
    if (this.cutting) return;
    this.partial += text;
    if (this.partial.length > MAX_LINE_LENGTH) {
      this.partial = `${this.partial.slice(0, MAX_LINE_LENGTH)} … (cut)`;
      this.cutting = true;
    }
  }

  private endLine(): void {
    const line = this.partial.trimEnd();
    this.partial = '';
    this.cutting = false;
    if (line === '') return;
    const now = this.now();
    if (now - this.windowStart >= MINUTE_MS) {
      if (this.dropped > 0) this.log(`(${this.dropped} more lines of stderr were not logged)`);
      this.windowStart = now;
      this.logged = 0;
      this.dropped = 0;
    }
    if (this.logged < MAX_LINES_PER_MINUTE) {
      this.logged++;
      this.log(line);
    } else if (++this.dropped === 1) {
      this.log(
        `(more than ${MAX_LINES_PER_MINUTE} lines of stderr this minute: the rest are counted)`,
      );
    }
  }
}
