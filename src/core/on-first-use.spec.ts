import { onFirstUse } from './on-first-use';

describe('onFirstUse', () => {
  it('makes nothing until first called, then the value once, whatever it is', () => {
    const made: string[] = [];
    const value = onFirstUse(() => {
      made.push('made');
      return undefined;
    });
    expect(made).toEqual([]);
    expect(value()).toBeUndefined();
    expect(value()).toBeUndefined();
    expect(made).toEqual(['made']);
  });

  it('makes it again after a failure, which reaches the caller', () => {
    let attempts = 0;
    const value = onFirstUse(() => {
      attempts += 1;
      if (attempts === 1) throw new Error('not yet');
      return attempts;
    });
    expect(() => value()).toThrow('not yet');
    expect(value()).toBe(2);
    expect(value()).toBe(2);
  });
});
