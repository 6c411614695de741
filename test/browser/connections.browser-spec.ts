/**
 * The console's Connected clients page in Chromium: a person sees the application they
 * connected (its name, scopes, when it was last used) and disconnects it, after which its access
 * token is refused.
 */
import { type Browser, type Page } from 'playwright-core';
import { accessibilityViolations, launchChromium, newContext, signIn } from './browser';
import { bearerFor } from '../support/api-key';
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
}, 60_000);

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
