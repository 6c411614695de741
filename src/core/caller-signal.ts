/**
 * What work needs of its caller's abort signal: whether it has aborted, why, and a way to hear
 * of it. An `AbortSignal` is one; a request's hang-up is another that makes its `AbortSignal`
 * only once something listens, since most calls end without anyone having to.
 */
export interface CallerSignal {
  readonly aborted: boolean;
  readonly reason: unknown;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}
