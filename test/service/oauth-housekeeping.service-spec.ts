/**
 * The OAuth server's housekeeping. Rotating the signing key: tokens signed with the previous one
 * keep verifying, and it is published until the tokens it signed have expired, then retired and
 * deleted. The purge: expired state, and what belonged to a lapsed grant, deleted; the rest kept;
 * console sessions that expired or whose key was revoked, deleted too.
 */
import { type IncomingMessage } from 'node:http';
import { eq, sql } from 'drizzle-orm';
import type * as Jose from 'jose';
import { esmImport } from '../../src/core/esm-import';
import { consoleSessions, oauthKeys, oauthState } from '../../src/database/schema';
import { Transactions } from '../../src/database/transactions';
import { ApiKeysService } from '../../src/api-keys/api-keys.service';
import { AccessTokens } from '../../src/oauth/access-tokens';
import { ConsoleSessionsRepository } from '../../src/oauth/console-sessions.repository';
import { OAuthConfig } from '../../src/oauth/oauth.config';
import { OAuthKeys, type PrivateJwk } from '../../src/oauth/oauth-keys';
import { OAuthStatePurge } from '../../src/oauth/oauth-state-purge';
import { OAuthStateRepository } from '../../src/oauth/oauth-state.repository';
import { OAuthUrls } from '../../src/oauth/oauth-urls';
import { useServiceModule } from '../support/service-module';

const loadJose = esmImport<typeof Jose>('jose');
const GRANT_ID = 'grant-of-ada';

describe('OAuth housekeeping', () => {
  const module = useServiceModule();
  const keys = () => module().get(OAuthKeys);

  /** An access token for the stored grant, signed with `key`. */
  const tokenSignedWith = async (key: PrivateJwk) => {
    const jose = await loadJose();
    const urls = module().get(OAuthUrls);
    return new jose.SignJWT({ scope: 'tools', client_id: 'client-1', grant_id: GRANT_ID })
      .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: key.kid })
      .setIssuer(urls.issuer())
      .setAudience(urls.resource())
      .setSubject('ada')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(await jose.importJWK(key, 'ES256'));
  };
  const identify = (token: string) =>
    module()
      .get(AccessTokens)
      .identify(token, { url: '/api/tools', headers: {} } as IncomingMessage);

  /** As if the key `id` had been made `seconds` ago. */
  const age = (id: string, seconds: number) =>
    module()
      .get(Transactions)
      .db.update(oauthKeys)
      .set({ created_at: sql`now() - make_interval(secs => ${seconds})` })
      .where(eq(oauthKeys.id, id));

  beforeAll(async () => {
    await module()
      .get(OAuthStateRepository)
      .upsert(
        'Grant',
        GRANT_ID,
        { accountId: 'ada', clientId: 'client-1' },
        new Date(Date.now() + 3_600_000),
      );
  });

  test('the new key signs, and tokens of the previous one verify until it is retired', async () => {
    const [first] = (await keys().load()).signing;
    const before = await tokenSignedWith(first);
    expect(await identify(before)).toMatchObject({ user: 'ada' });

    const kid = await keys().rotateSigningKey();
    const rotated = await keys().load();
    expect(rotated.signing.map((key) => key.kid)).toEqual([first.kid, kid]);
    expect(await identify(before)).toMatchObject({ user: 'ada' });
    expect(await identify(await tokenSignedWith(rotated.signing[1]))).toMatchObject({
      user: 'ada',
    });

    // Replaced for exactly a token's lifetime: tokens it signed may still be valid.
    const ttl = module().get(OAuthConfig).OAUTH_ACCESS_TOKEN_TTL_SECONDS;
    await age('signing-first', ttl + 600);
    await age(kid, ttl);
    expect((await keys().load()).signing).toHaveLength(2);
    expect(await keys().deleteRetiredSigningKeys()).toBe(0);

    // Replaced for longer than that (and the margin for clocks): no valid token can use it.
    await age(kid, ttl + 120);
    expect((await keys().load()).signing.map((key) => key.kid)).toEqual([kid]);
    expect(await keys().publishedSigningKeyIds()).toEqual([kid]);
    expect(await keys().deleteRetiredSigningKeys()).toBe(1);
    const left = await module().get(Transactions).db.select().from(oauthKeys);
    expect(left.filter((row) => row.kind === 'signing').map((row) => row.id)).toEqual([kid]);
  });

  test('the purge deletes expired state and what belonged to a lapsed grant, and keeps the rest', async () => {
    const state = module().get(OAuthStateRepository);
    const inAnHour = new Date(Date.now() + 3_600_000);
    const aMinuteAgo = new Date(Date.now() - 60_000);
    await state.upsert('Grant', 'lapsed', { accountId: 'bo', clientId: 'c' }, aMinuteAgo);
    await state.upsert('RefreshToken', 'of-lapsed', { grantId: 'lapsed' }, inAnHour);
    await state.upsert('RefreshToken', 'of-live', { grantId: GRANT_ID }, inAnHour);
    await state.upsert('AuthorizationCode', 'old-code', { grantId: GRANT_ID }, aMinuteAgo);
    await state.upsert('Session', 'open', { uid: 'u-1' }, inAnHour);

    // The scheduled purge may run meanwhile too: what is left is what counts.
    await module().get(OAuthStatePurge).purge();
    const left = await module()
      .get(Transactions)
      .db.select({ model: oauthState.model, id: oauthState.id })
      .from(oauthState);
    expect(left.map((row) => `${row.model}:${row.id}`).sort()).toEqual([
      `Grant:${GRANT_ID}`,
      'RefreshToken:of-live',
      'Session:open',
    ]);
  });

  test('console sessions read as absent once expired; the purge deletes those and a revoked key’s', async () => {
    const keys = module().get(ApiKeysService);
    const sessions = module().get(ConsoleSessionsRepository);
    const kept = await keys.create({ name: 'kept', user: 'cy', role: 'member' });
    const revoked = await keys.create({ name: 'gone', role: 'member' });
    await sessions.insert('live', kept.id, new Date(Date.now() + 3_600_000));
    await sessions.insert('expired', kept.id, new Date(Date.now() - 60_000));
    await sessions.insert('of-revoked', revoked.id, new Date(Date.now() + 3_600_000));
    await keys.revoke(revoked.id);
    expect(await sessions.findActive('live')).toEqual({
      keyId: kept.id,
      user: 'cy',
      role: 'member',
    });
    expect(await sessions.findActive('expired')).toBeUndefined();
    expect(await sessions.findActive('of-revoked')).toBeUndefined();

    await module().get(OAuthStatePurge).purge();
    const left = await module()
      .get(Transactions)
      .db.select({ hash: consoleSessions.token_hash })
      .from(consoleSessions);
    expect(left.map((row) => row.hash)).toEqual(['live']);
  });
});
