/** Variables that hold secrets, by their names (`SECRET_KEY`, `OPENAI_API_KEY`, …). */
const SECRET_NAME = /KEY|SECRET|TOKEN|PASSWORD/;
/**
 * The password of a connection string (`postgres://user:password@host`), up to the value's last
 * `@`: a password may hold an unescaped `@` or space. Hiding more than the password (a list of
 * URLs, a query holding an `@`) only shortens an error message.
 */
const URL_PASSWORD = /(\/\/[^/?#@:\s]*):.*@/;

/**
 * A variable's value as a configuration error shows it: never a secret. The value of a secret
 * variable is not shown at all; a connection string is shown without its password.
 */
export function shownValue(name: string, value: string | undefined): string {
  if (value === undefined) return 'nothing';
  if (SECRET_NAME.test(name)) return 'a secret value, not shown';
  return JSON.stringify(value.replace(URL_PASSWORD, '$1:***@'));
}
