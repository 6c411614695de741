/**
 * The peak resident set size of this process while something runs: sampled on a short interval
 * and whenever `sample()` is called (e.g. on each chunk a tool server sends), so a burst between
 * two ticks is seen too.
 */
export class RssPeak {
  private readonly start = process.memoryUsage.rss();
  private peak = this.start;
  private readonly timer = setInterval(() => this.sample(), 5);

  sample(): void {
    this.peak = Math.max(this.peak, process.memoryUsage.rss());
  }

  /** Stops sampling; the growth of the peak over the RSS at construction, in bytes. */
  stop(): number {
    clearInterval(this.timer);
    this.sample();
    return this.peak - this.start;
  }
}
