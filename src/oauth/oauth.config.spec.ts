import { validateEnvironment } from '../core/config';
import { OAuthConfig } from './oauth.config';

const load = (env: Record<string, string>) => validateEnvironment(OAuthConfig, (name) => env[name]);

describe('OAUTH_MODE=external', () => {
  test('refuses to start without OAUTH_ISSUER, saying so', () => {
    expect(() => load({ OAUTH_MODE: 'external' })).toThrow(
      'OAUTH_ISSUER is required when OAUTH_MODE is external',
    );
  });

  test.each([
    'http://login.example.com/realms/toolhub',
    'https://login.example.com/realms/toolhub?tenant=1',
    'ftp://login.example.com',
    'not a url',
  ])('refuses the issuer %s', (issuer) => {
    expect(() => load({ OAUTH_MODE: 'external', OAUTH_ISSUER: issuer })).toThrow(
      'OAUTH_ISSUER must be an https URL (or http on localhost, 127.0.0.1 or [::1])',
    );
  });

  test.each([
    'https://login.example.com/realms/toolhub',
    'http://127.0.0.1:8080',
    'http://localhost:9000/t',
  ])('accepts the issuer %s', (issuer) => {
    expect(load({ OAUTH_MODE: 'external', OAUTH_ISSUER: issuer }).OAUTH_ISSUER).toBe(issuer);
  });

  test('reads the admin values as a list', () => {
    const config = load({
      OAUTH_MODE: 'external',
      OAUTH_ISSUER: 'https://example.okta.com/oauth2/default',
      OAUTH_ADMIN_VALUES: 'toolhub-admin, ops,',
    });
    expect(config.adminValues()).toEqual(['toolhub-admin', 'ops']);
  });

  test('needs no issuer in the other modes', () => {
    expect(load({ OAUTH_MODE: 'builtin' }).OAUTH_ISSUER).toBe('');
    expect(load({ OAUTH_MODE: 'off' }).OAUTH_MODE).toBe('off');
  });
});
