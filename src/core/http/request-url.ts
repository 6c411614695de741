import { InvalidUtf8Error } from '../errors';

/**
 * The error for a URL whose percent-escapes do not decode to UTF-8 (`?search=%FF`, or `%ED%A0%80`,
 * an encoded surrogate): left to the adapters, such a query value silently becomes U+FFFD, and
 * such a path answers differently on each. A `%` that starts no escape stays literal, as the
 * query parsers read it.
 */
export function invalidUtf8UrlError(url: string): InvalidUtf8Error | undefined {
  if (!url.includes('%')) return undefined;
  try {
    decodeURIComponent(url.replace(/%(?![0-9A-Fa-f]{2})/g, '%25'));
    return undefined;
  } catch {
    return InvalidUtf8Error.inUrl();
  }
}
