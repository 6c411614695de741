import { isRecord } from './is-record';

describe('isRecord', () => {
  it('takes objects for records', () => {
    expect(isRecord({})).toBe(true);
    expect(isRecord({ a: 1 })).toBe(true);
  });

  it.each([[null], [undefined], [[]], [[1]], ['x'], [1], [true]])('refuses %p', (value) => {
    expect(isRecord(value)).toBe(false);
  });
});
