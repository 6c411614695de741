/**
 * What a grant's history says: when its tokens were last used (noted at most once a minute, so
 * requests do not each write), and the audit entries of its creation, its disconnection and the
 * revocation of its family when a refresh token is replayed. And a signing-key rotation as
 * clients see it: in the JWKS and in the tokens issued.
 */
import { and, eq, sql } from 'drizzle-orm';
import { Transactions } from '../src/database/transactions';
import { oauthKeys, oauthState } from '../src/database/schema';
import { OAuthConfig } from '../src/oauth/oauth.config';
import { OAuthKeys } from '../src/oauth/oauth-keys';
import { bearerFor } from './support/api-key';
import { listeningUrl } from './support/mcp-clients';
import { OAuthFlow, grantOf } from './support/oauth-flow';
import { describeOnAdapter } from './support/test-app';

interface Grant {
  id: string;
  last_used_at: string | null;
}

interface Entry {
  type: string;
  user: string;
  oauth_client_id?: string;
  target?: string;
  details: Record<string, unknown>;
}

describeOnAdapter('OAuth grants and keys', (testApp) => {
  let base: string;
  let memberKey: string;
  let adminKey: string;
  let flow: OAuthFlow;

  const as = (credential: string, path: string) =>
    testApp().http.get(path).set('Authorization', `Bearer ${credential}`);

  const grantListed = async (id: string): Promise<Grant | undefined> => {
    const response = await as(memberKey, '/api/v1/oauth/grants');
    expect(response.status).toBe(200);
    return (response.body.grants as Grant[]).find((grant) => grant.id === id);
  };

  const audited = async (type: string, target: string): Promise<Entry[]> => {
    const response = await as(adminKey, `/api/v1/audit?type=${type}&limit=500`);
    expect(response.status).toBe(200);
    return (response.body.items as Entry[]).filter((entry) => entry.target === target);
  };

  beforeAll(async () => {
    base = (await listeningUrl(testApp())).replace('127.0.0.1', 'localhost');
    memberKey = (await bearerFor(testApp().app, 'ada', 'ada', 'member')).slice(7);
    adminKey = (await bearerFor(testApp().app, 'root', 'root', 'admin')).slice(7);
    flow = await OAuthFlow.register(base, 'History client');
  });

  test('last used is noted on first use and then at most once a minute', async () => {
    const tokens = await flow.signIn(memberKey);
    const id = grantOf(tokens.access_token);
    const backdate = () =>
      testApp()
        .app.get(Transactions)
        .db.update(oauthState)
        .set({ last_used_at: sql`now() - interval '5 minutes'` })
        .where(and(eq(oauthState.model, 'Grant'), eq(oauthState.id, id)));

    // Redeeming the code issued its first refresh token: the grant was used.
    const redeemed = (await grantListed(id))?.last_used_at;
    expect(redeemed).toEqual(expect.any(String));

    await backdate();
    const stale = (await grantListed(id))?.last_used_at as string;
    expect((await as(tokens.access_token, '/api/tools')).status).toBe(200);
    const used = (await grantListed(id))?.last_used_at as string;
    expect(Date.parse(used)).toBeGreaterThan(Date.parse(stale));

    expect((await as(tokens.access_token, '/api/tools')).status).toBe(200);
    expect((await grantListed(id))?.last_used_at).toBe(used);

    await backdate();
    const refreshed = await flow.refresh(tokens.refresh_token);
    expect(refreshed.status).toBe(200);
    expect(Date.parse((await grantListed(id))?.last_used_at as string)).toBeGreaterThan(
      Date.parse(stale),
    );
  });

  test('consent and disconnection are audited with the person and the client', async () => {
    const tokens = await flow.signIn(memberKey, 'tools');
    const id = grantOf(tokens.access_token);
    expect(await audited('oauth.grant_created', id)).toEqual([
      expect.objectContaining({
        user: 'ada',
        oauth_client_id: flow.clientId,
        details: { grant_id: id, client_id: flow.clientId, scopes: ['tools'] },
      }),
    ]);

    const disconnected = await testApp()
      .http.delete(`/api/v1/oauth/grants/${id}`)
      .set('Authorization', `Bearer ${adminKey}`);
    expect(disconnected.status).toBe(200);
    expect(await audited('oauth.grant_revoked', id)).toEqual([
      expect.objectContaining({
        user: 'root',
        details: { grant_id: id, client_id: flow.clientId, user: 'ada', reason: 'disconnected' },
      }),
    ]);
  });

  test('a replayed refresh token revokes the grant, and that is audited', async () => {
    const tokens = await flow.signIn(memberKey);
    const id = grantOf(tokens.access_token);
    expect((await flow.refresh(tokens.refresh_token)).status).toBe(200);
    const replayed = await flow.refresh(tokens.refresh_token);
    expect(replayed.status).toBe(400);
    expect(await audited('oauth.grant_revoked', id)).toEqual([
      expect.objectContaining({
        user: 'ada',
        oauth_client_id: flow.clientId,
        details: { grant_id: id, client_id: flow.clientId, reason: 'refresh_token_reused' },
      }),
    ]);
    expect(await grantListed(id)).toBeUndefined();
  });

  test('a rotated key is published with the previous one until that one is retired', async () => {
    const kids = async () => {
      const response = await fetch(`${base}/oauth/jwks`);
      expect(response.status).toBe(200);
      return ((await response.json()) as { keys: { kid: string }[] }).keys.map((key) => key.kid);
    };
    const kidOf = (token: string) =>
      (JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString()) as { kid: string }).kid;
    const before = await flow.signIn(memberKey, 'tools');
    const [first] = await kids();
    expect(kidOf(before.access_token)).toBe(first);

    const kid = await testApp().app.get(OAuthKeys).rotateSigningKey();
    expect(await kids()).toEqual([kid, first]);
    const after = await flow.signIn(memberKey, 'tools');
    expect(kidOf(after.access_token)).toBe(kid);
    expect((await as(before.access_token, '/api/tools')).status).toBe(200);
    expect((await as(after.access_token, '/api/tools')).status).toBe(200);

    // As if the first key were made long ago and replaced longer ago than a token lives.
    const ttl = testApp().app.get(OAuthConfig).OAUTH_ACCESS_TOKEN_TTL_SECONDS;
    const age = (id: string, seconds: number) =>
      testApp()
        .app.get(Transactions)
        .db.update(oauthKeys)
        .set({ created_at: sql`now() - make_interval(secs => ${seconds})` })
        .where(eq(oauthKeys.id, id));
    await age('signing-first', ttl + 600);
    await age(kid, ttl + 120);
    expect(await kids()).toEqual([kid]);
  });
});
