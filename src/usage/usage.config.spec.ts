import { ConfigValidationError, validateEnvironment } from '../core/config';
import { UsageConfig } from './usage.config';

const configWith = (MODEL_PRICES?: string) =>
  validateEnvironment(UsageConfig, (name) => (name === 'MODEL_PRICES' ? MODEL_PRICES : undefined));

const problemOf = (MODEL_PRICES: string) => {
  try {
    configWith(MODEL_PRICES);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigValidationError);
    return (error as ConfigValidationError).problems.join('\n');
  }
  throw new Error(`MODEL_PRICES=${MODEL_PRICES} was accepted`);
};

describe('MODEL_PRICES', () => {
  test('unset: no prices, so no cost', () => {
    expect(configWith().prices()).toBeUndefined();
    expect(configWith('').prices()).toBeUndefined();
  });

  test('read as USD per million input and output tokens of each model', () => {
    const prices = configWith(
      '{"a":{"input":3,"output":15},"b":{"input":0,"output":0.5}}',
    ).prices();
    expect(prices && Object.fromEntries(prices)).toEqual({
      a: { input: 3, output: 15 },
      b: { input: 0, output: 0.5 },
    });
  });

  test.each([
    ['not JSON', '{a:1}', 'MODEL_PRICES must be JSON such as'],
    ['not an object', '[1,2]', 'MODEL_PRICES must be a JSON object of model names'],
    [
      'a price missing',
      '{"a":{"input":3}}',
      'MODEL_PRICES must give "a" an "input" and an "output" price',
    ],
    [
      'a negative price',
      '{"a":{"input":-1,"output":1}}',
      'must give "a" an "input" and an "output"',
    ],
    [
      'a price as text',
      '{"a":{"input":"3","output":1}}',
      'must give "a" an "input" and an "output"',
    ],
  ])('%s stops the start with a message that says what to write', (_, value, message) => {
    expect(problemOf(value)).toContain(message);
  });
});
