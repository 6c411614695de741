/**
 * `OAUTH_MODE=off`: API keys only. OAuth's metadata and endpoints are not there, and a bearer
 * token that looks like an access token is read as the invalid API key it is.
 */
import { describeOnAdapter } from './support/test-app';

describeOnAdapter(
  'OAuth turned off',
  (testApp) => {
    test.each([
      ['GET', '/.well-known/oauth-protected-resource/mcp'],
      ['GET', '/.well-known/oauth-authorization-server'],
      ['GET', '/oauth/jwks'],
      ['POST', '/oauth/register'],
    ])('%s %s is 404', async (method, path) => {
      const response = await testApp()
        .http[method === 'GET' ? 'get' : 'post'](path)
        .send(method === 'GET' ? undefined : { redirect_uris: ['https://claude.ai/cb'] });
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    });

    test('a JWT is no credential', async () => {
      const response = await testApp()
        .http.get('/api/v1/tools')
        .set('Authorization', 'Bearer eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJhZGEifQ.c2ln');
      expect(response.status).toBe(401);
      expect(response.body.error.message).toBe('The API key is invalid or has been revoked');
    });
  },
  { env: { OAUTH_MODE: 'off' } },
);
