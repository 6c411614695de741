/**
 * The console and OAuth in Chromium: on Connected clients a person sees the application they
 * connected (its name, scopes, when it was last used) and disconnects it, after which its access
 * token is refused; a consent page opened in another tab of a browser signed in to the console
 * approves without a key, and asks for one again once the console signs out.
 */
import { type Browser, type Page } from 'playwright-core';
import { accessibilityViolations, launchChromium, newContext, signIn } from './browser';
import { bearerFor } from '../support/api-key';
import { CALLBACK_URL } from '../support/oauth-clients';
import { OAuthFlow, type OAuthTokens } from '../support/oauth-flow';
import { listeningUrl } from '../support/runtime-client';
import { SELECTED_ADAPTER, type TestApp, startTestApp } from '../support/test-app';

let app: TestApp;
let browser: Browser;
let page: Page;
let tokens: OAuthTokens;
let flow: OAuthFlow;
const pageErrors: string[] = [];

beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp(SELECTED_ADAPTER), launchChromium()]);
  // The resource tokens are for is named by the public URL, on localhost.
  const base = (await listeningUrl(app)).replace('127.0.0.1', 'localhost');
  const memberKey = (await bearerFor(app.app, 'ada', 'ada', 'member')).replace(/^Bearer /, '');
  flow = await OAuthFlow.register(base, 'Claude');
  tokens = await flow.signIn(memberKey, 'tools runs');
  page = await (await newContext(browser)).newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await signIn(page, base, memberKey);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

test('a person sees the client they connected and disconnects it, ending its token', async () => {
  await page.getByRole('link', { name: 'Connected clients' }).click();
  const card = page.getByRole('article', { name: 'Claude' });
  await card.waitFor();
  const text = await card.innerText();
  expect(text).toMatch(/Scopes\s+tools, runs/);
  expect(text).not.toMatch(/Last used\s+never/);
  expect(text).not.toContain('User');
  expect(await accessibilityViolations(page)).toEqual([]);

  await card.getByRole('button', { name: 'Disconnect' }).click();
  await page.getByText('No application is connected.').waitFor();
  const refused = await app.http
    .get('/api/tools')
    .set('Authorization', `Bearer ${tokens.access_token}`);
  expect(refused.status).toBe(401);
  expect(pageErrors).toEqual([]);
});

test('a consent page opened in another tab knows the console sign-in and approves as that person', async () => {
  // The session is the browser's, in a cookie no script of the console's reads.
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
  expect(await page.evaluate('document.cookie')).toBe('');
  const tab = await page.context().newPage();
  tab.on('pageerror', (error) => pageErrors.push(error.message));
  // The registered callback's port (9) is one browsers never open; any loopback port is as good.
  const redirectUri = CALLBACK_URL.replace(':9/', ':4567/');
  let callback: URL | undefined;
  await tab.route(`${redirectUri}**`, async (route) => {
    callback = new URL(route.request().url());
    await route.fulfill({ status: 200, body: 'back at the client' });
  });
  await tab.goto(flow.authorizeUrl('tools', redirectUri).href);
  await tab.getByText('Signed in as ada (member).').waitFor();
  expect(await tab.getByLabel('Your API key').isVisible()).toBe(false);
  expect(await tab.getByText('Use a different API key').isVisible()).toBe(true);
  expect(await accessibilityViolations(tab)).toEqual([]);
  await tab.getByRole('button', { name: 'Approve' }).click();
  await tab.getByText('back at the client').waitFor();
  expect(callback?.searchParams.get('state')).toBe('flow-state');
  const granted = await flow.redeem(callback?.searchParams.get('code') ?? '', redirectUri);
  expect(granted.scope).toBe('tools');
  const used = await app.http
    .get('/api/tools')
    .set('Authorization', `Bearer ${granted.access_token}`);
  expect(used.status).toBe(200);
  await tab.close();
  expect(pageErrors).toEqual([]);
});

test('after signing out of the console, the consent page asks for a key again', async () => {
  const signedOut = page.waitForResponse(
    (response) =>
      response.url().endsWith('/oauth/console-session') && response.request().method() === 'DELETE',
  );
  await page.getByRole('button', { name: 'Sign out' }).click();
  expect((await signedOut).status()).toBe(204);
  const tab = await page.context().newPage();
  await tab.goto(flow.authorizeUrl('tools').href);
  await tab.getByLabel('Your API key').waitFor();
  expect(await tab.getByText('Signed in as').count()).toBe(0);
  await tab.close();
});
