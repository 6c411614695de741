import { randomBytes } from 'node:crypto';
import { generateSecretKeyText, parseSecretKey } from './secret-key';

describe('parseSecretKey', () => {
  const bytes = randomBytes(32);

  it.each([
    ['base64', bytes.toString('base64')],
    ['base64 without padding', bytes.toString('base64').replace(/=$/, '')],
    ['hex', bytes.toString('hex')],
    ['upper-case hex', bytes.toString('hex').toUpperCase()],
    ['base64 and a final newline (a key file)', `${bytes.toString('base64')}\n`],
  ])('reads 32 bytes written in %s', (_form, text) => {
    expect(parseSecretKey(text)).toEqual(bytes);
  });

  it.each([
    ['16 bytes', randomBytes(16).toString('base64')],
    ['48 bytes', randomBytes(48).toString('base64')],
    ['31 bytes of hex', randomBytes(31).toString('hex')],
    ['a passphrase', 'correct horse battery staple'],
    ['base64 with a stray character', `${bytes.toString('base64').slice(0, 42)}!=`],
    ['nothing', ''],
  ])('refuses %s', (_what, text) => {
    expect(parseSecretKey(text)).toBeUndefined();
  });

  it('generates keys it reads, a different one each time', () => {
    const first = generateSecretKeyText();
    expect(parseSecretKey(first)).toHaveLength(32);
    expect(generateSecretKeyText()).not.toBe(first);
  });
});
