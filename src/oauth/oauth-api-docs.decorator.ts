import { applyDecorators } from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiOperation, ApiParam, ApiResponse } from '@nestjs/swagger';
import { TooManyKeyFailuresError, UnauthorizedError } from '../api-keys/api-key.errors';
import { ApiErrorResponses } from '../core/http/api-error-responses.decorator';
import { ApiKeyRequiredError } from './oauth.errors';

const ISSUER = 'https://toolhub.example.com';

const PROTECTED_RESOURCE_EXAMPLE = {
  resource: `${ISSUER}/mcp`,
  authorization_servers: [ISSUER],
  scopes_supported: ['tools', 'runs', 'registry', 'admin'],
  bearer_methods_supported: ['header'],
  resource_name: 'toolhub',
};

const AUTHORIZATION_SERVER_EXAMPLE = {
  issuer: ISSUER,
  authorization_endpoint: `${ISSUER}/oauth/authorize`,
  token_endpoint: `${ISSUER}/oauth/token`,
  registration_endpoint: `${ISSUER}/oauth/register`,
  revocation_endpoint: `${ISSUER}/oauth/revoke`,
  jwks_uri: `${ISSUER}/oauth/jwks`,
  scopes_supported: ['tools', 'runs', 'registry', 'admin'],
  response_types_supported: ['code'],
  code_challenge_methods_supported: ['S256'],
  token_endpoint_auth_methods_supported: ['none'],
  authorization_response_iss_parameter_supported: true,
};

/** An answer as JSON, with one example. */
function json(status: number, description: string, example: unknown) {
  return ApiResponse({
    status,
    description,
    content: { 'application/json': { schema: { type: 'object' }, example } },
  });
}

/** An answer as an HTML page (the consent page, or an error page). */
function html(status: number, description: string) {
  return ApiResponse({
    status,
    description,
    content: { 'text/html': { schema: { type: 'string' } } },
  });
}

function redirect(description: string) {
  return ApiResponse({ status: 303, description });
}

/** An OAuth error body of RFC 6749 (section 5.2). */
const oauthError = (status: number, error: string, description: string) =>
  json(status, description, { error, error_description: description });

export const ProtectedResourceDocs = () =>
  applyDecorators(
    ApiOperation({
      summary: 'Protected-resource metadata of /mcp (RFC 9728): where its tokens come from',
    }),
    json(200, 'The metadata', PROTECTED_RESOURCE_EXAMPLE),
  );

export const AuthorizationServerDocs = () =>
  applyDecorators(
    ApiOperation({ summary: 'Authorization-server metadata (RFC 8414)' }),
    json(200, 'The metadata', AUTHORIZATION_SERVER_EXAMPLE),
  );

export const AuthorizeDocs = () =>
  applyDecorators(
    ApiOperation({
      summary:
        'Authorization request: code flow with PKCE S256 and a resource; on to the consent page',
    }),
    redirect('To the consent page, or back to the client with an error (and state, iss)'),
    html(400, 'An unknown client or an unregistered redirect URI: an error page, no redirect'),
  );

export const ResumeDocs = () =>
  applyDecorators(
    ApiOperation({ summary: 'Where the consent page sends the browser back to the flow' }),
    redirect('Back to the client with a code (and state, iss), or an error'),
    html(400, 'The sign-in has expired or cannot continue'),
  );

export const ConsentPageDocs = () =>
  applyDecorators(
    ApiOperation({ summary: 'The consent page: the client, its redirect host, resource, scopes' }),
    html(200, 'The page'),
    html(400, 'The sign-in has expired, or this browser did not start it'),
  );

export const ConsentAnswerDocs = () =>
  applyDecorators(
    ApiOperation({
      summary: "Approve (with an API key, or the browser's console session) or deny a client",
    }),
    ApiConsumes('application/x-www-form-urlencoded'),
    redirect('On to the flow; a denial ends with access_denied at the client'),
    html(
      401,
      'The API key given is not valid, or none was given and no console session can answer: the page again',
    ),
    html(403, 'The form was posted from another site'),
  );

export const TokenDocs = () =>
  applyDecorators(
    ApiOperation({ summary: 'Token request: a code (with its PKCE verifier) or a refresh token' }),
    ApiConsumes('application/x-www-form-urlencoded'),
    json(200, 'Access token (a JWT), its lifetime and a new refresh token', {
      access_token: 'eyJhbGciOiJFUzI1NiIsInR5cCI6ImF0K2p3dCJ9…',
      token_type: 'Bearer',
      expires_in: 3600,
      refresh_token: 'rJ0pX…',
      scope: 'tools runs registry',
    }),
    oauthError(400, 'invalid_grant', 'grant request is invalid'),
  );

export const RegisterDocs = () =>
  applyDecorators(
    ApiOperation({ summary: 'Dynamic client registration (RFC 7591)' }),
    json(201, 'The registered client', {
      client_id: 'eQvboeK07gSb3_iErQP45QJvCktpk9E9fw19KigoM0l',
      client_name: 'My MCP client',
      redirect_uris: ['http://127.0.0.1:33418/callback'],
      token_endpoint_auth_method: 'none',
    }),
    oauthError(
      400,
      'invalid_redirect_uri',
      "redirect_uris must be https, http on a loopback address, or an app's own scheme; not http://app.example/cb",
    ),
    ApiResponse({ status: 429, description: 'Too many registrations from this address' }),
  );

export const RevokeDocs = () =>
  applyDecorators(
    ApiOperation({ summary: 'Revoke a refresh token, and with it its grant (RFC 7009)' }),
    ApiConsumes('application/x-www-form-urlencoded'),
    ApiResponse({ status: 200, description: 'Revoked (or already unknown)' }),
  );

export const JwksDocs = () =>
  applyDecorators(
    ApiOperation({ summary: 'The public keys access tokens are signed with' }),
    json(200, 'A JWK set', {
      keys: [{ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig', kid: '1d4f…', x: '…', y: '…' }],
    }),
  );

export const StartConsoleSessionDocs = () =>
  applyDecorators(
    ApiOperation({
      operationId: 'startConsoleSession',
      summary:
        'Start a console session for the consent page: an HttpOnly cookie, for /oauth only, for 12 hours',
    }),
    ApiBearerAuth(),
    json(201, 'Started; the session token is in the Set-Cookie header only', {
      user: 'ada',
      role: 'member',
      expires_at: '2026-11-29T22:30:00.000Z',
    }),
    ApiErrorResponses(
      UnauthorizedError.missing(),
      UnauthorizedError.invalid(),
      new ApiKeyRequiredError(),
      new TooManyKeyFailuresError(42),
    ),
  );

export const EndConsoleSessionDocs = () =>
  applyDecorators(
    ApiOperation({
      operationId: 'endConsoleSession',
      summary: "End the browser's console session (its cookie) and clear the cookie",
    }),
    ApiResponse({ status: 204, description: 'Ended (or there was none); the cookie is cleared' }),
  );

/** The id of one sign-in in progress, which the authorization server gave it. */
export const InteractionUidParam = () =>
  ApiParam({ name: 'uid', description: 'The sign-in in progress' });
