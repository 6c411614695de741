import { All, Controller, Get, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { AcceptsForms } from '../core/http/accepts-uploads';
import { nodeRequestOf, sendJson, takeOverResponse } from '../core/http/node-http';
import { AuthorizationServer } from './authorization-server';
import { Consent } from './consent';
import { authorizationServerMetadata, protectedResourceMetadata } from './oauth-metadata';
import {
  AUTHORIZATION_SERVER_METADATA_PATH,
  OAUTH_ROUTES,
  PROTECTED_RESOURCE_METADATA_PATH,
  OAuthUrls,
} from './oauth-urls';
import { renderErrorPage } from './pages/error-page';
import { pageHeaders } from './pages/html';

/**
 * OAuth's endpoints: the metadata that tells clients how to sign in, toolhub's consent page, and
 * the authorization server's own endpoints under `/oauth`, served by oidc-provider on the Node
 * request and response under either adapter. Not in the OpenAPI document: their contract is the
 * RFCs'.
 */
@ApiExcludeController()
@Controller()
export class OAuthController {
  constructor(
    private readonly urls: OAuthUrls,
    private readonly server: AuthorizationServer,
    private readonly consent: Consent,
  ) {}

  @Get(PROTECTED_RESOURCE_METADATA_PATH.slice(1))
  protectedResource(@Res() response: unknown): void {
    sendJson(response, 200, protectedResourceMetadata(this.urls), corsForAll);
  }

  @Get(AUTHORIZATION_SERVER_METADATA_PATH.slice(1))
  authorizationServer(@Res() response: unknown): void {
    sendJson(response, 200, authorizationServerMetadata(this.urls), corsForAll);
  }

  @Get('oauth/consent/:uid')
  async showConsent(@Req() request: unknown, @Res() response: unknown): Promise<void> {
    const res = takeOverResponse(response);
    await pageOnError(res, () => this.consent.show(nodeRequestOf(request), res));
  }

  @Post('oauth/consent/:uid')
  @AcceptsForms()
  async submitConsent(@Req() request: unknown, @Res() response: unknown): Promise<void> {
    const res = takeOverResponse(response);
    await pageOnError(res, () => this.consent.submit(nodeRequestOf(request), res));
  }

  // Named one by one: the same path patterns on both adapters, and nothing else under /oauth.
  @All([
    OAUTH_ROUTES.authorization,
    `${OAUTH_ROUTES.authorization}/:uid`,
    OAUTH_ROUTES.token,
    OAUTH_ROUTES.registration,
    `${OAUTH_ROUTES.registration}/:clientId`,
    OAUTH_ROUTES.revocation,
    OAUTH_ROUTES.jwks,
  ])
  @AcceptsForms()
  async serve(@Req() request: unknown, @Res() response: unknown): Promise<void> {
    const req = nodeRequestOf(request) as ReturnType<typeof nodeRequestOf> & { body?: unknown };
    // A JSON body (a registration) was parsed already; the server reads it from `body`.
    req.body ??= (request as { body?: unknown }).body;
    await this.server.serve(req, takeOverResponse(response));
  }
}

/** Browser clients (such as MCP Inspector) read the metadata from other origins. */
const corsForAll = { 'Access-Control-Allow-Origin': '*' };

/**
 * An interaction that cannot go on (expired, or its cookie missing, as in a post from another
 * site) is an error page with the status oidc-provider gives it, never a 500.
 */
async function pageOnError(
  response: ReturnType<typeof takeOverResponse>,
  serve: () => Promise<void>,
): Promise<void> {
  try {
    await serve();
  } catch (error) {
    const oauthError = error as { status?: number; error?: string; error_description?: string };
    if (typeof oauthError.status !== 'number' || typeof oauthError.error !== 'string') throw error;
    if (response.headersSent) return;
    response.writeHead(oauthError.status, pageHeaders());
    response.end(renderErrorPage(oauthError.error, oauthError.error_description));
  }
}
