#!/usr/bin/env node
// The person at toolhub's consent page for the conformance suite's authorization-code scenario:
// the suite prints the authorization URL for a browser and waits for its callback. This waits for
// that URL in the suite's output (the file given), opens it with a cookie jar, signs in on the
// consent page with the API key given and approves, then follows the redirect to the suite's
// callback, as a browser would.
// Usage: node approve-sign-in.mjs <suite output file> <api key>
import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';

const [outputFile, apiKey] = process.argv.slice(2);
const AUTHORIZE = /^(http\S+\/oauth\/authorize\?\S+)$/m;
/** How long the suite may take to install and start the scenario. */
const WAIT_MS = 120_000;

async function authorizationUrl() {
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    const text = await readFile(outputFile, 'utf8').catch(() => '');
    const match = AUTHORIZE.exec(text);
    if (match) return match[1];
    await sleep(200);
  }
  throw new Error(`no authorization URL in ${outputFile}`);
}

const cookies = new Map();

async function visit(url, init = {}) {
  const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await fetch(url, {
    ...init,
    redirect: 'manual',
    headers: { ...init.headers, ...(cookie && { Cookie: cookie }) },
  });
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(';');
    const at = pair.indexOf('=');
    cookies.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return response;
}

/** Follows redirects on the server's origin; the response that leaves it or is a page. */
async function follow(url, init, origin) {
  let current = url;
  let response = await visit(current, init);
  while (response.status >= 300 && response.status < 400) {
    current = new URL(response.headers.get('location'), current).href;
    if (new URL(current).origin !== origin) return { leaving: current };
    response = await visit(current);
  }
  return { page: await response.text(), url: current, status: response.status };
}

const start = await authorizationUrl();
const origin = new URL(start).origin;
const consent = await follow(start, {}, origin);
if (!consent.page) throw new Error(`expected the consent page, was sent to ${consent.leaving}`);
const action = /<form method="post" action="([^"]+)"/.exec(consent.page)?.[1];
if (!action) throw new Error(`no consent form (${consent.status}): ${consent.page}`);
const answer = await follow(
  new URL(action.replace(/&#38;/g, '&'), consent.url).href,
  {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin },
    body: new URLSearchParams({ decision: 'approve', api_key: apiKey }).toString(),
  },
  origin,
);
if (!answer.leaving)
  throw new Error(`approval did not redirect (${answer.status}): ${answer.page}`);
// The suite's callback server: the browser's last stop.
await fetch(answer.leaving);
console.log('approved the conformance client on the consent page');
