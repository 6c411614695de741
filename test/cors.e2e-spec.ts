/**
 * Browser apps on another origin: the registry (`/api/v1`) lets them send their API key and use
 * every method its routes serve, while the tool service's paths keep their base CORS headers
 * exactly.
 */
import { describeHttpContract } from './support/test-app';

const SEED_001_CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'Content-Type',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
};

describeHttpContract('CORS for browser apps', (testApp) => {
  const preflight = (path: string, method: string, headers: string) =>
    testApp()
      .http.options(path)
      .set('Origin', 'https://app.example')
      .set('Access-Control-Request-Method', method)
      .set('Access-Control-Request-Headers', headers);

  test.each([
    ['/api/v1/agents/7f6c3d0e-0000-4000-8000-000000000000', 'PUT'],
    ['/api/v1/agents/7f6c3d0e-0000-4000-8000-000000000000', 'DELETE'],
    ['/api/v1/tools', 'POST'],
    ['/api/v1/keys', 'GET'],
  ])(
    'a preflight of %s %s allows the method, Authorization and Content-Type',
    async (path, method) => {
      const response = await preflight(path, method, 'authorization, content-type');
      expect(response.status).toBe(200);
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.headers['access-control-allow-methods'].split(', ')).toContain(method);
      const allowed = response.headers['access-control-allow-headers'].toLowerCase().split(', ');
      expect(allowed).toEqual(expect.arrayContaining(['authorization', 'content-type']));
    },
  );

  test('a registry answer lets the page read where a new resource lives and the request id', async () => {
    const response = await testApp().http.get('/api/v1/tools').set('Origin', 'https://app.example');
    expect(response.status).toBe(401);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-expose-headers']).toContain('X-Request-Id');
  });

  test.each(['/api/tools', '/api/tools/encodePlantUML'])(
    "%s keeps seed 001's exact CORS headers, on the preflight and on the answer",
    async (path) => {
      const answers = [
        await preflight(path, 'POST', 'content-type'),
        await testApp().http.get(path).set('Origin', 'https://app.example'),
      ];
      for (const response of answers) expect(response.headers).toMatchObject(SEED_001_CORS);
    },
  );
});

describeHttpContract(
  'CORS for the browser apps a deployment names (CORS_ORIGINS)',
  (testApp) => {
    const preflightFrom = (origin: string) =>
      testApp()
        .http.options('/api/v1/tools')
        .set('Origin', origin)
        .set('Access-Control-Request-Method', 'POST')
        .set('Access-Control-Request-Headers', 'authorization');

    test.each(['https://app.example.com', 'http://localhost:5173'])(
      'a page of the listed origin %s is named back, and caches are told the answer varies',
      async (origin) => {
        const response = await preflightFrom(origin);
        expect(response.headers['access-control-allow-origin']).toBe(origin);
        expect(response.headers.vary).toMatch(/Origin/i);
      },
    );

    test('a page of another origin gets no Access-Control-Allow-Origin, so its browser withholds the answer', async () => {
      const response = await preflightFrom('https://evil.example');
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    });

    test("seed 001's paths stay open to every origin", async () => {
      const response = await testApp().http.get('/api/tools').set('Origin', 'https://evil.example');
      expect(response.headers['access-control-allow-origin']).toBe('*');
    });
  },
  { env: { CORS_ORIGINS: 'https://app.example.com, http://localhost:5173' } },
);
