/**
 * Debian's Chromium driven by playwright-core (no browser download), with axe-core preloaded in
 * every page: the console's policy forbids inline scripts, so axe comes in through the DevTools
 * protocol, as the page's own code never could.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `no Chromium at ${CHROMIUM_PATH}: apt-get install -y --no-install-recommends chromium, ` +
        'or set CHROMIUM_PATH',
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    timeout: 30_000,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A fresh browser profile (no storage shared with another) with axe-core in every page. */
export async function newContext(browser: Browser, width = 1280): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  context.setDefaultTimeout(15_000);
  await context.addInitScript({ content: AXE_SOURCE });
  return context;
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

const AXE_OPTIONS = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
};

/**
 * axe-core's WCAG 2.1 A and AA rules (and its best practices) on the page as it is now, each
 * violation as one line naming the elements. (Page code is passed as text: this is Node code.)
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  const violations = await page.evaluate<AxeViolation[]>(
    `axe.run(document, ${JSON.stringify(AXE_OPTIONS)}).then((result) => result.violations)`,
  );
  return violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  );
}

/** How far the page is wider than its window: 0 when nothing makes it scroll sideways. */
export async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate<number>(
    'document.documentElement.scrollWidth - document.documentElement.clientWidth',
  );
}

/** `UPDATE_SCREENSHOTS=1` writes the screenshots the docs show, into docs/console. */
const SCREENSHOTS = process.env.UPDATE_SCREENSHOTS
  ? join(__dirname, '..', '..', 'docs', 'console')
  : undefined;

/** The whole page as `docs/console/{name}.png`, when the screenshots are being updated. */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** Opens the console at `base` and signs in with `key`, as a person types it. */
export async function signIn(page: Page, base: string, key: string): Promise<void> {
  await page.goto(`${base}/console/`);
  await page.getByLabel('API key').fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
