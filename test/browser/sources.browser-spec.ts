/**
 * The console's Sources page in Chromium, against a real upstream MCP server (official SDK): an
 * admin sees a source created over the API, syncs it after the upstream changed a tool, reads
 * the change's diff and approves it; a sync that fails shows its error; members are kept out.
 */
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import {
  accessibilityViolations,
  launchChromium,
  newContext,
  screenshot,
  sidewaysOverflow,
  signIn,
} from './browser';
import { bearerFor } from '../support/api-key';
import { listeningUrl } from '../support/runtime-client';
import { SELECTED_ADAPTER, type TestApp, startTestApp } from '../support/test-app';
import {
  type UpstreamMcpServer,
  echoTool,
  startUpstreamMcpServer,
} from '../support/upstream-mcp-server';

const CHANGED_DESCRIPTION = 'Creates an issue, labelled as asked';
const CHANGED_AGAIN = 'Creates an issue, labelled and assigned as asked';
/** The upstream's create_issue once it takes labels too. */
const LABELLED_CREATE_ISSUE = echoTool('create_issue', {
  description: CHANGED_DESCRIPTION,
  inputSchema: {
    type: 'object',
    properties: { text: { type: 'string' }, labels: { type: 'array' } },
    required: ['text'],
  },
});

let app: TestApp;
let base: string;
let adminAuth: string;
let upstream: UpstreamMcpServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let source: { id: string; name: string };
const pageErrors: string[] = [];

const api = {
  get: (path: string) => app.http.get(path).set('Authorization', adminAuth),
  post: (path: string, body: object) =>
    app.http.post(path).set('Authorization', adminAuth).send(body),
};

beforeAll(async () => {
  [app, upstream, browser] = await Promise.all([
    startTestApp(SELECTED_ADAPTER),
    startUpstreamMcpServer('modern', [
      echoTool('search_issues', { annotations: { readOnlyHint: true } }),
      echoTool('create_issue'),
    ]),
    launchChromium(),
  ]);
  base = await listeningUrl(app);
  adminAuth = await bearerFor(app.app, 'root', 'root', 'admin');
  const created = await api.post('/api/v1/tool-sources', {
    name: 'tracker',
    description: 'The issue tracker',
    type: 'mcp',
    url: upstream.url,
  });
  if (created.status !== 201) throw new Error(`source: ${JSON.stringify(created.body)}`);
  source = created.body as { id: string; name: string };
  context = await newContext(browser);
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await signIn(page, base, adminAuth.replace(/^Bearer /, ''));
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await upstream?.close();
});

afterEach(() => {
  expect(pageErrors).toEqual([]);
});

const card = () => page.locator(`[data-source-id="${source.id}"]`);
const fact = (name: string) => card().locator(`[${name}]`).first();

async function expectAccessible(): Promise<void> {
  expect(await accessibilityViolations(page)).toEqual([]);
}

test('an admin sees the source with its status, last sync and tool count', async () => {
  await page.getByRole('link', { name: 'Sources' }).click();
  await card().waitFor();
  expect(await card().getByRole('heading').innerText()).toBe('tracker');
  expect(await fact('data-source-status').innerText()).toBe('Ready');
  expect(await fact('data-pending-changes').innerText()).toBe('0');
  const text = await card().innerText();
  expect(text).toContain('The issue tracker');
  expect(text).toMatch(/Tools\s+2/);
  expect(text).not.toMatch(/Last sync\s+never/);
  await expectAccessible();
});

test('Sync now finds a tool the upstream changed, and its diff shows, at 360 px too', async () => {
  const listsBefore = upstream.counts.list;
  upstream.tools.set('create_issue', LABELLED_CREATE_ISSUE);
  await card().getByRole('button', { name: 'Sync now' }).click();
  await card().locator('[data-pending-changes="1"]').waitFor();
  expect(upstream.counts.list).toBeGreaterThan(listsBefore);

  await card().getByRole('link', { name: 'tracker' }).click();
  const change = page.getByRole('article', { name: 'Change to create_issue' });
  await change.waitFor();
  expect(await change.getByRole('heading', { level: 4 }).innerText()).toBe(
    'create_issue changed upstream',
  );
  expect(await change.getByLabel('Description before').innerText()).toBe(
    'Echoes its text (create_issue)',
  );
  expect(await change.getByLabel('Description after').innerText()).toBe(CHANGED_DESCRIPTION);
  expect(await change.getByLabel('Input schema before').innerText()).not.toContain('labels');
  const schemaAfter = JSON.parse(await change.getByLabel('Input schema after').innerText());
  expect(schemaAfter.properties.labels).toEqual({ type: 'array' });
  expect(await change.innerText()).toContain('Unchanged: output schema, annotations.');
  await expectAccessible();
  await screenshot(page, 'sources');
  // The before and after stack on a phone, never wider than it.
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await sidewaysOverflow(page)).toBe(0);
  await page.setViewportSize({ width: 1280, height: 900 });
});

test('a later upstream change of the same tool replaces the after shown, the page left open', async () => {
  upstream.tools.set('create_issue', { ...LABELLED_CREATE_ISSUE, description: CHANGED_AGAIN });
  await card().getByRole('button', { name: 'Sync now' }).click();
  const change = page.getByRole('article', { name: 'Change to create_issue' });
  await change.getByLabel('Description after').getByText(CHANGED_AGAIN).waitFor();
  expect(await fact('data-pending-changes').innerText()).toBe('1');
});

test('Approve serves the change, as the API then tells', async () => {
  const change = page.getByRole('article', { name: 'Change to create_issue' });
  await change.getByRole('button', { name: 'Approve' }).click();
  await page.getByText('Nothing waits for review.').waitFor();
  await card().locator('[data-pending-changes="0"]').waitFor();
  const approved = await api.get(`/api/v1/tool-sources/${source.id}/changes?status=approved`);
  expect(approved.body.items).toEqual([
    expect.objectContaining({
      upstream_name: 'create_issue',
      change: 'changed',
      status: 'approved',
      decided_by: 'root',
    }),
  ]);
  const tool = await api.get(`/api/v1/tools?source_id=${source.id}&search=create_issue`);
  expect(tool.body.items[0].description).toBe(CHANGED_AGAIN);
});

test('a sync of an upstream that is down shows the error on the source', async () => {
  upstream.setAvailable(false);
  try {
    await card().getByRole('button', { name: 'Sync now' }).click();
    await card().locator('[data-source-status="error"]').waitFor();
    const { last_error: lastError } = (await api.get(`/api/v1/tool-sources/${source.id}`)).body;
    expect(lastError).toEqual(expect.any(String));
    expect(await card().locator('[data-last-error]').innerText()).toBe(lastError);
    await expectAccessible();
  } finally {
    upstream.setAvailable(true);
  }
  await card().getByRole('button', { name: 'Sync now' }).click();
  await card().locator('[data-source-status="ready"]').waitFor();
  expect(await card().locator('[data-last-error]').count()).toBe(0);
});

test('a member has no Sources link, and the address tells them the page is for admins', async () => {
  const memberKey = (await bearerFor(app.app, 'mia', 'mia', 'member')).replace(/^Bearer /, '');
  const member = await newContext(browser);
  try {
    const memberPage = await member.newPage();
    await signIn(memberPage, base, memberKey);
    await memberPage.getByRole('link', { name: 'Tools' }).waitFor();
    expect(await memberPage.getByRole('link', { name: 'Sources' }).count()).toBe(0);
    await memberPage.goto(`${base}/console/#/sources`);
    await memberPage.getByText('Tool sources are for admins.').waitFor();
  } finally {
    await member.close();
  }
});
