import { LazyAbortController } from './lazy-abort-controller';

describe('LazyAbortController', () => {
  it('gives one signal, aborted with the reason when aborted after it was read', () => {
    const controller = new LazyAbortController();
    const signal = controller.signal;
    expect(controller.signal).toBe(signal);
    expect(signal.aborted).toBe(false);
    const reason = new Error('stop');
    controller.abort(reason);
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBe(reason);
  });

  it('gives an already aborted signal, with the first reason, when aborted before it was read', () => {
    const controller = new LazyAbortController();
    const first = new Error('first');
    controller.abort(first);
    controller.abort(new Error('second'));
    expect(controller.signal.aborted).toBe(true);
    expect(controller.signal.reason).toBe(first);
  });

  it("gives the platform's AbortError when aborted without a reason before it was read", () => {
    const controller = new LazyAbortController();
    controller.abort();
    expect((controller.signal.reason as Error).name).toBe('AbortError');
  });
});
