/** `GET /api/v1/me`: any key may ask whose it is (the console shows what its role allows). */
import { bearerFor } from './support/api-key';
import { describeHttpContract } from './support/test-app';

describeHttpContract('GET /api/v1/me', (testApp) => {
  test.each([
    ['admin', 'root'],
    ['member', 'alice'],
  ] as const)("a%s key's answer names its own id, user and role", async (role, user) => {
    const { app, http } = testApp();
    const auth = await bearerFor(app, `${user}'s key`, user, role);
    const listed = await http.get('/api/v1/keys').set('Authorization', await bearerFor(app));
    const keyId = (listed.body.items as { id: string; name: string }[]).find(
      (key) => key.name === `${user}'s key`,
    )?.id;
    const response = await http.get('/api/v1/me').set('Authorization', auth);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ key_id: keyId, user, role });
  });

  test.each([
    ['no key', undefined],
    ['an unknown key', 'Bearer thk_notakeyatall'],
    ['a malformed header', 'Basic abc'],
  ])('%s is a 401 envelope', async (_what, authorization) => {
    const sent = testApp().http.get('/api/v1/me');
    if (authorization) void sent.set('Authorization', authorization);
    const response = await sent;
    expect(response.status).toBe(401);
    expect(response.body.success).toBe(false);
    expect(response.body.error.code).toBe('UNAUTHORIZED');
  });
});
