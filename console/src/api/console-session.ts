import { storedKey } from './key-store';

/**
 * The browser's console session, which OAuth's consent page recognises in any tab: the server
 * keeps it in an HttpOnly cookie that only its `/oauth` pages receive, so the key itself stays
 * in this tab. Where OAuth is off the calls fail, and the console works as ever.
 */
const CONSOLE_SESSION = '/oauth/console-session';

/** Started with the tab's key, just after signing in. */
export async function startConsoleSession(): Promise<void> {
  const key = storedKey();
  if (!key) return;
  await fetch(CONSOLE_SESSION, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}` },
    cache: 'no-store',
  }).catch(() => undefined);
}

/** Ended on signing out: the server forgets it and the browser drops the cookie. */
export async function endConsoleSession(): Promise<void> {
  await fetch(CONSOLE_SESSION, { method: 'DELETE', cache: 'no-store' }).catch(() => undefined);
}
