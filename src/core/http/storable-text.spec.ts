import { LoneSurrogateError, NulCharacterError } from '../errors';
import { assertStorableText } from './storable-text';

function failureOf(value: unknown, root = ''): unknown {
  try {
    assertStorableText(value, root);
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('assertStorableText', () => {
  it.each([
    ['plain text', 'hello'],
    ['astral characters (surrogate pairs)', '👍🏽 𝄞 가'],
    ['nested values and other types', { a: [1, true, null, { b: 'ok' }], c: 2.5 }],
    ['U+FFFD and other noncharacters', '\ufffd\uffff'],
  ])('accepts %s', (_name, value) => {
    expect(failureOf(value)).toBeUndefined();
  });

  it('refuses NUL in a nested value, naming its field and index', () => {
    const error = failureOf({ parameters: { properties: { x: { description: 'ab\u0000' } } } });
    expect(error).toBeInstanceOf(NulCharacterError);
    expect(error).toMatchObject({
      code: 'NUL_CHARACTER',
      status: 400,
      details: { field: 'parameters.properties.x.description', index: 2 },
      message:
        "Field 'parameters.properties.x.description' contains a NUL character (U+0000 at " +
        'index 2), which cannot be stored or searched',
    });
  });

  it('refuses NUL in a property name, naming the object that holds it', () => {
    expect(failureOf({ parameters: { properties: { 'a\u0000': {} } } })).toMatchObject({
      code: 'NUL_CHARACTER',
      details: { field: 'parameters.properties', index: 1, inPropertyName: true },
    });
  });

  it.each([
    ['a lone high surrogate', 'a\ud800b', 1, 'D800'],
    ['a lone low surrogate', 'ab\udc00', 2, 'DC00'],
    ['a low surrogate before a high one', '\udc00\ud800', 0, 'DC00'],
    ['a high surrogate at the end after a pair', '😀\ud83d', 2, 'D83D'],
  ])('refuses %s, naming the code unit and its index', (_name, text, index, unit) => {
    const error = failureOf({ list: [text] });
    expect(error).toBeInstanceOf(LoneSurrogateError);
    expect(error).toMatchObject({
      code: 'LONE_SURROGATE',
      status: 400,
      details: { field: 'list.0', index },
      message: `Field 'list.0' contains a lone surrogate (U+${unit} at index ${index}), which is not a Unicode character`,
    });
  });

  it('names a top-level value by the root it is given', () => {
    expect(failureOf('a\u0000', 'search')).toMatchObject({ details: { field: 'search' } });
  });

  it('walks a deeply nested value without recursion', () => {
    let value: unknown = 'a\u0000';
    for (let i = 0; i < 100_000; i += 1) value = [value];
    expect(failureOf(value)).toBeInstanceOf(NulCharacterError);
  });
});
