/** The longest wait between two attempts of a delivery. */
export const LONGEST_RETRY_DELAY_MS = 10 * 60 * 1000;

/**
 * How long to wait after the `attempt`th failed attempt (1 for the first): `baseMs` doubled for
 * each attempt before, 20 % either way at random (so deliveries that failed together do not all
 * come back at the same instant), and never more than 10 minutes.
 */
export function retryDelayMs(attempt: number, baseMs: number, random = Math.random): number {
  const exponential = Math.min(baseMs * 2 ** (attempt - 1), LONGEST_RETRY_DELAY_MS);
  return Math.min(Math.round(exponential * (0.8 + 0.4 * random())), LONGEST_RETRY_DELAY_MS);
}
