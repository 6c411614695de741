'use strict';

/**
 * Real-browser check of the Swagger UI at /docs (run in CI after `npm run build`):
 *
 *   node scripts/browser-check.js            # HTTP_ADAPTER=express by default
 *   HTTP_ADAPTER=fastify node scripts/browser-check.js
 *
 * Starts the built server (dist/main.js) on a free loopback port, opens /docs in Chromium
 * (playwright-core, system browser; never downloads one), and, as a user would, expands
 * POST /api/tools/encodePlantUML, runs "Try it out" → "Execute" with the example body and then
 * with an empty plantumlCode, asserting on what the page shows. Prints one line per check;
 * exit code 0 = all passed, 1 = a failure (with a clear message).
 *
 * Environment:
 *   HTTP_ADAPTER               express (default) | fastify
 *   CHROMIUM_PATH              browser executable (default /usr/bin/chromium)
 *   BROWSER_CHECK_SCREENSHOT   screenshot file (default .bench/swagger-ui.png)
 *   BROWSER_CHECK_TIMEOUT_MS   overall time bound (default 60000)
 */

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const http = require('node:http');
const net = require('node:net');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const SERVER_ENTRY = path.join(ROOT, 'dist', 'main.js');
const ADAPTER = process.env.HTTP_ADAPTER || 'express';
const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const SCREENSHOT = path.resolve(
  ROOT,
  process.env.BROWSER_CHECK_SCREENSHOT || path.join('.bench', 'swagger-ui.png'),
);
const OVERALL_TIMEOUT_MS = Number(process.env.BROWSER_CHECK_TIMEOUT_MS) || 60_000;
const STEP_TIMEOUT_MS = 10_000;

const OPERATION_ID = 'invoke_encodePlantUML';
const OPERATION = `#operations-tools-${OPERATION_ID}`;
const TOOL_PATH = '/api/tools/encodePlantUML';
const EXPECTED_URL =
  'https://www.plantuml.com/plantuml/svg/SoWkIImgAStDuNBAJrBGjLDmpCbCJbMmKiX8pSd9vt98pKi1IW80';
const EMPTY_CODE_BODY = '{"plantumlCode":""}';

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

function startServer(port) {
  if (!fs.existsSync(SERVER_ENTRY)) {
    fail(`${path.relative(ROOT, SERVER_ENTRY)} not found: build first (npx nest build)`);
  }
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      HTTP_ADAPTER: ADAPTER,
      LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Keep the tail of the server's output to explain a failure.
  child.output = '';
  const keep = (chunk) => {
    child.output = (child.output + chunk.toString()).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return child;
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

async function waitForHealth(base, server, timeoutMs = 20_000) {
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
async function execute(page, operation) {
  const before = await shownResponse(operation);
  const responsePromise = page.waitForResponse(
    (res) => res.request().method() === 'POST' && new URL(res.url()).pathname === TOOL_PATH,
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

async function run(state) {
  const port = await freePort();
  if (state.cleanedUp) return; // timed out or interrupted meanwhile: start nothing more
  const base = `http://127.0.0.1:${port}`;
  console.log(`browser-check: HTTP_ADAPTER=${ADAPTER}, server ${base}, browser ${CHROMIUM_PATH}`);

  state.server = startServer(port);
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
  if (!(await operation.evaluate((el) => el.classList.contains('is-open')))) {
    await operation.locator('.opblock-summary-control, .opblock-summary').first().click();
  }
  const opBody = operation.locator('.opblock-body');
  await opBody.waitFor({ timeout: STEP_TIMEOUT_MS });
  pass('the operation expands');

  // "Try it out": the server enables tryItOutEnabled, so the button may already read "Cancel".
  const tryOut = operation.locator('.try-out__btn');
  const tryOutLabel = (await tryOut.innerText()).trim();
  if (/try it out/i.test(tryOutLabel)) await tryOut.click();
  const textarea = operation.locator('textarea.body-param__text');
  await textarea.waitFor({ timeout: STEP_TIMEOUT_MS });
  pass(`"Try it out" is active${/cancel/i.test(tryOutLabel) ? ' (enabled by default)' : ''}`);

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

  expect(pageErrors.length === 0, 'no JavaScript errors on the page', pageErrors.join('; '));
  const localFailures = failedRequests.filter((r) => r.startsWith(base));
  expect(localFailures.length === 0, 'no failed requests to the server', localFailures.join('; '));
  if (failedRequests.length > localFailures.length) {
    console.log(
      `note failed external requests: ${failedRequests.filter((r) => !r.startsWith(base)).join('; ')}`,
    );
  }

  await operation.locator('.live-responses-table').scrollIntoViewIfNeeded();
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
    await stopServer(state.server);
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
    if (state.server && state.server.exitCode === null && state.server.signalCode === null) {
      state.server.kill('SIGKILL');
    }
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
      process.exit(1);
    }, 20_000);
    hardStop.unref();
    await cleanup(state);
  }
  process.exit(exitCode);
}

main();
