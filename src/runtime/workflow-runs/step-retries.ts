import { type StepRetry } from '../../database/schema';

const DEFAULT_INITIAL_DELAY_MS = 1000;
const DEFAULT_FACTOR = 2;
const DEFAULT_MAX_DELAY_MS = 30_000;

/**
 * How long to wait before the retry that follows the `failures`-th failed attempt: the delay
 * grows by `factor` per failure up to `max_delay_ms`, and a random part of up to half of it is
 * taken off, so runs that failed together (the same service down) do not retry together.
 * `random` gives a number in [0, 1).
 */
export function retryDelayMs(retry: StepRetry, failures: number, random = Math.random): number {
  const initial = retry.initial_delay_ms ?? DEFAULT_INITIAL_DELAY_MS;
  const factor = retry.factor ?? DEFAULT_FACTOR;
  const max = retry.max_delay_ms ?? DEFAULT_MAX_DELAY_MS;
  const full = Math.min(max, initial * factor ** (failures - 1));
  return Math.round(full - (full / 2) * random());
}
