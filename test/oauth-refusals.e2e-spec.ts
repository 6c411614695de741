/**
 * What the authorization server and the resource refuse, each with the error the RFCs name and
 * never a 5xx: authorization requests without PKCE S256, without the resource or for another
 * one, to a redirect URI the client never registered (an error page, no redirect); a code
 * redeemed with the wrong verifier or twice; a refresh token used twice (its grant revoked);
 * revoked grants; forged, foreign-key and wrong-audience tokens; a missing scope; a member
 * asking for `admin`; a denial; a consent form posted from another site.
 */
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import type * as Jose from 'jose';
import { esmImport } from '../src/core/esm-import';
import { OAuthKeys } from '../src/oauth/oauth-keys';
import { bearerFor } from './support/api-key';
import { listeningUrl } from './support/mcp-clients';
import { CALLBACK_URL, Person, type Visit } from './support/oauth-clients';
import { describeOnAdapter } from './support/test-app';

const loadJose = esmImport<typeof Jose>('jose');

interface Tokens {
  access_token: string;
  refresh_token: string;
  scope: string;
}

describeOnAdapter(
  'OAuth refusals',
  (testApp) => {
    let base: string;
    let memberKey: string;
    let adminKey: string;
    let clientId: string;

    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');

    const authorizeUrl = (params: Record<string, string | undefined>) => {
      const url = new URL('/oauth/authorize', base);
      const all = {
        response_type: 'code',
        client_id: clientId,
        redirect_uri: CALLBACK_URL,
        scope: 'tools runs registry',
        resource: `${base}/mcp`,
        state: 'st-123',
        code_challenge: challenge,
        code_challenge_method: 'S256',
        ...params,
      };
      for (const [name, value] of Object.entries(all)) {
        if (value !== undefined) url.searchParams.set(name, value);
      }
      return url;
    };

    const token = async (form: Record<string, string>) => {
      const response = await fetch(`${base}/oauth/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_id: clientId, ...form }).toString(),
      });
      return { status: response.status, body: (await response.json()) as Record<string, string> };
    };

    const redeem = (code: string, codeVerifier = verifier) =>
      token({
        grant_type: 'authorization_code',
        code,
        code_verifier: codeVerifier,
        redirect_uri: CALLBACK_URL,
        resource: `${base}/mcp`,
      });

    /** Signs in as `key`'s person with `params`; the tokens. */
    const signIn = async (key = memberKey, params: Record<string, string> = {}) => {
      const callback = await new Person(base).approve(authorizeUrl(params), key);
      const { status, body } = await redeem(callback.get('code') ?? '');
      expect(status).toBe(200);
      return body as unknown as Tokens;
    };

    const callWith = (accessToken: string, path = '/api/v1/tools') =>
      testApp().http.get(path).set('Authorization', `Bearer ${accessToken}`);

    /** A token with these claims, signed with `key` (the server's own unless given). */
    const forge = async (claims: Record<string, unknown>, key?: Jose.CryptoKey | Uint8Array) => {
      const jose = await loadJose();
      const [own] = (await testApp().app.get(OAuthKeys).load()).signing;
      const signingKey = key ?? (await jose.importJWK(own, 'ES256'));
      return new jose.SignJWT({
        iss: base,
        aud: `${base}/mcp`,
        sub: 'ada',
        scope: 'tools runs registry',
        client_id: clientId,
        ...claims,
      })
        .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: own.kid })
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(signingKey);
    };

    const register = (redirectUris: string[]) =>
      fetch(`${base}/oauth/register`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          client_name: 'Refusals',
          redirect_uris: redirectUris,
          token_endpoint_auth_method: 'none',
          grant_types: ['authorization_code', 'refresh_token'],
        }),
      });

    beforeAll(async () => {
      base = (await listeningUrl(testApp())).replace('127.0.0.1', 'localhost');
      memberKey = (await bearerFor(testApp().app, 'ada', 'ada', 'member')).slice(7);
      adminKey = (await bearerFor(testApp().app, 'root', 'root', 'admin')).slice(7);
      const registered = await register([CALLBACK_URL]);
      expect(registered.status).toBe(201);
      clientId = ((await registered.json()) as { client_id: string }).client_id;
    });

    const callbackOf = async (url: URL): Promise<URLSearchParams> => {
      const visit = await new Person(base).open(url);
      if (visit.kind !== 'callback') throw new Error(`expected a redirect, got ${visit.status}`);
      return visit.params;
    };

    test('an approved sign-in comes back with the code, the state and the issuer', async () => {
      const callback = await new Person(base).approve(authorizeUrl({}), memberKey);
      expect(callback.get('state')).toBe('st-123');
      expect(callback.get('iss')).toBe(base);
      expect(callback.get('code')).toEqual(expect.any(String));
    });

    test.each([
      ['no code challenge', { code_challenge: undefined, code_challenge_method: undefined }],
      ['the plain method', { code_challenge_method: 'plain', code_challenge: verifier }],
    ])('%s is refused with invalid_request', async (_case, params) => {
      const callback = await callbackOf(authorizeUrl(params));
      expect(callback.get('error')).toBe('invalid_request');
      expect(callback.get('state')).toBe('st-123');
    });

    test.each([
      ['no resource', undefined],
      ['another resource', 'https://elsewhere.example/mcp'],
    ])('%s is refused with invalid_target', async (_case, resource) => {
      const callback = await callbackOf(authorizeUrl({ resource: resource }));
      expect(callback.get('error')).toBe('invalid_target');
    });

    test('a redirect URI the client never registered gets an error page, not a redirect', async () => {
      const visit = await new Person(base).open(
        authorizeUrl({ redirect_uri: 'https://attacker.example/cb' }),
      );
      expect(visit).toMatchObject({ kind: 'page', status: 400 });
      expect((visit as Extract<Visit, { kind: 'page' }>).html).toContain('invalid_redirect_uri');
    });

    test('a code redeemed with the wrong verifier, or a second time, is invalid_grant', async () => {
      const callback = await new Person(base).approve(authorizeUrl({}), memberKey);
      const code = callback.get('code') ?? '';
      expect(await redeem(code, randomBytes(32).toString('base64url'))).toMatchObject({
        status: 400,
        body: { error: 'invalid_grant' },
      });
      const again = await new Person(base).approve(authorizeUrl({}), memberKey);
      const first = await redeem(again.get('code') ?? '');
      expect(first.status).toBe(200);
      expect(await redeem(again.get('code') ?? '')).toMatchObject({
        status: 400,
        body: { error: 'invalid_grant' },
      });
    });

    test('refresh tokens rotate; using one twice revokes the grant and its access tokens', async () => {
      const tokens = await signIn();
      expect(tokens.scope).toBe('tools runs registry');
      const refreshed = await token({
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
      });
      expect(refreshed.status).toBe(200);
      expect(refreshed.body.refresh_token).not.toBe(tokens.refresh_token);
      expect((await callWith(refreshed.body.access_token)).status).toBe(200);

      const replayed = await token({
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
      });
      expect(replayed).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
      const next = await token({
        grant_type: 'refresh_token',
        refresh_token: refreshed.body.refresh_token,
      });
      expect(next).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
      const refused = await callWith(refreshed.body.access_token);
      expect(refused.status).toBe(401);
      expect(refused.headers['www-authenticate']).toContain('error="invalid_token"');
    });

    test('revoking the refresh token (RFC 7009) ends its access tokens at once', async () => {
      const tokens = await signIn();
      expect((await callWith(tokens.access_token)).status).toBe(200);
      const revoked = await fetch(`${base}/oauth/revoke`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_id: clientId, token: tokens.refresh_token }).toString(),
      });
      expect(revoked.status).toBe(200);
      expect((await callWith(tokens.access_token)).status).toBe(401);
    });

    test('a token without the scope a route needs is 403 insufficient_scope', async () => {
      const tokens = await signIn(memberKey, { scope: 'tools' });
      const response = await callWith(tokens.access_token, '/api/v1/tools');
      expect(response.status).toBe(403);
      expect(response.headers['www-authenticate']).toContain(
        'Bearer error="insufficient_scope", scope="registry"',
      );
      expect((await callWith(tokens.access_token, '/api/tools')).status).toBe(200);
    });

    test('a member token never acts as an admin; an admin grants admin only when asked', async () => {
      const member = await signIn();
      expect((await callWith(member.access_token, '/api/v1/keys')).status).toBe(403);
      const admin = await signIn(adminKey, { scope: 'tools admin' });
      expect((await callWith(admin.access_token, '/api/v1/keys')).status).toBe(200);
    });

    test('a member asking for admin is refused with invalid_scope', async () => {
      const callback = await new Person(base).approve(
        authorizeUrl({ scope: 'tools admin' }),
        memberKey,
      );
      expect(callback.get('error')).toBe('invalid_scope');
      expect(callback.get('state')).toBe('st-123');
    });

    test('denying comes back as access_denied', async () => {
      const person = new Person(base);
      const page = await person.open(authorizeUrl({}));
      const answer = await person.answer(page, { decision: 'deny' });
      expect(answer.kind === 'callback' && answer.params.get('error')).toBe('access_denied');
    });

    test('a consent form posted from another site is refused', async () => {
      const person = new Person(base);
      const page = await person.open(authorizeUrl({}));
      const answer = await person.answer(
        page,
        { decision: 'approve', api_key: memberKey },
        { Origin: 'https://attacker.example' },
      );
      expect(answer).toMatchObject({ kind: 'page', status: 403 });
    });

    test('forged tokens are 401: alg none, another key, another audience or issuer', async () => {
      const jose = await loadJose();
      const valid = await signIn();
      const [, payload] = valid.access_token.split('.');
      const none = `${Buffer.from('{"alg":"none","typ":"at+jwt"}').toString('base64url')}.${payload}.`;
      const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const foreign = await forge(
        {},
        await jose.importJWK(privateKey.export({ format: 'jwk' }), 'ES256'),
      );
      const grantId = (jose.decodeJwt(valid.access_token) as { grant_id: string }).grant_id;
      const elsewhere = await forge({ grant_id: grantId, aud: 'https://elsewhere.example/mcp' });
      const otherIssuer = await forge({ grant_id: grantId, iss: 'https://issuer.example' });
      expect((await callWith(await forge({ grant_id: grantId }))).status).toBe(200);
      for (const forged of [none, foreign, elsewhere, otherIssuer]) {
        const response = await callWith(forged);
        expect(response.status).toBe(401);
      }
    });

    test('a person lists their connected clients, and disconnecting one ends its tokens at once', async () => {
      const mine = await signIn();
      const grantOf = (accessToken: string) =>
        (
          JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()) as {
            grant_id: string;
          }
        ).grant_id;
      const adminsGrant = grantOf((await signIn(adminKey, { scope: 'tools' })).access_token);
      const listed = await testApp()
        .http.get('/api/v1/oauth/grants')
        .set('Authorization', `Bearer ${memberKey}`);
      expect(listed.status).toBe(200);
      const grants = listed.body.grants as { id: string; user: string }[];
      expect(grants.every((grant) => grant.user === 'ada')).toBe(true);
      expect(grants.find((grant) => grant.id === grantOf(mine.access_token))).toMatchObject({
        client_id: clientId,
        client_name: 'Refusals',
        scopes: ['tools', 'runs', 'registry'],
        created_at: expect.any(String),
      });
      const everyone = await testApp()
        .http.get('/api/v1/oauth/grants')
        .set('Authorization', `Bearer ${adminKey}`);
      expect((everyone.body.grants as { id: string }[]).map((grant) => grant.id)).toContain(
        adminsGrant,
      );

      const notTheirs = await testApp()
        .http.delete(`/api/v1/oauth/grants/${adminsGrant}`)
        .set('Authorization', `Bearer ${memberKey}`);
      expect(notTheirs.status).toBe(404);
      expect(notTheirs.body.error.code).toBe('OAUTH_GRANT_NOT_FOUND');

      const disconnected = await testApp()
        .http.delete(`/api/v1/oauth/grants/${grantOf(mine.access_token)}`)
        .set('Authorization', `Bearer ${memberKey}`);
      expect(disconnected.status).toBe(200);
      expect((await callWith(mine.access_token)).status).toBe(401);
      const refreshed = await token({
        grant_type: 'refresh_token',
        refresh_token: mine.refresh_token,
      });
      expect(refreshed).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    });

    test('a loopback callback on another port than registered is accepted (RFC 8252)', async () => {
      const callback = await new Person(base).approve(
        authorizeUrl({ redirect_uri: CALLBACK_URL.replace(':9/', ':4567/') }),
        memberKey,
      );
      expect(callback.get('code')).toEqual(expect.any(String));
    });

    test('registrations name https, loopback or app-scheme redirect URIs only, and are limited', async () => {
      const refused = await register(['http://app.example/cb']);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ error: 'invalid_redirect_uri' });
      const app = await register(['cursor://anysphere.cursor-retrieval/oauth/callback']);
      expect(app.status).toBe(201);
      expect(await app.json()).toMatchObject({ application_type: 'native' });
      // The suite's own client, these two and this one make the four a minute allowed.
      expect((await register(['https://claude.ai/api/mcp/auth_callback'])).status).toBe(201);
      const flood = await register(['https://claude.ai/api/mcp/auth_callback']);
      expect(flood.status).toBe(429);
      expect(Number(flood.headers.get('retry-after'))).toBeGreaterThan(0);
    });
  },
  { env: { OAUTH_REGISTRATIONS_PER_MINUTE: '4' } },
);
