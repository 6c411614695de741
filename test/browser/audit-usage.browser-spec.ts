/**
 * The console's Audit and Usage pages in Chromium: an admin filters the audit log, pages through
 * it and verifies the chain (and sees it broken once a row is changed in the database); the
 * usage of scripted runs shows as a chart and a table, tokens and cost, and a budget's use of its
 * window; members get their own usage, and no audit page or budgets.
 */
import { sql } from 'drizzle-orm';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import {
  accessibilityViolations,
  launchChromium,
  newContext,
  screenshot,
  sidewaysOverflow,
  signIn,
} from './browser';
import { AUDIT_TYPES } from '../../src/audit/audit-event';
import { DATABASE, type Database } from '../../src/database/database';
import { AUDIT_TYPES as CONSOLE_AUDIT_TYPES } from '../../console/src/api/audit-types';
import { bearerFor } from '../support/api-key';
import { eventually } from '../support/eventually';
import { listeningUrl } from '../support/runtime-client';
import { SELECTED_ADAPTER, type TestApp, startTestApp } from '../support/test-app';

const DIAGRAM = '@startuml\nBob -> Alice : hi\n@enduml';
/** More REST tool calls than the Audit page shows at once, so `Load more` has a next page. */
const REST_CALLS = 55;

let app: TestApp;
let base: string;
let adminAuth: string;
let memberAuth: string;
let agentName: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];

const as = (auth: string) => ({
  get: (path: string) => app.http.get(path).set('Authorization', auth),
  post: (path: string, body: object) => app.http.post(path).set('Authorization', auth).send(body),
});

beforeAll(async () => {
  [app, browser] = await Promise.all([
    startTestApp(SELECTED_ADAPTER, {
      env: { MODEL_PRICES: JSON.stringify({ 'priced-model': { input: 3, output: 15 } }) },
    }),
    launchChromium(),
  ]);
  base = await listeningUrl(app);
  adminAuth = await bearerFor(app.app, 'root', 'root', 'admin');
  memberAuth = await bearerFor(app.app, 'mia', 'mia', 'member');
  const admin = as(adminAuth);
  const budget = await admin.post('/api/v1/budgets', {
    scope: { user: 'mia' },
    period: 'day',
    limits: { tool_calls: 1000, tokens: 2_000_000 },
  });
  if (budget.status !== 201) throw new Error(`budget: ${JSON.stringify(budget.body)}`);
  agentName = `writer_${process.pid}`;
  const agent = await admin.post('/api/v1/agents', {
    name: agentName,
    system_prompt: 'You write.',
    model_config: {
      provider: 'scripted',
      model: 'priced-model',
      script: [{ text: 'Done.', usage: { input_tokens: 1200, output_tokens: 300 } }],
    },
  });
  if (agent.status !== 201) throw new Error(`agent: ${JSON.stringify(agent.body)}`);
  for (const auth of [adminAuth, memberAuth]) {
    const tested = await as(auth).post(`/api/v1/agents/${agent.body.id as string}/test`, {
      test_prompt: 'write',
    });
    if (!tested.body.success) throw new Error(`test run: ${JSON.stringify(tested.body)}`);
  }
  // One of them mia's, for the user filter.
  for (let call = 0; call < REST_CALLS; call++) {
    const caller = call === 0 ? as(memberAuth) : admin;
    const called = await caller.post('/api/tools/encodePlantUML', { plantumlCode: DIAGRAM });
    if (called.status !== 200) throw new Error(`tool call: ${JSON.stringify(called.body)}`);
  }
  context = await newContext(browser);
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await signIn(page, base, adminAuth.replace(/^Bearer /, ''));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

afterEach(() => {
  expect(pageErrors).toEqual([]);
});

const auditRows = () => page.getByRole('table', { name: 'Audit entries' }).locator('tbody tr');

test('the type filter offers every type the server lists', () => {
  expect([...CONSOLE_AUDIT_TYPES]).toEqual([...AUDIT_TYPES]);
});

test('an admin filters the audit log by type and tool, and Load more adds the next page', async () => {
  await page.getByRole('link', { name: 'Audit' }).click();
  await auditRows().first().waitFor();
  await page.getByLabel('Type').selectOption('tool.called');
  await page.getByLabel('Tool').fill('encodePlantUML');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await page.getByText('50 entries shown.').waitFor();
  const types = await auditRows().locator('td:nth-child(3)').allInnerTexts();
  expect(new Set(types)).toEqual(new Set(['tool.called']));

  await page.getByRole('button', { name: 'Load more' }).click();
  await page.getByText(`${REST_CALLS} entries shown.`).waitFor();
  expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
  const seqs = (await auditRows().locator('td:first-child').allInnerTexts()).map(Number);
  expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
  expect(new Set(seqs).size).toBe(REST_CALLS);
  expect(await accessibilityViolations(page)).toEqual([]);
});

test('a filter the server refuses shows its message; the user filter narrows to that user', async () => {
  await page.getByLabel('Type').selectOption('');
  await page.getByLabel('Tool').fill('');
  await page.getByLabel('From').fill('2026-03-02T10:00');
  await page.getByLabel('To', { exact: true }).fill('2026-03-01T10:00');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  expect(await page.getByRole('alert').innerText()).toContain('from must not be after to');

  await page.getByLabel('From').fill('');
  await page.getByLabel('To', { exact: true }).fill('');
  await page.getByLabel('User').fill('mia');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await page.getByText(/^\d+ entr(?:y|ies) shown\.$/).waitFor();
  const users = await auditRows().locator('td:nth-child(4)').allInnerTexts();
  expect(new Set(users)).toEqual(new Set(['mia']));
});

test('Verify says the chain is intact, and where it breaks once a row is changed', async () => {
  const verified = page.locator('[data-verified]');
  await page.getByRole('button', { name: 'Verify the chain' }).click();
  await page.locator('[data-verified="true"]').waitFor();
  expect(await verified.innerText()).toMatch(/^Intact: \d+ entries checked/);
  await screenshot(page, 'audit');

  const db = app.app.get<Database>(DATABASE);
  await db.execute(sql`UPDATE audit_entries SET user_name = 'someone else' WHERE seq = 3`);
  await page.getByRole('button', { name: 'Verify the chain' }).click();
  await page.locator('[data-verified="false"]').waitFor();
  expect(await verified.innerText()).toContain('Broken at seq 3');
  expect(await accessibilityViolations(page)).toEqual([]);
});

test('the Usage page charts tokens and cost per day by agent, with every figure in the table', async () => {
  await page.getByRole('link', { name: 'Usage' }).click();
  const table = page.getByRole('table', { name: 'Usage per day by agent' });
  const row = table.locator('tbody tr', { hasText: agentName });
  await row.waitFor();
  expect(await row.locator('td').allInnerTexts()).toEqual([
    new Date().toISOString().slice(0, 10),
    agentName,
    '2',
    '0',
    (2400).toLocaleString('en-US'),
    '600',
    '$0.0162',
  ]);
  await page.locator('.usage-chart canvas').first().waitFor();
  expect(await page.locator('.usage-chart figcaption').innerText()).toBe(
    'Tokens (input and output) per day by agent',
  );
  // mia's one tool call and her test run's 1,500 tokens, counted against her budget.
  const budget = page.getByRole('region', { name: 'Budgets' }).getByRole('listitem');
  expect(await budget.locator('p').first().innerText()).toBe('User mia, per day');
  for (const [name, used] of [
    ['User mia 1 / 1,000 tool calls', 1],
    ['User mia 1,500 / 2,000,000 tokens', 1500],
  ] as const)
    expect(await budget.getByRole('meter', { name, exact: true }).getAttribute('value')).toBe(
      String(used),
    );
  expect(await budget.getByText(/^Resets /).innerText()).toBe(
    `Resets ${await page.evaluate(() => {
      const midnight = new Date();
      midnight.setUTCHours(24, 0, 0, 0);
      return midnight.toLocaleString();
    })}`,
  );
  await page.getByLabel('Show').selectOption('cost');
  await page.getByText('Cost (USD) per day by agent').waitFor();
  expect(await accessibilityViolations(page)).toEqual([]);
  await screenshot(page, 'usage');
  // The chart follows its container's width, once the browser tells it the container changed.
  await page.setViewportSize({ width: 360, height: 740 });
  await eventually('the chart to fit 360 px', async () => {
    const box = await page.locator('.usage-chart canvas').first().boundingBox();
    return box && box.width <= 360 ? box : undefined;
  });
  expect(await sidewaysOverflow(page)).toBe(0);
  await page.setViewportSize({ width: 1280, height: 900 });
});

test('a member sees their own usage by user, and no Audit link', async () => {
  const member = await newContext(browser);
  try {
    const memberPage = await member.newPage();
    await signIn(memberPage, base, memberAuth.replace(/^Bearer /, ''));
    await memberPage.getByRole('link', { name: 'Usage' }).click();
    await memberPage.getByLabel('Group by').selectOption('user');
    const rows = memberPage
      .getByRole('table', { name: 'Usage per day by user' })
      .locator('tbody tr');
    await rows.first().waitFor();
    expect(await rows.locator('td:nth-child(2)').allInnerTexts()).toEqual(['mia']);
    expect(await memberPage.getByRole('heading', { name: 'Budgets' }).count()).toBe(0);
    expect(await memberPage.getByRole('link', { name: 'Audit' }).count()).toBe(0);
    await memberPage.goto(`${base}/console/#/audit`);
    await memberPage.getByText('The audit log is for admins.').waitFor();
  } finally {
    await member.close();
  }
});
