import { Controller, Delete, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiKeyGuard } from '../api-keys/api-key.guard';
import { CurrentPrincipal } from '../api-keys/current-principal.decorator';
import { type Principal } from '../api-keys/principal';
import { nodeRequestOf, sendJson, takeOverResponse } from '../core/http/node-http';
import { clearedConsoleSessionCookie, consoleSessionCookie } from './console-session-cookie';
import { CONSOLE_SESSION_SECONDS, ConsoleSessions } from './console-sessions';
import { OAuthEnabled } from './oauth-enabled.guard';
import { EndConsoleSessionDocs, StartConsoleSessionDocs } from './oauth-api-docs.decorator';
import { CONSOLE_SESSION_PATH, OAuthUrls } from './oauth-urls';

/**
 * The console's sign-in as the consent page sees it: the console starts a session with its key
 * when a person signs in, and ends it when they sign out. The session rides in a cookie only
 * the OAuth pages receive, so a consent page in any tab of that browser knows the person.
 */
@ApiTags('oauth')
@UseGuards(OAuthEnabled)
@Controller()
export class ConsoleSessionController {
  constructor(
    private readonly sessions: ConsoleSessions,
    private readonly urls: OAuthUrls,
  ) {}

  @Post(CONSOLE_SESSION_PATH)
  @UseGuards(ApiKeyGuard)
  @StartConsoleSessionDocs()
  async start(@CurrentPrincipal() principal: Principal, @Res() response: unknown): Promise<void> {
    const { token, expiresAt } = await this.sessions.start(principal);
    sendJson(
      response,
      201,
      { user: principal.user, role: principal.role, expires_at: expiresAt.toISOString() },
      {
        'Set-Cookie': consoleSessionCookie(token, CONSOLE_SESSION_SECONDS, this.secure()),
        'Cache-Control': 'no-store',
      },
    );
  }

  /** Needs no key: the cookie is the session's own credential, and it may always be dropped. */
  @Delete(CONSOLE_SESSION_PATH)
  @HttpCode(204)
  @EndConsoleSessionDocs()
  async end(@Req() request: unknown, @Res() response: unknown): Promise<void> {
    await this.sessions.end(nodeRequestOf(request));
    const res = takeOverResponse(response);
    res.writeHead(204, { 'Set-Cookie': clearedConsoleSessionCookie(this.secure()) });
    res.end();
  }

  /** Browsers send a `Secure` cookie only over https: set it so wherever the server is https. */
  private secure(): boolean {
    return this.urls.issuer().startsWith('https:');
  }
}
