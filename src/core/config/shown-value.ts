/** Variables that hold secrets, by their names (`SECRET_KEY`, `OPENAI_API_KEY`, …). */
const SECRET_NAME = /KEY|SECRET|TOKEN|PASSWORD/;
/**
 * The password of a connection string (`postgres://user:password@host`), up to the value's last
 * `@`: a password may hold an unescaped `@` or space. Hiding more than the password (a list of
 * URLs, a query holding an `@`) only shortens an error message.
 */
const URL_PASSWORD = /(\/\/[^/?#@:\s]*):.*@/;
/**
 * A password given as a query parameter instead (`?password=…`, `&sslpassword=…`, both read by
 * `pg`), up to the next parameter or fragment.
 */
const QUERY_PASSWORD = /([?&][^=&#]*password=)[^&#]*/gi;

/**
 * A variable's value as a configuration error shows it: never a secret. The value of a secret
 * variable is not shown at all; a connection string is shown without its passwords.
 */
export function shownValue(name: string, value: string | undefined): string {
  if (value === undefined) return 'nothing';
  if (SECRET_NAME.test(name)) return 'a secret value, not shown';
  // The query first: an `@` in a query password would otherwise end the userinfo match there.
  const shown = value.replace(QUERY_PASSWORD, '$1***').replace(URL_PASSWORD, '$1:***@');
  return JSON.stringify(shown);
}
