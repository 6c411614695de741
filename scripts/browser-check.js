'use strict';

/**
 * Real-browser check of the Swagger UI at /docs (run in CI after `npm run build`):
 *
 *   node scripts/browser-check.js            # HTTP_ADAPTER=express by default
 *   HTTP_ADAPTER=fastify node scripts/browser-check.js
 *
 * Creates an API key with the built CLI (dist/cli.js keys create), starts the built server
 * (dist/main.js) on a free loopback port, opens /docs in Chromium (playwright-core, system browser;
 * never downloads one), and, as a user would:
 *   - expands POST /api/tools/encodePlantUML, runs "Try it out" → "Execute" with the example body
 *     and then with an empty plantumlCode;
 *   - expands GET /api/v1/tools (listRegisteredTools) and runs "Execute" without authorizing
 *     (401 UNAUTHORIZED), after "Authorize" with the key (200, the builtin tool listed), and
 *     after "Logout" (401 again);
 * asserting on what the page shows. Prints one line per check; exit code 0 = all passed,
 * 1 = a failure (with a clear message).
 *
 * The key and the server use a fresh temporary DATA_DIR (the embedded database), removed at the
 * end, so the check never touches ./data nor collides with another process's lock on it; the key
 * is created before the server starts, since one process at a time may open that database. With
 * DATABASE_URL set, both use that PostgreSQL database instead.
 *
 * Environment:
 *   HTTP_ADAPTER               express (default) | fastify
 *   DATABASE_URL               a PostgreSQL database to use (default: a temporary DATA_DIR)
 *   CHROMIUM_PATH              browser executable (default /usr/bin/chromium)
 *   BROWSER_CHECK_SCREENSHOT   screenshot file (default .bench/swagger-ui.png)
 *   BROWSER_CHECK_TIMEOUT_MS   overall time bound (default 90000)
 */

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const http = require('node:http');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const SERVER_ENTRY = path.join(ROOT, 'dist', 'main.js');
const CLI_ENTRY = path.join(ROOT, 'dist', 'cli.js');
const ADAPTER = process.env.HTTP_ADAPTER || 'express';
const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const SCREENSHOT = path.resolve(
  ROOT,
  process.env.BROWSER_CHECK_SCREENSHOT || path.join('.bench', 'swagger-ui.png'),
);
const OVERALL_TIMEOUT_MS = Number(process.env.BROWSER_CHECK_TIMEOUT_MS) || 90_000;
const STEP_TIMEOUT_MS = 10_000;
const KEY_TIMEOUT_MS = 40_000;

const OPERATION_ID = 'invoke_encodePlantUML';
const OPERATION = `#operations-tools-${OPERATION_ID}`;
const TOOL_PATH = '/api/tools/encodePlantUML';
const EXPECTED_URL =
  'https://www.plantuml.com/plantuml/svg/SoWkIImgAStDuNBAJrBGjLDmpCbCJbMmKiX8pSd9vt98pKi1IW80';
const EMPTY_CODE_BODY = '{"plantumlCode":""}';

const REGISTRY_OPERATION_ID = 'listRegisteredTools';
// Swagger UI's id is operations-<escaped tag>-<operationId>; the tag is not this check's concern.
const REGISTRY_OPERATION = `.opblock[id^="operations-"][id$="-${REGISTRY_OPERATION_ID}"]`;
const REGISTRY_PATH = '/api/v1/tools';

class CheckError extends Error {}

let checks = 0;
function pass(message) {
  checks += 1;
  console.log(`ok   ${message}`);
}
function fail(message) {
  throw new CheckError(message);
}
function expect(condition, message, detail) {
  if (!condition) fail(detail === undefined ? message : `${message} (${detail})`);
  pass(message);
}
function preview(text, max = 300) {
  const flat = String(text).replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

// ---------------------------------------------------------------------------------------------
// Server

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

function requireBuilt(entry) {
  if (!fs.existsSync(entry)) {
    fail(`${path.relative(ROOT, entry)} not found: build first (npx nest build)`);
  }
}

/**
 * A fresh, empty DATA_DIR for the embedded database of this run, or undefined when DATABASE_URL
 * names a PostgreSQL database (shared by design; nothing to isolate).
 */
function makeDataDir() {
  if (process.env.DATABASE_URL) return undefined;
  return fs.mkdtempSync(path.join(os.tmpdir(), 'toolhub-browser-check-'));
}

function removeDataDir(dataDir) {
  if (!dataDir) return;
  try {
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  } catch (error) {
    console.error(`could not remove ${dataDir}: ${error.message}`);
  }
}

/** The environment of the processes this check starts: the same database for the CLI and server. */
function childEnv(dataDir, extra = {}) {
  return {
    ...process.env,
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
    LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
    ...extra,
  };
}

/** Spawns `node <entry> <args>`, keeping the tail of its output to explain a failure. */
function spawnNode(entry, args, env) {
  const child = spawn(process.execPath, [entry, ...args], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdoutText = '';
  child.output = '';
  child.stdout.on('data', (chunk) => {
    child.stdoutText += chunk.toString();
    child.output = (child.output + chunk.toString()).slice(-4000);
  });
  child.stderr.on('data', (chunk) => {
    child.output = (child.output + chunk.toString()).slice(-4000);
  });
  child.exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', (error) => resolve({ code: null, signal: null, error }));
  });
  return child;
}

/** `node dist/cli.js keys create --name …`: the new key is the only line on stdout. */
async function createApiKey(state) {
  requireBuilt(CLI_ENTRY);
  const name = `browser-check-${ADAPTER}-${process.pid}`;
  const cli = spawnNode(CLI_ENTRY, ['keys', 'create', '--name', name], childEnv(state.dataDir));
  state.cli = cli;
  const killer = setTimeout(() => cli.kill('SIGKILL'), KEY_TIMEOUT_MS);
  const exit = await cli.exited;
  clearTimeout(killer);
  state.cli = undefined;
  if (exit.error) fail(`could not run the CLI: ${exit.error.message}`);
  const lines = cli.stdoutText.split('\n').filter((line) => line.trim() !== '');
  if (exit.code !== 0 || lines.length !== 1) {
    fail(
      `keys create failed (code ${exit.code}, signal ${exit.signal}, ${lines.length} stdout ` +
        `lines${exit.signal === 'SIGKILL' ? `, killed after ${KEY_TIMEOUT_MS} ms` : ''}):\n${cli.output}`,
    );
  }
  return lines[0].trim();
}

function startServer(port, dataDir) {
  requireBuilt(SERVER_ENTRY);
  return spawnNode(
    SERVER_ENTRY,
    [],
    childEnv(dataDir, { PORT: String(port), HOST: '127.0.0.1', HTTP_ADAPTER: ADAPTER }),
  );
}

function get(url) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { timeout: 2000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode, body }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
  });
}

async function waitForHealth(base, server, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  let exit;
  server.exited.then((e) => (exit = e));
  for (;;) {
    if (exit) {
      fail(
        `server exited before it was healthy (code ${exit.code}, signal ${exit.signal}):\n${server.output}`,
      );
    }
    try {
      const res = await get(`${base}/health`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) fail(`server not healthy after ${timeoutMs} ms:\n${server.output}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

async function stopServer(server) {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  server.kill('SIGTERM');
  const killer = setTimeout(() => server.kill('SIGKILL'), 5000);
  await server.exited;
  clearTimeout(killer);
}

// ---------------------------------------------------------------------------------------------
// Browser

async function launchBrowser() {
  let chromium;
  try {
    ({ chromium } = require('playwright-core'));
  } catch {
    fail('playwright-core is not installed (npm ci installs it as a dev dependency)');
  }
  if (!fs.existsSync(CHROMIUM_PATH)) {
    fail(
      `no Chromium at ${CHROMIUM_PATH}: apt-get install -y --no-install-recommends chromium, ` +
        'or set CHROMIUM_PATH',
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    timeout: 20_000,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** What the live-response block currently shows: status cell and response body, or null. */
async function shownResponse(operation) {
  return operation.evaluate((el) => {
    const table = el.querySelector('.live-responses-table');
    const status = table && table.querySelector('tbody .response-col_status');
    // The body's code block (not the "Download" button beside it, nor the headers' <pre>).
    const body =
      table &&
      (table.querySelector('tbody .response-col_description .highlight-code .microlight') ||
        table.querySelector('tbody .response-col_description .highlight-code pre'));
    if (!status || !body) return null;
    return { status: status.textContent.trim(), body: body.textContent };
  });
}

/**
 * Clicks Execute and waits for the request it causes; then waits until the page shows that
 * response (its status, and a body other than the one shown before), and returns what it shows.
 */
async function execute(page, operation, method = 'POST', pathname = TOOL_PATH) {
  const before = await shownResponse(operation);
  const responsePromise = page.waitForResponse(
    (res) => res.request().method() === method && new URL(res.url()).pathname === pathname,
    { timeout: STEP_TIMEOUT_MS },
  );
  await operation.locator('button.execute').click();
  const response = await responsePromise;
  const actual = String(response.status());
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  let shown = null;
  for (;;) {
    shown = await shownResponse(operation);
    const updated =
      shown && shown.status.startsWith(actual) && (!before || shown.body !== before.body);
    if (updated || Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  if (!shown) fail(`the page shows no live response after Execute (server answered ${actual})`);
  return { request: response.request(), response, status: shown.status, body: shown.body };
}

/** Expands an operation (unless it is open) and waits for its body. */
async function expandOperation(operation) {
  if (!(await operation.evaluate((el) => el.classList.contains('is-open')))) {
    await operation.locator('.opblock-summary-control, .opblock-summary').first().click();
  }
  await operation.locator('.opblock-body').waitFor({ timeout: STEP_TIMEOUT_MS });
}

/**
 * Clicks "Try it out" unless it is active already (the server enables tryItOutEnabled, so the
 * button may read "Cancel"); returns whether it was enabled by default.
 */
async function tryItOut(operation) {
  const tryOut = operation.locator('.try-out__btn');
  const label = (await tryOut.innerText()).trim();
  if (/try it out/i.test(label)) await tryOut.click();
  await operation.locator('button.execute').waitFor({ timeout: STEP_TIMEOUT_MS });
  return /cancel/i.test(label);
}

function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The Authorization header the browser sent, or '(none)'. */
function sentAuthorization(request) {
  return request.headers()['authorization'] || '(none)';
}

/** The "Available authorizations" dialog, opened with the "Authorize" button at the top. */
async function openAuthDialog(page, purpose) {
  await page.locator('.scheme-container .auth-wrapper button.authorize').first().click();
  const dialog = page.locator('.dialog-ux .modal-ux');
  await dialog.waitFor({ timeout: STEP_TIMEOUT_MS });
  // The block with the bearer scheme's form ("<name>  (http, Bearer)") and its buttons.
  const bearer = dialog.locator('.auth-container').filter({ hasText: /\(http, Bearer\)/ });
  expect((await bearer.count()) === 1, `the Authorize dialog shows the bearer scheme (${purpose})`);
  return { dialog, bearer };
}

async function closeAuthDialog(dialog) {
  await dialog.locator('button.btn-done').first().click();
  await dialog.waitFor({ state: 'detached', timeout: STEP_TIMEOUT_MS });
}

/** Whether the top "Authorize" button shows a closed lock. */
async function authorizeButtonLocked(page) {
  return page
    .locator('.scheme-container .auth-wrapper button.authorize')
    .first()
    .evaluate((el) => el.classList.contains('locked'));
}

/** "Authorize" → the key in the bearer field → "Authorize" → "Close", as a user would. */
async function authorize(page, apiKey) {
  const { dialog, bearer } = await openAuthDialog(page, 'to authorize');
  const input = bearer.locator('input#auth-bearer-value, input[aria-label="auth-bearer-value"]');
  await input.fill(apiKey);
  await bearer.locator('button.authorize').click();
  const authorized = bearer.locator('h6', { hasText: 'Authorized' });
  await authorized.waitFor({ timeout: STEP_TIMEOUT_MS }).catch(() => {});
  expect(
    await authorized.isVisible(),
    'the dialog shows the bearer scheme "Authorized"',
    `dialog text: ${preview(await dialog.innerText())}`,
  );
  await closeAuthDialog(dialog);
  pass('the Authorize dialog closes');
  expect(await authorizeButtonLocked(page), 'the "Authorize" button shows a closed lock');
}

/** "Authorize" → "Logout" → "Close". */
async function logout(page) {
  const { dialog, bearer } = await openAuthDialog(page, 'to log out');
  await bearer.locator('button[aria-label="Remove authorization"]').click();
  const input = bearer.locator('input#auth-bearer-value, input[aria-label="auth-bearer-value"]');
  await input.waitFor({ timeout: STEP_TIMEOUT_MS });
  pass('"Logout" empties the bearer field');
  await closeAuthDialog(dialog);
  expect(!(await authorizeButtonLocked(page)), 'the "Authorize" button shows an open lock');
}

/** Asserts that an Execute of GET /api/v1/tools was sent without a key and shown as a 401. */
function expectUnauthorized(result, when) {
  const sent = sentAuthorization(result.request);
  expect(sent === '(none)', `${when}: the browser sent no Authorization header`, `sent ${sent}`);
  expect(
    result.status === '401',
    `${when}: Execute of GET ${REGISTRY_PATH} shows status 401`,
    `shown status "${result.status}", body ${preview(result.body)}`,
  );
  const shown = parseJson(result.body);
  expect(
    result.body.includes('UNAUTHORIZED') &&
      shown &&
      shown.success === false &&
      shown.error &&
      shown.error.code === 'UNAUTHORIZED',
    `${when}: the shown response body is the UNAUTHORIZED error envelope`,
    `shown body ${preview(result.body)}`,
  );
}

async function run(state) {
  const port = await freePort();
  if (state.cleanedUp) return; // timed out or interrupted meanwhile: start nothing more
  const base = `http://127.0.0.1:${port}`;
  console.log(`browser-check: HTTP_ADAPTER=${ADAPTER}, server ${base}, browser ${CHROMIUM_PATH}`);

  // The key first: with the embedded database, the server's lock would keep the CLI out.
  state.dataDir = makeDataDir();
  const database = state.dataDir ? `DATA_DIR ${state.dataDir}` : 'DATABASE_URL';
  const apiKey = await createApiKey(state);
  pass(`the CLI created an API key (${apiKey.slice(0, 8)}…) in ${database}`);
  if (state.cleanedUp) return;

  state.server = startServer(port, state.dataDir);
  await waitForHealth(base, state.server);
  pass(`server (${ADAPTER}) is healthy at ${base}/health`);

  state.browser = await launchBrowser();
  if (state.cleanedUp) {
    await state.browser.close();
    return;
  }
  const context = await state.browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  const page = await context.newPage();
  state.page = page;
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const failedRequests = [];
  page.on('requestfailed', (req) =>
    failedRequests.push(`${req.url()} (${req.failure()?.errorText})`),
  );

  // --- /docs renders --------------------------------------------------------------------------
  const docs = await page.goto(`${base}/docs`, { waitUntil: 'load' });
  expect(docs && docs.status() === 200, 'GET /docs answers 200', `status ${docs && docs.status()}`);
  const title = await page.title();
  expect(/toolhub/i.test(title), `page title is "${title}"`, `expected it to contain "toolhub"`);

  const infoTitle = page.locator('.information-container .info .title').first();
  await infoTitle.waitFor({ timeout: STEP_TIMEOUT_MS }).catch(() => {});
  const infoText = (await infoTitle.count()) ? await infoTitle.innerText() : '';
  expect(
    /^toolhub\b/.test(infoText.trim()),
    `Swagger UI rendered the API title "${preview(infoText, 60)}"`,
    `got "${infoText}"; page errors: ${pageErrors.join('; ') || 'none'}`,
  );

  const tag = page.locator('#operations-tag-tools');
  expect(await tag.isVisible(), 'the "tools" tag section is shown');

  const operation = page.locator(OPERATION);
  expect(
    await operation.isVisible(),
    `the ${OPERATION_ID} operation (POST ${TOOL_PATH}) is listed`,
    `no visible ${OPERATION}`,
  );

  // --- expand the operation ------------------------------------------------------------------
  await expandOperation(operation);
  pass('the operation expands');

  // "Try it out": the server enables tryItOutEnabled, so the button may already read "Cancel".
  const byDefault = await tryItOut(operation);
  const textarea = operation.locator('textarea.body-param__text');
  await textarea.waitFor({ timeout: STEP_TIMEOUT_MS });
  pass(`"Try it out" is active${byDefault ? ' (enabled by default)' : ''}`);

  const exampleBody = await textarea.inputValue();
  let example;
  try {
    example = JSON.parse(exampleBody);
  } catch {
    example = undefined;
  }
  expect(
    example &&
      typeof example.plantumlCode === 'string' &&
      example.plantumlCode.startsWith('@startuml'),
    'the request body is pre-filled with the example',
    `textarea holds ${JSON.stringify(preview(exampleBody))}`,
  );

  const contentType = operation.locator('.body-param-content-type select');
  if (await contentType.count()) {
    const selected = await contentType.inputValue();
    expect(selected === 'application/json', `request content type is ${selected}`);
  }

  // --- execute the example -------------------------------------------------------------------
  const ok = await execute(page, operation);
  const sentType = ok.request.headers()['content-type'] || '(none)';
  expect(/^application\/json\b/.test(sentType), `browser sent Content-Type: ${sentType}`);
  expect(
    ok.status === '200',
    'Execute with the example shows status 200',
    `shown status "${ok.status}", body ${preview(ok.body)}`,
  );
  expect(
    ok.body.includes(EXPECTED_URL),
    'the shown response body contains the plantuml.com SVG URL',
    `shown body ${preview(ok.body)}`,
  );

  // --- execute with an empty plantumlCode ----------------------------------------------------
  await textarea.fill(EMPTY_CODE_BODY);
  await textarea.blur();
  const bad = await execute(page, operation);
  const sentBody = bad.request.postData();
  expect(
    sentBody !== null && JSON.parse(sentBody).plantumlCode === '',
    `browser sent the edited body ${sentBody}`,
  );
  expect(
    bad.status === '400',
    'Execute with an empty plantumlCode shows status 400',
    `shown status "${bad.status}", body ${preview(bad.body)}`,
  );
  let shown;
  try {
    shown = JSON.parse(bad.body);
  } catch {
    shown = undefined;
  }
  expect(
    shown && shown.success === false && shown.error && shown.error.code === 'EMPTY_CODE',
    'the shown response body is the EMPTY_CODE error envelope',
    `shown body ${preview(bad.body)}`,
  );

  await operation.locator('.live-responses-table').scrollIntoViewIfNeeded();

  // --- registry API: GET /api/v1/tools without a key, with it, and after logging out ------------
  const registry = page.locator(REGISTRY_OPERATION);
  expect(
    (await registry.count()) === 1 && (await registry.isVisible()),
    `the ${REGISTRY_OPERATION_ID} operation (GET ${REGISTRY_PATH}) is listed`,
    `no visible ${REGISTRY_OPERATION}`,
  );
  const registryLock = registry.locator('.authorization__btn');
  expect(
    (await registryLock.count()) > 0,
    `${REGISTRY_OPERATION_ID} shows a lock (it requires the bearer key)`,
  );
  await expandOperation(registry);
  await tryItOut(registry);
  pass(`${REGISTRY_OPERATION_ID} expands, "Try it out" is active`);
  // Swagger UI pre-fills the optional search filter with its example ("price"): clear it, as a
  // user listing every tool would, so the builtin tool is in the page.
  const search = registry.locator('tr[data-param-name="search"][data-param-in="query"] input');
  if (await search.count()) {
    await search.fill('');
    await search.blur();
  }

  expectUnauthorized(await execute(page, registry, 'GET', REGISTRY_PATH), 'not authorized');

  await authorize(page, apiKey);
  const listed = await execute(page, registry, 'GET', REGISTRY_PATH);
  const query = new URL(listed.request.url()).search;
  expect(
    !/[?&](search|is_active)=/.test(query),
    `authorized: the browser sent no filter (query "${query}")`,
  );
  const sent = sentAuthorization(listed.request);
  expect(
    sent === `Bearer ${apiKey}`,
    'authorized: the browser sent Authorization: Bearer <the key>',
    `sent ${sent === '(none)' ? sent : `${sent.slice(0, 15)}…`}`,
  );
  expect(
    listed.status === '200',
    `authorized: Execute of GET ${REGISTRY_PATH} shows status 200`,
    `shown status "${listed.status}", body ${preview(listed.body)}`,
  );
  expect(
    listed.body.includes('"encodePlantUML"') && listed.body.includes('"total"'),
    'authorized: the shown response body lists "encodePlantUML" and has a "total"',
    `shown body ${preview(listed.body)}`,
  );
  const page1 = parseJson(listed.body);
  expect(
    page1 &&
      Array.isArray(page1.items) &&
      page1.items.some((tool) => tool.name === 'encodePlantUML') &&
      typeof page1.total === 'number' &&
      page1.total >= 1,
    'authorized: the shown body is a page of tools with the builtin encodePlantUML',
    `shown body ${preview(listed.body)}`,
  );

  await logout(page);
  expectUnauthorized(await execute(page, registry, 'GET', REGISTRY_PATH), 'logged out');
  await registry.locator('.live-responses-table').scrollIntoViewIfNeeded();

  expect(pageErrors.length === 0, 'no JavaScript errors on the page', pageErrors.join('; '));
  const localFailures = failedRequests.filter((r) => r.startsWith(base));
  expect(localFailures.length === 0, 'no failed requests to the server', localFailures.join('; '));
  if (failedRequests.length > localFailures.length) {
    console.log(
      `note failed external requests: ${failedRequests.filter((r) => !r.startsWith(base)).join('; ')}`,
    );
  }
}

async function screenshot(page) {
  if (!page || page.isClosed()) return;
  try {
    fs.mkdirSync(path.dirname(SCREENSHOT), { recursive: true });
    await page.screenshot({ path: SCREENSHOT, fullPage: true, timeout: 10_000 });
    console.log(`screenshot: ${path.relative(process.cwd(), SCREENSHOT) || SCREENSHOT}`);
  } catch (error) {
    console.error(`screenshot failed: ${error.message}`);
  }
}

async function cleanup(state) {
  if (state.cleanedUp) return state.cleanedUp;
  state.cleanedUp = (async () => {
    await screenshot(state.page);
    if (state.browser) {
      await Promise.race([
        state.browser.close().catch(() => {}),
        new Promise((r) => setTimeout(r, 5000)),
      ]);
    }
    if (state.cli) state.cli.kill('SIGKILL');
    await stopServer(state.server);
    if (state.cli) await state.cli.exited;
    // Only once nothing has the database open.
    removeDataDir(state.dataDir);
  })();
  return state.cleanedUp;
}

async function main() {
  const state = {};
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(
      () => reject(new CheckError(`timed out after ${OVERALL_TIMEOUT_MS} ms`)),
      OVERALL_TIMEOUT_MS,
    );
  });
  const onSignal = (signal) => {
    console.error(`FAIL interrupted by ${signal}`);
    cleanup(state).finally(() => process.exit(1));
  };
  process.once('SIGINT', onSignal);
  // Last resort, whatever path exits: never leave the server child running.
  process.once('exit', () => {
    for (const child of [state.server, state.cli]) {
      if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    if (state.dataDir && fs.existsSync(state.dataDir)) removeDataDir(state.dataDir);
  });
  process.once('SIGTERM', onSignal);

  let exitCode = 0;
  try {
    await Promise.race([run(state), timeout]);
    console.log(`browser-check passed: ${checks} checks (HTTP_ADAPTER=${ADAPTER})`);
  } catch (error) {
    exitCode = 1;
    const message =
      error instanceof CheckError
        ? error.message
        : error && error.stack
          ? error.stack
          : String(error);
    console.error(`FAIL ${message}`);
    console.error(`browser-check failed after ${checks} passing checks (HTTP_ADAPTER=${ADAPTER})`);
  } finally {
    clearTimeout(timer);
    // Cleanup has its own bounds (browser close 5 s, server SIGKILL after 5 s); this is the last resort.
    const hardStop = setTimeout(() => {
      console.error('FAIL cleanup hung; exiting');
      if (state.server && state.server.exitCode === null) state.server.kill('SIGKILL');
      if (state.cli && state.cli.exitCode === null) state.cli.kill('SIGKILL');
      process.exit(1);
    }, 20_000);
    hardStop.unref();
    await cleanup(state);
  }
  process.exit(exitCode);
}

main();
