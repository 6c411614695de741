/** One minute: the window invalid keys are counted in. */
const WINDOW_MS = 60_000;
/** Client addresses tracked at most (the oldest window goes first). */
const TRACKED_ADDRESSES = 100_000;

/**
 * Invalid API keys per client address, in fixed one-minute windows. An address past the limit
 * has its keys refused unchecked until its window ends, so keys can't be guessed at full speed
 * (and a valid key among the guesses tells nothing either).
 */
export class FailedKeyAttempts {
  private readonly windows = new Map<string, { startedAt: number; failures: number }>();

  constructor(
    private readonly limitPerMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds before a key from the address is checked again; 0 when it is checked now. */
  secondsToWait(address: string): number {
    const window = this.current(address);
    if (!window || window.failures < this.limitPerMinute) return 0;
    return Math.ceil((window.startedAt + WINDOW_MS - this.now()) / 1000);
  }

  record(address: string): void {
    const window = this.current(address);
    if (window) {
      window.failures++;
      return;
    }
    if (this.windows.size >= TRACKED_ADDRESSES) {
      this.windows.delete(this.windows.keys().next().value as string);
    }
    this.windows.set(address, { startedAt: this.now(), failures: 1 });
  }

  private current(address: string): { startedAt: number; failures: number } | undefined {
    const window = this.windows.get(address);
    if (window && this.now() - window.startedAt >= WINDOW_MS) {
      this.windows.delete(address);
      return undefined;
    }
    return window;
  }
}

/**
 * The address failures are counted by, from the client's: an IPv4 address (IPv4-mapped IPv6
 * included) as it is, an IPv6 address by its /64, which one host usually has whole.
 */
export function throttledAddressOf(clientAddress: string | undefined): string {
  if (!clientAddress) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(clientAddress);
  if (mapped) return mapped[1];
  if (!clientAddress.includes(':')) return clientAddress;
  const [head, tail] = clientAddress.split('%')[0].split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = [
    ...left,
    ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'),
    ...right,
  ];
  return `${groups.slice(0, 4).join(':')}::/64`;
}
