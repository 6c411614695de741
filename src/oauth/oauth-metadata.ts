import { OAUTH_ROUTES, type OAuthUrls } from './oauth-urls';
import { DEFAULT_SCOPES, OAUTH_SCOPES } from './oauth-scopes';

/** RFC 9728: the MCP endpoint as a protected resource, and `issuer`, who issues its tokens. */
export function protectedResourceMetadata(urls: OAuthUrls, issuer: string) {
  return {
    resource: urls.resource(),
    authorization_servers: [issuer],
    scopes_supported: [...OAUTH_SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: 'toolhub',
  };
}

/** The scopes a client is told to ask for when `/mcp` challenges it. */
export const CHALLENGED_SCOPES = DEFAULT_SCOPES.join(' ');

/** RFC 8414: what the builtin authorization server offers, and where. */
export function authorizationServerMetadata(urls: OAuthUrls) {
  return {
    issuer: urls.issuer(),
    authorization_endpoint: urls.of(OAUTH_ROUTES.authorization),
    token_endpoint: urls.of(OAUTH_ROUTES.token),
    registration_endpoint: urls.of(OAUTH_ROUTES.registration),
    revocation_endpoint: urls.of(OAUTH_ROUTES.revocation),
    jwks_uri: urls.of(OAUTH_ROUTES.jwks),
    scopes_supported: [...OAUTH_SCOPES],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
    authorization_response_iss_parameter_supported: true,
    client_id_metadata_document_supported: true,
  };
}
