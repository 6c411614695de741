/**
 * The console in Chromium, as a person uses it: sign in, watch a run stream, decide approvals in
 * the inbox and in the run, reload mid-run, preview artifacts (hostile ones too), try a tool,
 * at 360 px and on a desktop, with axe-core's accessibility check on every view.
 */
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import {
  accessibilityViolations,
  launchChromium,
  newContext,
  screenshot as saveScreenshot,
  sidewaysOverflow,
  signIn,
} from './browser';
import {
  type ConsoleWorld,
  DESCRIPTION,
  HOSTILE_DESCRIPTION,
  REPORT,
  STREAMED_TEXT,
  THOUGHT,
  startConsoleWorld,
} from './console-fixtures';
import { eventually } from '../support/eventually';

let world: ConsoleWorld;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  [world, browser] = await Promise.all([startConsoleWorld(), launchChromium()]);
  context = await newContext(browser);
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await world?.close();
});

afterEach(() => {
  expect(pageErrors).toEqual([]);
});

const open = (hash: string) => page.goto(`${world.base}/console/${hash}`);

async function expectAccessible(): Promise<void> {
  expect(await accessibilityViolations(page)).toEqual([]);
}

const screenshot = (name: string) => saveScreenshot(page, name);

/** Whatever the page has set `window.__pwned` to: hostile content sets it if it ever runs. */
const pwned = () => page.evaluate('window.__pwned');

/** The `eventIndex` of every event the run view lists, in order. */
const shownEventIndexes = () =>
  page
    .locator('[data-event-index]')
    .evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-event-index'))));

/** A workflow run's steps in its timeline, and the status each shows. */
const steps = () => page.locator('ol.timeline > li');
const stepStatuses = () =>
  steps().evaluateAll((items) =>
    items.map((item) => String(item.getAttribute('data-step-status'))),
  );

const range = (last: number) => Array.from({ length: last + 1 }, (_, index) => index);

test('the page carries a strict CSP, and signing in keeps the key in sessionStorage only', async () => {
  const response = await open('');
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self'");
  expect(policy).toContain("default-src 'none'");
  expect(policy).not.toMatch(/unsafe-(inline|eval)/);
  await page.getByLabel('API key').waitFor();
  await expectAccessible();
  await screenshot('sign-in');

  // With the keyboard alone: type the key, Enter.
  await page.getByLabel('API key').focus();
  await page.keyboard.type(world.aliceKey);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Agents' }).waitFor();
  expect(await page.locator('.me').innerText()).toContain('alice (member)');
  expect(await page.evaluate("sessionStorage.getItem('toolhub.apiKey')")).toBe(world.aliceKey);
  expect(page.url()).not.toContain(world.aliceKey);
  // The one cookie is the consent page's session: not the key, unreadable by scripts, /oauth only.
  expect(await context.cookies()).toEqual([
    expect.objectContaining({
      name: 'toolhub_console_session',
      httpOnly: true,
      path: '/oauth',
      sameSite: 'Lax',
    }),
  ]);
  expect(JSON.stringify(await context.cookies())).not.toContain(world.aliceKey);
  // A member runs agents; the registry and the tool sources are for admins.
  expect(await page.getByRole('link', { name: 'Registry' }).count()).toBe(0);
  expect(await page.getByRole('link', { name: 'Sources' }).count()).toBe(0);
  await expectAccessible();
});

test('a message with a file starts a run whose text streams in, its thinking folded away', async () => {
  await open('#/');
  await page.getByRole('button', { name: 'New session with streamer' }).click();
  await page.getByLabel('Message').fill('Tell me something');
  await page.getByLabel('Attach files').setInputFiles({
    name: 'brief.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('What the agent should know.'),
  });
  await page.getByRole('button', { name: 'Send' }).click();
  await page.waitForURL(/#\/runs\//);
  // The text shows while the turn still streams, then once whole.
  const streaming = page.locator('.agent-message[data-streaming="true"]');
  await streaming.waitFor();
  const partial = await streaming.innerText();
  await page.getByText('Run completed').waitFor();
  const message = page.locator('.agent-message');
  expect(await message.count()).toBe(1);
  expect(await message.locator('.markdown').innerText()).toBe(STREAMED_TEXT);
  expect(STREAMED_TEXT.startsWith(partial.replace(/^Agent\s*/, '').slice(0, 12))).toBe(true);
  expect(await page.locator('[data-run-status]').getAttribute('data-run-status')).toBe('completed');
  expect(await page.locator('.user-message').innerText()).toContain('Attached: brief.txt');
  const thinking = page.locator('details.thinking');
  expect(await thinking.getAttribute('open')).toBeNull();
  await thinking.locator('summary').click();
  expect(await thinking.locator('p').innerText()).toBe(THOUGHT);
  await expectAccessible();
  await screenshot('run');
});

test('the inbox lists my pending approvals, approves one, and drops one decided over REST at once', async () => {
  const first = await world.startRun(world.agents.approver, 'Echo something');
  const second = await world.startRun(world.agents.approver, 'Echo something else');
  const [approval1, approval2] = await Promise.all([
    world.pendingApprovalOf(first.runId),
    world.pendingApprovalOf(second.runId),
  ]);
  await open('#/approvals');
  const card1 = page.locator(`[data-approval-id="${approval1.id}"]`);
  const card2 = page.locator(`[data-approval-id="${approval2.id}"]`);
  await card1.waitFor();
  await card2.waitFor();
  expect(await card1.locator('h3').innerText()).toBe('Approve echo?');
  expect(JSON.parse(await card1.getByLabel('Arguments').innerText())).toEqual({
    message: 'hello from the run',
  });
  await expectAccessible();
  await screenshot('approvals');

  await card1.getByLabel('Reason (optional)').fill('Looks right');
  await card1.getByRole('button', { name: 'Approve' }).click();
  await card1.waitFor({ state: 'detached' });
  await eventually('the approved run to complete', async () =>
    (await world.runStatus(first.runId)) === 'completed' ? true : undefined,
  );

  // Decided elsewhere: the inbox, still open, lets it go without a reload.
  await world.decide(approval2.id, 'reject');
  await card2.waitFor({ state: 'detached' });
  await page.getByText('Nothing waits for your approval.').waitFor();
});

test('the run view approves inline, and a reload mid-run shows every event once, resuming after the last', async () => {
  const { runId } = await world.startRun(world.agents.approver, 'Echo from the run view');
  await open(`#/runs/${runId}`);
  const card = page.locator('.approval.pending');
  await card.waitFor();
  const before = await shownEventIndexes();
  expect(before).toEqual(range(before.length - 1));

  const resumed = page.waitForRequest((request) => request.url().endsWith(`/runs/${runId}/events`));
  await page.reload();
  await card.waitFor();
  // The events came back from this tab's own log: the stream was asked only for what followed.
  expect((await resumed).headers()['last-event-id']).toBe(String(before[before.length - 1]));
  expect(await shownEventIndexes()).toEqual(before);
  expect(await page.locator('article.approval').count()).toBe(1);

  await card.getByRole('button', { name: 'Approve' }).click();
  await page.locator('.approval .decision').getByText('Approved').waitFor();
  await page.getByText('Run completed').waitFor();
  expect(await page.getByText('The echo answered.').count()).toBe(1);
  expect(await page.locator('.tool-call').count()).toBe(1);

  const shown = await shownEventIndexes();
  expect(shown).toEqual(range(shown.length - 1));
  const streamed = await world.eventIndexes(runId);
  expect(shown[shown.length - 1]).toBe(streamed[streamed.length - 1]);
  // Any stored events the server replays are among those shown, none missing.
  expect(shown).toEqual(expect.arrayContaining(streamed));
});

test('a connection that drops resumes after the last event shown, with none twice or missing', async () => {
  const { runId } = await world.startRun(world.agents.approver, 'Echo across a dropped line');
  const approval = await world.pendingApprovalOf(runId);
  await open(`#/runs/${runId}`);
  await page.locator('article.approval.pending').waitFor();
  const before = await shownEventIndexes();
  const resumedAfter: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith(`/runs/${runId}/events`))
      resumedAfter.push(request.headers()['last-event-id'] ?? 'none');
  });

  world.dropConnections();
  await eventually('the console to reconnect', () =>
    Promise.resolve(resumedAfter.length > 0 ? true : undefined),
  );
  expect(resumedAfter[0]).toBe(String(before[before.length - 1]));
  await world.decide(approval.id, 'approve');
  await page.getByText('Run completed').waitFor();
  const shown = await shownEventIndexes();
  expect(shown).toEqual(range(shown.length - 1));
  expect(shown.length).toBeGreaterThan(before.length);
  expect(await page.getByText('The echo answered.').count()).toBe(1);
  expect(await page.locator('.approval .decision').innerText()).toBe('Approved');
});

describe('workflow runs', () => {
  test("a workflow started from the console shows each step complete, the agent's text inside its step", async () => {
    await open('#/workflows');
    await page.getByRole('link', { name: 'draw-and-describe' }).click();
    const input = page.getByLabel('Input (JSON)');
    await input.fill('{"who": ');
    await page.getByRole('button', { name: 'Start a run' }).click();
    await page.getByText('The input is not valid JSON.').waitFor();
    await expectAccessible();

    await input.fill('{"who": "Bob"}');
    await page.getByRole('button', { name: 'Start a run' }).click();
    await page.waitForURL(/#\/workflow-runs\//);
    await page.locator('[data-workflow-run-status="completed"]').waitFor();
    await page.getByText('Workflow run completed').waitFor();
    expect(await stepStatuses()).toEqual(['completed', 'completed']);
    const [draw, describe] = [steps().nth(0), steps().nth(1)];
    expect(await draw.getByLabel('Step 1 output').innerText()).toContain('plantuml.com');
    expect(await draw.locator('.transcript').count()).toBe(0);
    // The agent step's own run, inside its step, as the run view shows it.
    expect((await describe.locator('.agent-message .markdown').innerText()).trim()).toBe(
      DESCRIPTION,
    );
    expect(await describe.getByText('Run completed').count()).toBe(1);
    // The step's output is text, its markup shown, never run.
    expect(await describe.getByLabel('Step 2 output').innerText()).toBe(HOSTILE_DESCRIPTION);
    expect(await page.locator('main img').count()).toBe(0);
    expect(await pwned()).toBeUndefined();
    const shown = await shownEventIndexes();
    expect(shown).toEqual(range(shown.length - 1));
    await expectAccessible();
    await screenshot('workflow-run');

    await page.getByRole('link', { name: 'Back to the workflow' }).click();
    // The run's own page, with a badge per step, is gone once the workflow's form is shown.
    await page.getByRole('button', { name: 'Start a run' }).waitFor();
    // The run just made is listed, with its status.
    await page.locator('.badge.status-completed').waitFor();
    expect(await page.locator('.badge.status-completed').count()).toBe(1);
    await expectAccessible();
  });

  test('an agent step asks for approval inside the timeline; a reload resumes after the last event; approving completes it', async () => {
    const workflowRunId = await world.startWorkflowRun(world.workflows.approvedEcho, {
      say: 'Echo, please',
    });
    await open(`#/workflow-runs/${workflowRunId}`);
    const step = steps().first();
    const card = step.locator('.approval.pending');
    await card.waitFor();
    await page.locator('[data-workflow-run-status="awaiting_approval"]').waitFor();
    const before = await shownEventIndexes();
    expect(before).toEqual(range(before.length - 1));

    const resumed = page.waitForRequest((request) =>
      request.url().endsWith(`/workflow-runs/${workflowRunId}/events`),
    );
    await page.reload();
    await card.waitFor();
    expect((await resumed).headers()['last-event-id']).toBe(String(before[before.length - 1]));
    expect(await shownEventIndexes()).toEqual(before);
    expect(await page.locator('article.approval').count()).toBe(1);
    await expectAccessible();

    await card.getByRole('button', { name: 'Approve' }).click();
    await step.locator('.approval .decision').getByText('Approved').waitFor();
    await page.locator('[data-workflow-run-status="completed"]').waitFor();
    expect(await stepStatuses()).toEqual(['completed']);
    expect(await step.locator('.tool-call').count()).toBe(1);
    expect(await step.locator('.agent-message .markdown').innerText()).toBe('The echo answered.');
    const shown = await shownEventIndexes();
    expect(shown).toEqual(range(shown.length - 1));
  });
});

describe('artifacts', () => {
  let sessionId: string;
  let artifacts: { id: string; name: string; mime_type: string }[];
  const artifact = (name: string) => {
    const found = artifacts.find((candidate) => candidate.name === name);
    if (!found) throw new Error(`no artifact ${name} in ${JSON.stringify(artifacts)}`);
    return found;
  };

  beforeAll(async () => {
    const run = await world.startRun(world.agents.producer, 'Make some files');
    sessionId = run.sessionId;
    await eventually('the producing run to complete', async () =>
      (await world.runStatus(run.runId)) === 'completed' ? true : undefined,
    );
    artifacts = await world.artifactsOf(sessionId);
  });

  test('a CSV is a table with its row count, reached from the session', async () => {
    await open(`#/sessions/${sessionId}`);
    await page.getByRole('link', { name: 'sales.csv' }).click();
    const preview = page.locator('[data-preview="csv"]');
    await preview.waitFor();
    expect(await preview.locator('th').allInnerTexts()).toEqual(['region', 'revenue']);
    expect(await preview.locator('tbody tr').count()).toBe(3);
    expect(await preview.locator('tbody tr').nth(2).locator('td').first().innerText()).toBe(
      'east, coast',
    );
    await preview.getByText('3 rows').waitFor();
    expect(await page.getByRole('link', { name: 'Version 0' }).count()).toBe(1);
    await expectAccessible();
    await screenshot('artifact-csv');
  });

  test('JSON is a tree: the top level open, a nested level opened from the keyboard', async () => {
    await open(`#/artifacts/${artifact('report.json').id}`);
    const tree = page.locator('[data-preview="json"] .json-tree');
    await tree.waitFor();
    const totals = tree.locator(
      'xpath=.//details[summary/span[@class="json-key" and normalize-space(.)="totals:"]]',
    );
    expect(await tree.locator('details').first().getAttribute('open')).toBe('');
    expect(await totals.getAttribute('open')).toBeNull();
    await totals.locator('summary').focus();
    await page.keyboard.press('Enter');
    await totals.getByText('revenue:').waitFor();
    expect(await totals.locator('.json-number').first().innerText()).toBe(
      String(REPORT.totals.revenue),
    );
    await expectAccessible();
  });

  test('an image is shown from a blob URL', async () => {
    const png = artifacts.find((candidate) => candidate.mime_type === 'image/png');
    await open(`#/artifacts/${png!.id}`);
    const img = page.locator('[data-preview="image"] img');
    await img.waitFor();
    expect(await img.getAttribute('src')).toMatch(/^blob:/);
    await eventually('the image to load', async () =>
      (await img.evaluate(
        (element) => (element as unknown as { naturalWidth: number }).naturalWidth,
      )) > 0
        ? true
        : undefined,
    );
    await expectAccessible();
  });

  test('hostile Markdown renders sanitised, and nothing in it runs', async () => {
    await open(`#/artifacts/${artifact('notes.md').id}`);
    const preview = page.locator('[data-preview="markdown"]');
    await preview.getByRole('heading', { name: 'Quarterly notes' }).waitFor();
    await preview.getByText('fine').waitFor();
    expect(await preview.locator('script, img, svg, [onerror], [onload]').count()).toBe(0);
    const link = preview.getByRole('link', { name: 'a link' });
    if (await link.count()) expect(await link.getAttribute('href')).not.toMatch(/^javascript:/i);
    expect(await pwned()).toBeUndefined();
    await expectAccessible();
  });

  test('a hostile SVG is shown as text, never rendered', async () => {
    await open(`#/artifacts/${artifact('diagram.svg').id}`);
    const preview = page.locator('[data-preview="text"]');
    await preview.waitFor();
    expect(await preview.locator('.numbered-text').innerText()).toContain('<svg xmlns=');
    expect(await page.locator('main svg, main object, main iframe, main embed').count()).toBe(0);
    const download = preview.getByRole('link', { name: 'Download diagram.svg' });
    expect(await download.getAttribute('href')).toMatch(/^blob:/);
    expect(await pwned()).toBeUndefined();
  });
});

test("a tool's try-it form is made from its schema and shows the result", async () => {
  await open('#/tools/encodePlantUML');
  await page.getByLabel(/^plantumlCode/).fill('@startuml\nBob -> Alice : hello\n@enduml');
  await page.getByRole('button', { name: 'Run the tool' }).click();
  const result = page.getByLabel('Tool result');
  await result.waitFor();
  expect(await result.innerText()).toContain('https://www.plantuml.com/plantuml/svg/');
  await expectAccessible();
  await screenshot('tools');
});

test('every view fits 360 px without scrolling sideways, and a run is cancelled there', async () => {
  await page.setViewportSize({ width: 360, height: 740 });
  const { runId, sessionId } = await world.startRun(world.agents.approver, 'A run for a phone');
  await world.pendingApprovalOf(runId);
  const workflowRunId = await world.startWorkflowRun(world.workflows.approvedEcho, {
    say: 'On a phone',
  });
  const views = [
    `#/workflows/${world.workflows.approvedEcho}`,
    `#/workflow-runs/${workflowRunId}`,
    '#/',
    `#/sessions/${sessionId}`,
    `#/runs/${runId}`,
    '#/approvals',
    '#/tools/encodePlantUML',
  ];
  for (const view of views) {
    await open(view);
    await page.locator('main h2').first().waitFor();
    expect([view, await sidewaysOverflow(page)]).toEqual([view, 0]);
  }
  await open(`#/runs/${runId}`);
  await page.locator('.approval.pending').waitFor();
  await screenshot('run-360');
  await page.getByRole('button', { name: 'Cancel run' }).click();
  await page.getByText('Run cancelled', { exact: true }).waitFor();
  await page.locator('[data-run-status="cancelled"]').waitFor();

  await open(`#/workflow-runs/${workflowRunId}`);
  await page.locator('.approval.pending').waitFor();
  await page.getByRole('button', { name: 'Cancel workflow run' }).click();
  await page.locator('[data-workflow-run-status="cancelled"]').waitFor();
  expect(await stepStatuses()).toEqual(['cancelled']);
  await page.setViewportSize({ width: 1280, height: 900 });
});

test('an admin edits the registry; signing out forgets the key', async () => {
  const admin = await newContext(browser);
  try {
    const adminPage = await admin.newPage();
    await signIn(adminPage, world.base, world.adminKey);
    await adminPage.getByRole('link', { name: 'Registry' }).click();
    await adminPage.getByRole('button', { name: 'streamer' }).click();
    const editor = adminPage.getByLabel('Edit streamer (JSON)');
    const edited = JSON.parse(await editor.inputValue()) as Record<string, unknown>;
    await editor.fill(JSON.stringify({ ...edited, description: 'Streams, now edited' }, null, 2));
    expect(await accessibilityViolations(adminPage)).toEqual([]);
    await adminPage.getByRole('button', { name: 'Save' }).click();
    await editor.waitFor({ state: 'detached' });
    expect(await world.agentDescription(world.agents.streamer)).toBe('Streams, now edited');
  } finally {
    await admin.close();
  }

  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByLabel('API key').waitFor();
  expect(await page.evaluate('sessionStorage.length')).toBe(0);
});
