/**
 * The console's page and files at /console on both adapters: what `npm run build` made, with the
 * page's Content-Security-Policy, and the JSON envelope for anything that is not one of them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONSOLE_DIRECTORY } from '../src/console-site';
import { describeHttpContract } from './support/test-app';

const ASSETS = join(CONSOLE_DIRECTORY, 'assets');
const script = () => readdirSync(ASSETS).find((name) => name.endsWith('.js'));

function expectNoInlineScriptAllowed(policy: string | undefined): void {
  const directives = new Map(
    (policy ?? '').split(';').map((directive) => {
      const [name, ...values] = directive.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );
  expect(directives.get('default-src')).toEqual(["'none'"]);
  expect(directives.get('script-src')).toEqual(["'self'"]);
  expect(directives.get('style-src')).toEqual(["'self'"]);
  expect(directives.get('connect-src')).toEqual(["'self'"]);
  expect(directives.get('img-src')).toEqual(["'self'", 'blob:']);
  expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
  expect(directives.get('object-src')).toEqual(["'none'"]);
}

describeHttpContract('the console at /console', (testApp) => {
  test.each(['/console', '/console/'])(
    'GET %s is the built page, with a strict Content-Security-Policy',
    async (path) => {
      const response = await testApp().http.get(path);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.text).toBe(readFileSync(join(CONSOLE_DIRECTORY, 'index.html'), 'utf8'));
      expectNoInlineScriptAllowed(response.headers['content-security-policy']);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['cache-control']).toBe('no-cache');
      // Its only script is a file of the console's own: nothing inline for the policy to allow.
      expect(response.text).toMatch(
        new RegExp(`<script type="module" crossorigin src="/console/assets/${script()}">`),
      );
      expect(response.text).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    },
  );

  test("a built script is served as JavaScript, cached for good (its name is its content's hash)", async () => {
    const response = await testApp().http.get(`/console/assets/${script()}`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expectNoInlineScriptAllowed(response.headers['content-security-policy']);
    expect(response.text).toBe(readFileSync(join(ASSETS, script()!), 'utf8'));
  });

  test.each(['/console/nothing-here.js', '/console/assets/nothing-here.js', '/console/.hidden'])(
    'GET %s is a JSON 404',
    async (path) => {
      const response = await testApp().http.get(path);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({
        success: false,
        error: { code: 'NOT_FOUND', message: expect.any(String) },
      });
    },
  );

  // serve-static finds no such file (404); @fastify/static refuses the path outright (403).
  test.each(['/console/..%2f..%2fpackage.json', '/console/%2e%2e/%2e%2e/package.json'])(
    'GET %s is refused with an envelope, never a file from outside the console',
    async (path) => {
      const response = await testApp().http.get(path);
      expect([403, 404]).toContain(response.status);
      expect(response.body).toEqual({
        success: false,
        error: {
          code: expect.stringMatching(/^(NOT_FOUND|FORBIDDEN)$/),
          message: expect.any(String),
        },
      });
      expect(response.text).not.toContain('"name": "toolhub"');
    },
  );

  test('POST /console is a JSON 405 that names GET', async () => {
    const response = await testApp().http.post('/console').send({});
    expect(response.status).toBe(405);
    expect(response.headers.allow).toMatch(/GET/);
    expect(response.body.error.code).toBe('METHOD_NOT_ALLOWED');
  });
});
