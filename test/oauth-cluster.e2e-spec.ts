/**
 * OAuth on two instances sharing PostgreSQL: a client signed in at one is served by the other
 * (keys, codes, grants and refresh tokens are in the database), and disconnecting it at one is
 * refused by the other from the next request on. Runs where `DATABASE_URL` names a server.
 */
import { type Server } from 'node:http';
import { createHash, randomBytes } from 'node:crypto';
import { bearerFor } from './support/api-key';
import { CALLBACK_URL, Person } from './support/oauth-clients';
import { SELECTED_ADAPTER, type TestApp, startTestApp } from './support/test-app';
import { type TestDatabase, createTestDatabase } from './support/test-database';
import { unusedPort } from './support/unused-port';

/** Starting a database and two apps: only bounds a failure on a busy machine. */
const START_TIMEOUT_MS = 90_000;

const describeOnPostgres = process.env.DATABASE_URL ? describe : describe.skip;

describeOnPostgres('OAuth on several instances', () => {
  let database: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  let publicUrl: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    // Both instances are one server to clients: the same public URL, hence the same issuer.
    const port = await unusedPort();
    publicUrl = `http://localhost:${port}`;
    const env = { ...database.env, PUBLIC_URL: publicUrl };
    a = await startTestApp(SELECTED_ADAPTER, { env });
    b = await startTestApp(SELECTED_ADAPTER, { env });
    const server = a.app.getHttpServer() as Server;
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await b?.close();
    await a?.close();
    await database?.drop();
  });

  test('a token issued by one instance works on the other until it is disconnected there', async () => {
    const key = (await bearerFor(a.app, 'ada', 'ada', 'member')).slice('Bearer '.length);
    const registered = await fetch(`${publicUrl}/oauth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ redirect_uris: [CALLBACK_URL], token_endpoint_auth_method: 'none' }),
    });
    const { client_id: clientId } = (await registered.json()) as { client_id: string };
    const verifier = randomBytes(32).toString('base64url');
    const authorize = new URL('/oauth/authorize', publicUrl);
    authorize.search = new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: CALLBACK_URL,
      scope: 'tools runs registry',
      resource: `${publicUrl}/mcp`,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    }).toString();
    const callback = await new Person(publicUrl).approve(authorize, key);
    // The code is redeemed at the other instance.
    const redeemed = await b.http
      .post('/oauth/token')
      .type('form')
      .send({
        grant_type: 'authorization_code',
        client_id: clientId,
        code: callback.get('code'),
        code_verifier: verifier,
        redirect_uri: CALLBACK_URL,
      });
    expect(redeemed.status).toBe(200);
    const accessToken = redeemed.body.access_token as string;
    const onB = () => b.http.get('/api/v1/tools').set('Authorization', `Bearer ${accessToken}`);
    expect((await onB()).status).toBe(200);

    const grantId = (
      JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()) as {
        grant_id: string;
      }
    ).grant_id;
    const disconnected = await a.http
      .delete(`/api/v1/oauth/grants/${grantId}`)
      .set('Authorization', `Bearer ${key}`);
    expect(disconnected.status).toBe(200);
    expect((await onB()).status).toBe(401);
  });
});
