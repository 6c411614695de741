import { ValidateBy } from 'class-validator';

/** The base URL in `value` (no trailing slash), or undefined when it is not one. */
export function parsePublicUrl(value: string): string | undefined {
  if (!URL.canParse(value)) return undefined;
  const url = new URL(value);
  const httpScheme = url.protocol === 'http:' || url.protocol === 'https:';
  if (!httpScheme || url.search || url.hash || url.username || url.password) return undefined;
  return url.href.replace(/\/+$/, '');
}

/**
 * An environment variable holding the base URL clients reach the server at. Unset is allowed;
 * a malformed one stops the start, since every link and identifier built from it would be wrong.
 */
export function PublicUrlVariable(): PropertyDecorator {
  return ValidateBy({
    name: 'isPublicUrl',
    validator: {
      validate: (value: unknown) =>
        typeof value === 'string' && (value === '' || parsePublicUrl(value) !== undefined),
      defaultMessage: (args) =>
        `${args?.property} must be an http or https URL without query, fragment or credentials ` +
        '(e.g. https://toolhub.example.com or https://example.com/toolhub)',
    },
  });
}
