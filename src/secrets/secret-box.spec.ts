import { randomBytes } from 'node:crypto';
import { SecretBox, SecretKeyMismatchError } from './secret-box';

const SECRET = 'Bearer sk-live-1234';

describe('SecretBox', () => {
  const oldKey = randomBytes(32);
  const newKey = randomBytes(32);
  const box = new SecretBox({ current: newKey }, 'SECRET_KEY');

  it('seals into enc:v1: and base64 of a 12-byte IV, a 16-byte tag and the ciphertext', () => {
    const sealed = box.seal(SECRET);
    expect(sealed).toMatch(/^enc:v1:[A-Za-z0-9+/]+=*$/);
    const bytes = Buffer.from(sealed.slice('enc:v1:'.length), 'base64');
    expect(bytes).toHaveLength(12 + 16 + Buffer.byteLength(SECRET));
    expect(sealed).not.toContain(SECRET);
    expect(bytes.toString('latin1')).not.toContain(SECRET);
  });

  it('opens what it sealed, any text included', () => {
    for (const text of [SECRET, '', 'ключ 🔑', 'x'.repeat(10_000)]) {
      expect(box.open(box.seal(text))).toBe(text);
    }
  });

  it('uses a fresh IV for every value: the same secret never seals the same twice', () => {
    expect(box.seal(SECRET)).not.toBe(box.seal(SECRET));
  });

  it('refuses a value sealed with another key', () => {
    const sealedElsewhere = new SecretBox({ current: oldKey }, 'SECRET_KEY').seal(SECRET);
    expect(() => box.open(sealedElsewhere)).toThrow(SecretKeyMismatchError);
    expect(() => box.needsSealing(sealedElsewhere)).toThrow(SecretKeyMismatchError);
  });

  it('refuses a value altered in storage (the tag does not match)', () => {
    const sealed = Buffer.from(box.seal(SECRET).slice('enc:v1:'.length), 'base64');
    sealed[sealed.length - 1] ^= 1;
    expect(() => box.open(`enc:v1:${sealed.toString('base64')}`)).toThrow(SecretKeyMismatchError);
    expect(() => box.open('enc:v1:c2hvcnQ=')).toThrow(SecretKeyMismatchError);
  });

  it('takes a value stored in clear (before encryption) as it is, and wants it sealed', () => {
    expect(box.open(SECRET)).toBe(SECRET);
    expect(box.needsSealing(SECRET)).toBe(true);
    expect(box.needsSealing(box.seal(SECRET))).toBe(false);
  });

  it('opens values of the previous key during a rotation, and wants them sealed again', () => {
    const sealedWithOld = new SecretBox({ current: oldKey }, 'SECRET_KEY').seal(SECRET);
    const rotating = new SecretBox({ current: newKey, previous: oldKey }, 'SECRET_KEY');
    expect(rotating.open(sealedWithOld)).toBe(SECRET);
    expect(rotating.needsSealing(sealedWithOld)).toBe(true);
    const resealed = rotating.seal(rotating.open(sealedWithOld));
    expect(rotating.needsSealing(resealed)).toBe(false);
    expect(box.open(resealed)).toBe(SECRET);
  });
});
