import { Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AcceptsForms } from '../core/http/accepts-uploads';
import { nodeRequestOf, sendJson, takeOverResponse } from '../core/http/node-http';
import { AuthorizationServer } from './authorization-server';
import { ClientRegistrations } from './client-registrations';
import { Consent } from './consent';
import { OAuthEnabled, ServedInExternalMode } from './oauth-enabled.guard';
import {
  AuthorizationServerDocs,
  AuthorizeDocs,
  ConsentAnswerDocs,
  ConsentPageDocs,
  InteractionUidParam,
  JwksDocs,
  ProtectedResourceDocs,
  RegisterDocs,
  ResumeDocs,
  RevokeDocs,
  TokenDocs,
} from './oauth-api-docs.decorator';
import { OAuthConfig } from './oauth.config';
import { authorizationServerMetadata, protectedResourceMetadata } from './oauth-metadata';
import {
  AUTHORIZATION_SERVER_METADATA_PATH,
  CONSENT_PATH,
  OAUTH_ROUTES,
  PROTECTED_RESOURCE_METADATA_PATH,
  OAuthUrls,
} from './oauth-urls';
import { renderErrorPage } from './pages/error-page';
import { pageHeaders } from './pages/html';

/**
 * OAuth's endpoints: the metadata that tells clients how to sign in, toolhub's consent page, and
 * the authorization server's own endpoints under `/oauth`, served by oidc-provider on the Node
 * request and response under either adapter. Their bodies and answers are the RFCs'. With an
 * external identity provider, only the protected resource's metadata is left, naming it.
 */
@ApiTags('oauth')
@UseGuards(OAuthEnabled)
@Controller()
export class OAuthController {
  constructor(
    private readonly urls: OAuthUrls,
    private readonly config: OAuthConfig,
    private readonly server: AuthorizationServer,
    private readonly consent: Consent,
    private readonly registrations: ClientRegistrations,
  ) {}

  @Get(PROTECTED_RESOURCE_METADATA_PATH.slice(1))
  @ServedInExternalMode()
  @ProtectedResourceDocs()
  protectedResourceMetadata(@Res() response: unknown): void {
    const issuer =
      this.config.OAUTH_MODE === 'external' ? this.config.OAUTH_ISSUER : this.urls.issuer();
    sendJson(response, 200, protectedResourceMetadata(this.urls, issuer), corsForAll);
  }

  @Get(AUTHORIZATION_SERVER_METADATA_PATH.slice(1))
  @AuthorizationServerDocs()
  authorizationServerMetadata(@Res() response: unknown): void {
    sendJson(response, 200, authorizationServerMetadata(this.urls), corsForAll);
  }

  @Get(OAUTH_ROUTES.authorization)
  @AuthorizeDocs()
  authorize(@Req() request: unknown, @Res() response: unknown): Promise<void> {
    return this.serve(request, response);
  }

  @Get(`${OAUTH_ROUTES.authorization}/:uid`)
  @InteractionUidParam()
  @ResumeDocs()
  resumeAuthorization(@Req() request: unknown, @Res() response: unknown): Promise<void> {
    return this.serve(request, response);
  }

  @Get(`${CONSENT_PATH}/:uid`)
  @InteractionUidParam()
  @ConsentPageDocs()
  async showConsent(@Req() request: unknown, @Res() response: unknown): Promise<void> {
    const res = takeOverResponse(response);
    await pageOnError(res, () => this.consent.show(nodeRequestOf(request), res));
  }

  @Post(`${CONSENT_PATH}/:uid`)
  @HttpCode(303)
  @InteractionUidParam()
  @AcceptsForms()
  @ConsentAnswerDocs()
  async answerConsent(@Req() request: unknown, @Res() response: unknown): Promise<void> {
    const res = takeOverResponse(response);
    await pageOnError(res, () => this.consent.submit(nodeRequestOf(request), res));
  }

  @Post(OAUTH_ROUTES.token)
  @HttpCode(200)
  @AcceptsForms()
  @TokenDocs()
  token(@Req() request: unknown, @Res() response: unknown): Promise<void> {
    return this.serve(request, response);
  }

  @Post(OAUTH_ROUTES.registration)
  @RegisterDocs()
  async registerClient(@Req() request: unknown, @Res() response: unknown): Promise<void> {
    const body = (request as { body?: unknown }).body;
    const admitted = this.registrations.admit(nodeRequestOf(request), body);
    if ('problem' in admitted) {
      sendJson(response, 400, {
        error: 'invalid_redirect_uri',
        error_description: admitted.problem,
      });
      return;
    }
    await this.serve(request, response, admitted.metadata);
  }

  @Post(OAUTH_ROUTES.revocation)
  @HttpCode(200)
  @AcceptsForms()
  @RevokeDocs()
  revoke(@Req() request: unknown, @Res() response: unknown): Promise<void> {
    return this.serve(request, response);
  }

  @Get(OAUTH_ROUTES.jwks)
  @JwksDocs()
  jwks(@Req() request: unknown, @Res() response: unknown): Promise<void> {
    return this.serve(request, response);
  }

  /** Hands the request to the authorization server (with `body`, a JSON body already read). */
  private async serve(request: unknown, response: unknown, body?: unknown): Promise<void> {
    const req = nodeRequestOf(request) as ReturnType<typeof nodeRequestOf> & { body?: unknown };
    // A JSON body (a registration) was parsed already; the server reads it from `body`.
    if (body !== undefined) req.body = body;
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
