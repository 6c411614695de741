import { metadataUrlsOf } from './external-issuer';

describe('metadataUrlsOf', () => {
  test.each([
    [
      'https://sso.example.com/realms/toolhub',
      'https://sso.example.com/.well-known/oauth-authorization-server/realms/toolhub',
      'https://sso.example.com/realms/toolhub/.well-known/openid-configuration',
    ],
    [
      'https://tenant.auth0.com/',
      'https://tenant.auth0.com/.well-known/oauth-authorization-server',
      'https://tenant.auth0.com/.well-known/openid-configuration',
    ],
    [
      'https://login.microsoftonline.com/0000-tenant/v2.0',
      'https://login.microsoftonline.com/.well-known/oauth-authorization-server/0000-tenant/v2.0',
      'https://login.microsoftonline.com/0000-tenant/v2.0/.well-known/openid-configuration',
    ],
  ])('for %s: RFC 8414 first, then OpenID Connect', (issuer, rfc8414, openIdConnect) => {
    expect(metadataUrlsOf(issuer)).toEqual([rfc8414, openIdConnect]);
  });
});
