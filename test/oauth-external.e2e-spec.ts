/**
 * `OAUTH_MODE=external`: the access tokens of another identity provider, here one in the test
 * process that publishes OpenID Connect discovery and its keys and signs with `jose`, act as
 * their user wherever an API key does, within their scopes; the role claim makes admins. A
 * token the issuer did not sign for this audience, in its time, with one of its keys, is
 * refused; a key rotation reaches toolhub without a restart. Toolhub's own authorization
 * server is not there.
 */
import { SignJWT, generateKeyPair } from 'jose';
import { bearerFor } from './support/api-key';
import { eventually } from './support/eventually';
import { McpClients, listeningUrl } from './support/mcp-clients';
import { TestIssuer } from './support/oauth-issuer';
import { SELECTED_ADAPTER, type TestApp, startTestApp } from './support/test-app';
import { type ToolServer, startHttpToolServer } from './support/tool-servers';

const PUBLIC_URL = 'https://toolhub.example';
const AUDIENCE = `${PUBLIC_URL}/mcp`;
const RESOURCE_METADATA = `${PUBLIC_URL}/.well-known/oauth-protected-resource/mcp`;

describe(`OAuth with an external identity provider [${SELECTED_ADAPTER}]`, () => {
  let issuer: TestIssuer;
  let testApp: TestApp;
  let endpoint: ToolServer;
  const clients = new McpClients();

  /** A token of the test issuer for toolhub, of `user` with `scope`, over `claims`. */
  const tokenOf = (user: string, scope: string, claims: Record<string, unknown> = {}) =>
    issuer.sign({ sub: user, aud: AUDIENCE, scope, ...claims });

  const get = (path: string, token: string) =>
    testApp.http.get(path).set('Authorization', `Bearer ${token}`);

  beforeAll(async () => {
    issuer = await TestIssuer.start();
    testApp = await startTestApp(SELECTED_ADAPTER, {
      env: {
        OAUTH_MODE: 'external',
        OAUTH_ISSUER: issuer.issuer,
        PUBLIC_URL,
        OAUTH_ROLE_CLAIM: 'realm_access.roles',
        OAUTH_ADMIN_VALUES: 'toolhub-admin, ops',
        // The suite sends many refused tokens on purpose, and polls with them for a key refetch.
        AUTH_FAILURES_PER_MINUTE: '1000000',
      },
    });
    endpoint = await startHttpToolServer();
    const registered = await testApp.http
      .post('/api/v1/tools')
      .set('Authorization', await bearerFor(testApp.app, 'admin'))
      .send({
        name: 'private_quote',
        parameters: { type: 'object' },
        implementation: { type: 'http', url: endpoint.url },
      });
    expect(registered.status).toBe(201);
  }, 120_000);
  afterAll(async () => {
    await clients.closeAll();
    await testApp?.close();
    await endpoint?.close();
    await issuer?.close();
  });

  test('the protected-resource metadata names the external issuer', async () => {
    const response = await testApp.http.get('/.well-known/oauth-protected-resource/mcp');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      resource: AUDIENCE,
      authorization_servers: [issuer.issuer],
      bearer_methods_supported: ['header'],
    });
  });

  test.each([
    ['GET', '/.well-known/oauth-authorization-server'],
    ['GET', '/oauth/jwks'],
    ['GET', '/oauth/authorize'],
    ['POST', '/oauth/token'],
    ['POST', '/oauth/register'],
  ])("toolhub's own authorization server is not there: %s %s is 404", async (method, path) => {
    const response = await testApp.http[method === 'GET' ? 'get' : 'post'](path);
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
  });

  test('a token of the issuer lists and calls a private tool over MCP, as its user', async () => {
    const token = await tokenOf('ada', 'tools');
    const baseUrl = await listeningUrl(testApp);
    const anonymous = await clients.connectHttp(baseUrl);
    const { tools: publicTools } = await anonymous.client.listTools();
    expect(publicTools.map((tool) => tool.name)).not.toContain('private_quote');

    const { client } = await clients.connectHttp(baseUrl, 'external-e2e', {
      Authorization: `Bearer ${token}`,
    });
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('private_quote');
    const result = await client.callTool({ name: 'private_quote', arguments: { q: 7 } });
    expect(result.isError).toBeFalsy();
    expect(JSON.parse(endpoint.requests.at(-1)?.body ?? '')).toEqual({ q: 7 });
  });

  test('over REST too, as the user the token names, a member without an admin role', async () => {
    const token = await tokenOf('ada', 'tools registry');
    const listed = await get('/api/tools', token);
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).toContain('private_quote');
    const me = await get('/api/v1/me', token);
    expect(me.body).toEqual({ key_id: 'oauth:e2e-connector', user: 'ada', role: 'member' });
  });

  test('scopes given as an `scp` array count as `scope` does', async () => {
    const token = await issuer.sign({ sub: 'ada', aud: [AUDIENCE, 'account'], scp: ['tools'] });
    expect((await get('/api/tools', token)).status).toBe(200);
    expect((await get('/api/v1/sessions', token)).status).toBe(403);
  });

  test('the role claim makes an admin, who acts as one with the admin scope', async () => {
    const admin = await tokenOf('grace', 'tools admin', {
      realm_access: { roles: ['offline_access', 'toolhub-admin'] },
    });
    expect((await get('/api/v1/me', admin)).body).toMatchObject({ user: 'grace', role: 'admin' });
    expect((await get('/api/v1/keys', admin)).status).toBe(200);

    const member = await tokenOf('ada', 'tools admin', { realm_access: { roles: ['viewer'] } });
    expect((await get('/api/v1/me', member)).body).toMatchObject({ role: 'member' });
    expect((await get('/api/v1/keys', member)).status).toBe(403);
  });

  test('a token without the scope a path needs is 403 insufficient_scope', async () => {
    const token = await tokenOf('grace', 'tools', { realm_access: { roles: ['ops'] } });
    const response = await get('/api/v1/keys', token);
    expect(response.status).toBe(403);
    expect(response.headers['www-authenticate']).toBe(
      `Bearer error="insufficient_scope", scope="admin", resource_metadata="${RESOURCE_METADATA}"`,
    );
  });

  test.each<[string, () => Promise<string>]>([
    [
      'for another audience',
      () => issuer.sign({ sub: 'ada', aud: 'https://other.example/mcp', scope: 'tools' }),
    ],
    ['of another issuer', () => tokenOf('ada', 'tools', { iss: 'https://evil.example' })],
    [
      'expired',
      () => issuer.sign({ sub: 'ada', aud: AUDIENCE, scope: 'tools' }, { expiresIn: '-1m' }),
    ],
    ['without a user', () => issuer.sign({ aud: AUDIENCE, scope: 'tools' })],
    [
      'signed with HS256',
      () =>
        new SignJWT({ iss: issuer.issuer, sub: 'ada', aud: AUDIENCE, scope: 'tools' })
          .setProtectedHeader({ alg: 'HS256', kid: 'key-1' })
          .setExpirationTime('5m')
          .sign(new TextEncoder().encode('a-secret-anyone-could-guess-123456')),
    ],
    [
      'unsigned (alg none)',
      async () => {
        const [header, payload] = (await tokenOf('ada', 'tools')).split('.');
        const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
        expect(header).not.toBe(none);
        return `${none}.${payload}.`;
      },
    ],
    [
      'signed with a key the issuer does not publish',
      async () => {
        const { privateKey } = await generateKeyPair('RS256');
        return new SignJWT({ iss: issuer.issuer, sub: 'ada', aud: AUDIENCE, scope: 'tools' })
          .setProtectedHeader({ alg: 'RS256', kid: 'forged' })
          .setExpirationTime('5m')
          .sign(privateKey);
      },
    ],
  ])('a token %s is 401 invalid_token', async (_, forge) => {
    const response = await get('/api/tools', await forge());
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } });
    expect(response.headers['www-authenticate']).toBe(
      `Bearer error="invalid_token", resource_metadata="${RESOURCE_METADATA}"`,
    );
  });

  test("the issuer's new key is used without a restart, and its old one no more", async () => {
    const before = await tokenOf('ada', 'tools');
    expect((await get('/api/tools', before)).status).toBe(200);
    await issuer.rotate();
    const after = await tokenOf('ada', 'tools');
    // Toolhub fetches the keys again for the unknown key, at most once a second.
    await eventually('the rotated key to be accepted', async () =>
      (await get('/api/tools', after)).status === 200 ? true : undefined,
    );
    expect((await get('/api/tools', before)).status).toBe(401);
  });

  test('an issuer whose keys cannot be fetched is 503, not a fault of the token', async () => {
    await issuer.rotate();
    const token = await tokenOf('ada', 'tools');
    await issuer.close();
    // Toolhub fetches the keys again for the unknown key, at most once a second.
    const response = await eventually('the key fetch to fail', async () => {
      const answer = await get('/api/tools', token);
      return answer.status === 401 ? undefined : answer;
    });
    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({
      success: false,
      error: { code: 'OAUTH_ISSUER_UNAVAILABLE' },
    });
  });
});
