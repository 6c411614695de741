import { earlierRetries, retryDelayMs } from './step-retries';
import { type WorkflowRunEvent } from './workflow-run-event.types';

describe('retryDelayMs', () => {
  const noJitter = () => 0;

  it('grows by the factor from the initial delay, up to the longest', () => {
    const retry = { max_attempts: 10, initial_delay_ms: 100, factor: 3, max_delay_ms: 1000 };
    expect([1, 2, 3, 4].map((failures) => retryDelayMs(retry, failures, noJitter))).toEqual([
      100, 300, 900, 1000,
    ]);
  });

  it('defaults to 1 s doubling up to 30 s', () => {
    const retry = { max_attempts: 10 };
    expect([1, 2, 6, 7].map((failures) => retryDelayMs(retry, failures, noJitter))).toEqual([
      1000, 2000, 30_000, 30_000,
    ]);
  });

  it('takes a random part of up to half the delay off', () => {
    const retry = { max_attempts: 3, initial_delay_ms: 400 };
    expect(retryDelayMs(retry, 1, () => 0.5)).toBe(300);
    expect(retryDelayMs(retry, 1, () => 0.999)).toBe(200);
  });

  it('gives no delay when asked for none', () => {
    expect(retryDelayMs({ max_attempts: 2, initial_delay_ms: 0 }, 1)).toBe(0);
  });
});

describe('earlierRetries', () => {
  const event = (type: string, fields: object, timestamp = '2026-11-29T10:00:00.000Z') =>
    ({
      type,
      workflowRunId: 'wr',
      eventIndex: 0,
      timestamp,
      persistenceState: 'persisted',
      ...fields,
    }) as unknown as WorkflowRunEvent;
  const retrying = (stepPath: string, attempt: number, delayMs: number, timestamp: string) =>
    event('step_retrying', { stepPath, attempt, delayMs, error: 'down', code: 'X' }, timestamp);

  it('counts the step’s retries and ends the last delay where it was told to end', () => {
    const events = [
      event('workflow_started', { input: {} }),
      retrying('0', 1, 100, '2026-11-29T10:00:00.000Z'),
      event('step_completed', { stepIndex: 0, stepPath: '0', output: 1 }),
      retrying('1/items/0/0', 1, 500, '2026-11-29T10:00:01.000Z'),
      retrying('1/items/0/0', 2, 1500, '2026-11-29T10:00:02.000Z'),
    ];
    expect(earlierRetries(events, '1/items/0/0')).toEqual({
      failures: 2,
      retryAt: Date.parse('2026-11-29T10:00:03.500Z'),
    });
  });

  it('finds none for a step that never failed', () => {
    expect(earlierRetries([retrying('0', 1, 100, '2026-11-29T10:00:00.000Z')], '1')).toEqual({
      failures: 0,
    });
  });
});
