import { type IncomingMessage } from 'node:http';
import {
  clearedConsoleSessionCookie,
  consoleSessionCookie,
  consoleSessionTokenOf,
} from './console-session-cookie';

const withCookie = (cookie?: string) => ({ headers: { cookie } }) as IncomingMessage;

describe('the console session cookie', () => {
  it('is Secure only on an https server', () => {
    expect(consoleSessionCookie('t0k', 60, true)).toBe(
      'toolhub_console_session=t0k; Path=/oauth; Max-Age=60; HttpOnly; SameSite=Lax; Secure',
    );
    expect(consoleSessionCookie('t0k', 60, false)).not.toContain('Secure');
    expect(clearedConsoleSessionCookie(true)).toBe(
      'toolhub_console_session=; Path=/oauth; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax; Secure',
    );
  });

  it.each([
    ['toolhub_console_session=abc', 'abc'],
    ['_interaction=x; toolhub_console_session=abc; other=y', 'abc'],
    ['other_toolhub_console_session=abc', undefined],
    ['toolhub_console_session=', undefined],
    [undefined, undefined],
  ])('is read from the Cookie header %s', (header, token) => {
    expect(consoleSessionTokenOf(withCookie(header))).toBe(token);
  });
});
