import { ValidateBy, type ValidationOptions } from 'class-validator';
import { registrationPolicyNow } from './registration-policy';

/** A URL refused in a tool: user and password belong in `secret_headers`, never in a URL. */
export function IsUrlWithoutCredentials(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isUrlWithoutCredentials',
      validator: {
        validate: (value: unknown) => {
          const url = urlOf(value);
          return !url || (url.username === '' && url.password === '');
        },
        defaultMessage: () =>
          '$property must not contain credentials (user:password@); send them in secret_headers',
      },
    },
    options,
  );
}

/**
 * A URL whose host is not, as written, an address tools may not reach (`127.0.0.1`,
 * `[::ffff:10.0.0.1]`, `localhost`…). Names are judged again on every call, by what they resolve to.
 */
export function IsPermittedToolUrl(options?: ValidationOptions): PropertyDecorator {
  const refusalOf = (value: unknown) => {
    const url = urlOf(value);
    return url && registrationPolicyNow().literalRefusalOf(url.hostname);
  };
  return ValidateBy(
    {
      name: 'isPermittedToolUrl',
      validator: {
        validate: (value: unknown) => !refusalOf(value),
        defaultMessage: (args) =>
          `$property must not point at ${urlOf(args?.value)?.hostname} ` +
          `(${refusalOf(args?.value)} address); ` +
          'tools may reach such addresses only where TOOL_URL_ALLOW allows them',
      },
    },
    options,
  );
}

/** The URL in `value`; anything else is left to `@IsUrl` to report. */
function urlOf(value: unknown): URL | undefined {
  return typeof value === 'string' && URL.canParse(value) ? new URL(value) : undefined;
}
