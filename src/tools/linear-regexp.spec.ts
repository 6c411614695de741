import Ajv from 'ajv';
import { UnsupportedPatternError, compileLinearPattern, linearRegExp } from './linear-regexp';

describe('the linear-time pattern engine', () => {
  test('matches as JSON Schema patterns do: unanchored, Unicode-aware, JavaScript syntax', () => {
    const ajv = new Ajv({ code: { regExp: linearRegExp } });
    const validate = ajv.compile({ type: 'string', pattern: '(?<word>\\w+)-\\u00e9.$' });
    expect(validate('say hello-é😀')).toBe(true);
    expect(validate('hello-e😀')).toBe(false);
  });

  test('answers an input that backtracks exponentially in a regular engine', () => {
    const ajv = new Ajv({ code: { regExp: linearRegExp } });
    const validate = ajv.compile({ type: 'string', pattern: '^(a+)+$' });
    // A backtracking engine needs about 2^100 steps for this one.
    expect(validate(`${'a'.repeat(100)}!`)).toBe(false);
    expect(validate('a'.repeat(100))).toBe(true);
  });

  test.each(['(a)\\1', '(?<x>a)\\k<x>', '(?=a)', '(?!a)', '(?<=a)b', '(?<!a)b', '(a'])(
    'refuses %s, saying why',
    (pattern) => {
      expect(() => compileLinearPattern(pattern)).toThrow(UnsupportedPatternError);
      expect(() => linearRegExp(pattern, 'u')).toThrow(JSON.stringify(pattern));
    },
  );

  test('an escaped backslash before k is no backreference', () => {
    expect(compileLinearPattern('\\\\k<x>').test('\\k<x>')).toBe(true);
  });
});
