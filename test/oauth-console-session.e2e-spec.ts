/**
 * The console's session as OAuth's consent page sees it: signing in to the console gives the
 * browser an HttpOnly cookie for `/oauth` only; with it, a consent page (in any tab) knows the
 * person, who approves without a key, within their role's scopes, and the client's token works
 * on `/mcp`. The session ends with its key's revocation and with signing out; another site's post
 * cannot spend it, nor can an OAuth token start one.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ApiKeysService } from '../src/api-keys/api-keys.service';
import { consoleSessions } from '../src/database/schema';
import { Transactions } from '../src/database/transactions';
import { bearerFor } from './support/api-key';
import { jsonRpcReply, listeningUrl, modernRequest, postMcp } from './support/mcp-clients';
import { Person, type Visit } from './support/oauth-clients';
import { OAuthFlow } from './support/oauth-flow';
import { describeHttpContract } from './support/test-app';

const SESSION_COOKIE =
  /^toolhub_console_session=([A-Za-z0-9_-]{43}); Path=\/oauth; Max-Age=43200; HttpOnly; SameSite=Lax$/;

describeHttpContract(
  'The console session on the consent page',
  (testApp) => {
    let base: string;
    let adaKey: string;
    let adminKey: string;
    let flow: OAuthFlow;

    const htmlOf = (visit: Visit) => (visit.kind === 'page' ? visit.html : '');

    /** A browser signed in to the console with `key`; the token its cookie holds. */
    const signedIn = async (key = adaKey) => {
      const person = new Person(base);
      const response = await person.signInToConsole(key);
      expect(response.status).toBe(201);
      const [cookie] = response.headers.getSetCookie();
      return { person, cookie, token: SESSION_COOKIE.exec(cookie)?.[1] ?? '' };
    };

    const auditedUsers = async (type: string) => {
      const response = await testApp()
        .http.get(`/api/v1/audit?type=${type}&limit=500`)
        .set('Authorization', `Bearer ${adminKey}`);
      return (response.body.items as { user: string }[]).map((entry) => entry.user);
    };

    beforeAll(async () => {
      base = (await listeningUrl(testApp())).replace('127.0.0.1', 'localhost');
      adaKey = (await bearerFor(testApp().app, 'ada', 'ada', 'member')).slice('Bearer '.length);
      adminKey = (await bearerFor(testApp().app, 'root', 'root')).slice('Bearer '.length);
      flow = await OAuthFlow.register(base, 'Session client');
    });

    test('signing in sets an HttpOnly, Lax cookie for /oauth only, whose token is stored hashed', async () => {
      const person = new Person(base);
      const response = await person.signInToConsole(adaKey);
      expect(response.status).toBe(201);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const body = (await response.json()) as { user: string; role: string; expires_at: string };
      expect(body).toMatchObject({ user: 'ada', role: 'member' });
      const hoursLeft = (Date.parse(body.expires_at) - Date.now()) / 3_600_000;
      expect(hoursLeft).toBeGreaterThan(11.9);
      expect(hoursLeft).toBeLessThanOrEqual(12);
      const [cookie] = response.headers.getSetCookie();
      expect(cookie).toMatch(SESSION_COOKIE);
      const token = SESSION_COOKIE.exec(cookie)?.[1] ?? '';
      const db = testApp().app.get(Transactions).db;
      const hash = createHash('sha256').update(token).digest('hex');
      expect(await db.$count(consoleSessions, eq(consoleSessions.token_hash, hash))).toBe(1);
      expect(await db.$count(consoleSessions, eq(consoleSessions.token_hash, token))).toBe(0);
      expect(await auditedUsers('console.signed_in')).toContain('ada');

      const withoutKey = await fetch(`${base}/oauth/console-session`, { method: 'POST' });
      expect(withoutKey.status).toBe(401);
      expect(await withoutKey.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
      expect(withoutKey.headers.getSetCookie()).toEqual([]);
    });

    test('the consent page knows the person, who approves without a key; the token works on /mcp', async () => {
      const { person } = await signedIn();
      const page = await person.open(flow.authorizeUrl('tools'));
      expect(htmlOf(page)).toContain('Signed in as <strong>ada</strong> (member).');
      expect(htmlOf(page)).toContain('<summary>Use a different API key</summary>');
      const answer = await person.answer(page, { decision: 'approve' });
      if (answer.kind !== 'callback') throw new Error(`no callback: ${htmlOf(answer)}`);
      const tokens = await flow.redeem(answer.params.get('code') ?? '');
      expect(tokens.scope).toBe('tools');

      const { request, headers } = modernRequest('tools/list');
      const anonymous = await postMcp(base, request, headers);
      expect(anonymous.status).toBe(401);
      const listed = await postMcp(base, request, {
        ...headers,
        Authorization: `Bearer ${tokens.access_token}`,
      });
      expect(listed.status).toBe(200);
      const names = (await jsonRpcReply(listed)).result?.tools?.map((tool) => tool.name);
      expect(names).toContain('encodePlantUML');
    });

    test("the session's scopes stay within its role; a different key may answer instead", async () => {
      const { person } = await signedIn();
      const asAda = await person.answer(await person.open(flow.authorizeUrl('tools admin')), {
        decision: 'approve',
      });
      expect(asAda.kind === 'callback' && asAda.params.get('error')).toBe('invalid_scope');

      const asAdmin = await person.answer(await person.open(flow.authorizeUrl('tools admin')), {
        decision: 'approve',
        api_key: adminKey,
      });
      if (asAdmin.kind !== 'callback') throw new Error(`no callback: ${htmlOf(asAdmin)}`);
      const tokens = await flow.redeem(asAdmin.params.get('code') ?? '');
      expect(tokens.scope).toBe('tools admin');
    });

    test("another site's post is refused, and one that does not show it came from the page cannot use the session", async () => {
      const { person } = await signedIn();
      const page = await person.open(flow.authorizeUrl('tools'));
      const crossSite = await person.answer(
        page,
        { decision: 'approve' },
        { Origin: 'https://attacker.example', 'Sec-Fetch-Site': 'cross-site' },
      );
      expect(crossSite).toMatchObject({ kind: 'page', status: 403 });
      const unproven = await person.answer(page, { decision: 'approve' }, {});
      expect(unproven).toMatchObject({ kind: 'page', status: 401 });
      expect(htmlOf(unproven)).toContain('Sign in with one of your API keys');
      const fromThePage = await person.answer(
        page,
        { decision: 'approve' },
        { 'Sec-Fetch-Site': 'same-origin' },
      );
      expect(fromThePage.kind).toBe('callback');
    });

    test("revoking the session's key ends the session", async () => {
      const keys = testApp().app.get(ApiKeysService);
      const created = await keys.create({ name: 'bo laptop', user: 'bo', role: 'member' });
      const { person } = await signedIn(created.key);
      expect(htmlOf(await person.open(flow.authorizeUrl('tools')))).toContain('Signed in as');
      await keys.revoke(created.id);

      const page = await person.open(flow.authorizeUrl('tools'));
      expect(htmlOf(page)).not.toContain('Signed in as');
      const answer = await person.answer(page, { decision: 'approve' });
      expect(answer).toMatchObject({ kind: 'page', status: 401 });
    });

    test('signing out ends the session and clears the cookie; a copy kept is refused', async () => {
      const { person, cookie } = await signedIn();
      const signedOut = await person.signOutOfConsole();
      expect(signedOut.status).toBe(204);
      const [cleared] = signedOut.headers.getSetCookie();
      expect(cleared).toMatch(/^toolhub_console_session=; Path=\/oauth; Max-Age=0; Expires=/);
      expect(await auditedUsers('console.signed_out')).toContain('ada');

      const copy = new Person(base);
      copy.remember(cookie);
      const page = await copy.open(flow.authorizeUrl('tools'));
      expect(htmlOf(page)).not.toContain('Signed in as');
      expect(await copy.answer(page, { decision: 'approve' })).toMatchObject({ status: 401 });
      // Signing out again, or without a session, is no error.
      expect((await copy.signOutOfConsole()).status).toBe(204);
    });

    test('an OAuth access token cannot start a console session', async () => {
      const tokens = await flow.signIn(adminKey, 'tools admin');
      const response = await fetch(`${base}/oauth/console-session`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${tokens.access_token}` },
      });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
      expect(response.headers.getSetCookie()).toEqual([]);
    });
  },
  { env: { MCP_ANONYMOUS: 'false' } },
);
