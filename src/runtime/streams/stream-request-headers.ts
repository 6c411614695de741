import { ValidationFailedError } from '../../core/errors';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** An `Idempotency-Key` is 1 to 255 visible ASCII characters, or absent. */
export function assertValidIdempotencyKey(key: string | undefined): void {
  if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
    throw new ValidationFailedError([
      { field: 'Idempotency-Key', messages: ['must be 1 to 255 visible ASCII characters'] },
    ]);
  }
}

/** `Last-Event-ID` wins over `?after=` (a reconnecting browser sends the header). */
export function afterIndexOf(lastEventId: string | undefined, after: number | undefined): number {
  if (lastEventId === undefined) return after ?? -1;
  if (!/^-?\d{1,10}$/.test(lastEventId.trim())) {
    throw new ValidationFailedError([
      { field: 'Last-Event-ID', messages: ['must be the eventIndex of an event of this run'] },
    ]);
  }
  return Number(lastEventId.trim());
}
