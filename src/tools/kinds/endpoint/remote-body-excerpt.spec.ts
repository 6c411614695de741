import { REMOTE_BODY_EXCERPT_CHARS, bodyForDetails, excerptOf } from './remote-body-excerpt';

describe('excerptOf', () => {
  it('keeps a short text whole', () => {
    const text = 'x'.repeat(REMOTE_BODY_EXCERPT_CHARS);
    expect(excerptOf(text)).toBe(text);
  });

  it('keeps the start of a long text and says how much was left out', () => {
    const text = `${'a'.repeat(REMOTE_BODY_EXCERPT_CHARS)}SECRET-TAIL`;
    expect(excerptOf(text)).toBe(`${'a'.repeat(REMOTE_BODY_EXCERPT_CHARS)}… (11 more characters)`);
  });
});

describe('bodyForDetails', () => {
  it('is the body as read while its text is short', () => {
    expect(bodyForDetails('{"message":"closed"}', { message: 'closed' })).toEqual({
      message: 'closed',
    });
  });

  it('is an excerpt of the text once it is long', () => {
    const text = JSON.stringify({ dump: 'x'.repeat(10_000) });
    const shown = bodyForDetails(text, JSON.parse(text));
    expect(typeof shown).toBe('string');
    expect((shown as string).startsWith(text.slice(0, REMOTE_BODY_EXCERPT_CHARS))).toBe(true);
    expect((shown as string).length).toBeLessThan(REMOTE_BODY_EXCERPT_CHARS + 40);
  });
});
