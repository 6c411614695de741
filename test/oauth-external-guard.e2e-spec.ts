/**
 * External mode reaches its issuer through the outbound guard, like every call toolhub makes: an
 * issuer on an address tools may not reach (here loopback, which this app's TOOL_URL_ALLOW does
 * not open) is never contacted, and a token can then not be checked (503), not refused as bad.
 */
import { TestIssuer } from './support/oauth-issuer';
import { SELECTED_ADAPTER, type TestApp, startTestApp } from './support/test-app';

describe(`OAuth external mode behind the outbound guard [${SELECTED_ADAPTER}]`, () => {
  let issuer: TestIssuer;
  let testApp: TestApp;

  beforeAll(async () => {
    issuer = await TestIssuer.start();
    testApp = await startTestApp(SELECTED_ADAPTER, {
      env: {
        OAUTH_MODE: 'external',
        OAUTH_ISSUER: issuer.issuer,
        PUBLIC_URL: 'https://toolhub.example',
        TOOL_URL_ALLOW: '10.9.9.9',
      },
    });
  });
  afterAll(async () => {
    await testApp?.close();
    await issuer?.close();
  });

  test('an issuer on loopback is not contacted unless TOOL_URL_ALLOW opens it', async () => {
    const token = await issuer.sign({ sub: 'ada', aud: 'https://toolhub.example/mcp' });
    const response = await testApp.http.get('/api/tools').set('Authorization', `Bearer ${token}`);
    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({ error: { code: 'OAUTH_ISSUER_UNAVAILABLE' } });
    expect(issuer.requests).toBe(0);
  });
});
