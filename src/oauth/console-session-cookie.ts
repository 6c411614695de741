import { type IncomingMessage } from 'node:http';

/** The cookie that carries a console session to the consent page. */
export const CONSOLE_SESSION_COOKIE = 'toolhub_console_session';

/**
 * Only the OAuth pages receive it: the console's own calls and every other page of this origin
 * (Swagger UI among them) never see it, and scripts cannot read it.
 */
const COOKIE_PATH = '/oauth';

/**
 * `Lax`, not `Strict`: a client sends the browser to `/oauth/authorize` from its own site, and a
 * `Strict` cookie would not come with that navigation or the redirects after it. `Lax` cookies
 * do not come with another site's posts either; the consent form checks where it was posted from.
 */
const SAME_SITE = 'Lax';

/** The session token a request's `Cookie` header carries, if any. */
export function consoleSessionTokenOf(request: IncomingMessage): string | undefined {
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = pair.trim().split('=');
    const token = value.join('=');
    if (name === CONSOLE_SESSION_COOKIE && token) return token;
  }
  return undefined;
}

/** The `Set-Cookie` that stores `token` for `maxAgeSeconds`; `Secure` on an https server. */
export function consoleSessionCookie(
  token: string,
  maxAgeSeconds: number,
  secure: boolean,
): string {
  return cookie(`${CONSOLE_SESSION_COOKIE}=${token}`, `Max-Age=${maxAgeSeconds}`, secure);
}

/** The `Set-Cookie` that makes the browser forget the session. */
export function clearedConsoleSessionCookie(secure: boolean): string {
  return cookie(
    `${CONSOLE_SESSION_COOKIE}=`,
    'Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT',
    secure,
  );
}

function cookie(pair: string, lifetime: string, secure: boolean): string {
  return [pair, `Path=${COOKIE_PATH}`, lifetime, 'HttpOnly', `SameSite=${SAME_SITE}`]
    .concat(secure ? ['Secure'] : [])
    .join('; ');
}
