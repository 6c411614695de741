import { ConfigValidationError } from '../../core/config';
import { type SecretBox, SecretKeyMismatchError } from '../../secrets/secret-box';

/**
 * The holders (stored tools, tool sources) whose secret values must be sealed again: stored in
 * clear before secrets were sealed, or sealed with `SECRET_KEY_PREVIOUS`. `secretsOf` hands each
 * stored value of a holder to its callback. Any value that no key opens stops the start before
 * anything is written (sealing the clear ones with a wrong key would lose them too), naming the
 * holders as `what` says (`the secret headers of the tools`).
 */
export function staleSecretHolders<Holder extends { name: string }>(
  holders: readonly Holder[],
  box: SecretBox,
  secretsOf: (holder: Holder, each: (value: string) => string) => void,
  what: string,
): Holder[] {
  const stale: Holder[] = [];
  const unreadable: string[] = [];
  for (const holder of holders) {
    try {
      // Every value is checked (no `some`): a stale one must not hide an unreadable one.
      const values: string[] = [];
      secretsOf(holder, (value) => {
        values.push(value);
        return value;
      });
      if (values.map((value) => box.needsSealing(value)).includes(true)) stale.push(holder);
    } catch (error) {
      if (!(error instanceof SecretKeyMismatchError)) throw error;
      unreadable.push(`'${holder.name}'`);
    }
  }
  if (unreadable.length > 0) {
    throw new ConfigValidationError([
      `the key of ${box.keySource} does not decrypt ${what} ` +
        `${unreadable.join(', ')}: start with the key they were encrypted with; to change ` +
        'keys, give the old one as SECRET_KEY_PREVIOUS',
    ]);
  }
  return stale;
}
