import { type IncomingMessage } from 'node:http';
import { CORS_HEADERS, CorsPolicy } from './cors';

function requestTo(url: string, origin?: string): IncomingMessage {
  return { url, headers: origin ? { origin } : {} } as IncomingMessage;
}

/** The CORS headers of a response, without the request id. */
function corsOf(policy: CorsPolicy, url: string, origin?: string): Record<string, string> {
  const headers = policy.responseHeaders(requestTo(url, origin));
  delete headers['X-Request-Id'];
  return headers;
}

describe('CorsPolicy', () => {
  test('answers the base headers exactly where no feature asked for more', () => {
    const policy = new CorsPolicy();
    policy.allow('/api/v1/', { requestHeaders: ['Authorization'], origins: ['https://a.example'] });
    policy.advertiseMethods(() => ['PUT', 'DELETE']);
    expect(corsOf(policy, '/api/tools', 'https://b.example')).toEqual(CORS_HEADERS);
    expect(corsOf(policy, '/api/tools/encodePlantUML')).toEqual(CORS_HEADERS);
  });

  test("adds a feature's request and exposed headers to the base ones", () => {
    const policy = new CorsPolicy();
    policy.allow('/mcp', { requestHeaders: ['Authorization'], exposedHeaders: ['Mcp-Session-Id'] });
    expect(corsOf(policy, '/mcp')).toMatchObject({
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Headers': 'Content-Type, Authorization',
      'Access-Control-Expose-Headers': 'X-Request-Id, Mcp-Session-Id',
    });
  });

  test('merges what several features ask for on one prefix, the longest prefix winning', () => {
    const policy = new CorsPolicy();
    policy.allow('/api/v1/', { requestHeaders: ['Authorization'] });
    policy.allow('/api/v1/', { requestHeaders: ['Last-Event-ID', 'Authorization'] });
    policy.allow('/api/v1/runs/', { exposedHeaders: ['Location'] });
    expect(corsOf(policy, '/api/v1/tools')['Access-Control-Allow-Headers']).toBe(
      'Content-Type, Authorization, Last-Event-ID',
    );
    expect(corsOf(policy, '/api/v1/runs/1')).toMatchObject({
      'Access-Control-Allow-Headers': 'Content-Type, Authorization, Last-Event-ID',
      'Access-Control-Expose-Headers': 'X-Request-Id, Location',
    });
  });

  test("advertises the methods a feature's routes serve, in a stable order, without HEAD", () => {
    const policy = new CorsPolicy();
    policy.allow('/api/v1/', {});
    policy.allow('/mcp', {});
    policy.advertiseMethods((prefix) =>
      prefix === '/api/v1/' ? ['DELETE', 'GET', 'HEAD', 'PUT', 'POST'] : ['POST'],
    );
    expect(corsOf(policy, '/api/v1/agents')['Access-Control-Allow-Methods']).toBe(
      'GET, POST, PUT, DELETE, OPTIONS',
    );
    // Never fewer than the base ones: a browser's GET still gets its 405 rather than a CORS error.
    expect(corsOf(policy, '/mcp')['Access-Control-Allow-Methods']).toBe('GET, POST, OPTIONS');
  });

  describe('with a list of origins', () => {
    const policy = new CorsPolicy();
    policy.allow('/api/v1/', { origins: ['https://app.example', 'https://admin.example'] });

    test('names a listed origin back, and says the answer varies with the origin', () => {
      expect(corsOf(policy, '/api/v1/tools', 'https://admin.example')).toMatchObject({
        'Access-Control-Allow-Origin': 'https://admin.example',
        Vary: 'Origin',
      });
    });

    test.each([['https://evil.example'], [undefined]])(
      'gives no Access-Control-Allow-Origin to the origin %s',
      (origin) => {
        const headers = corsOf(policy, '/api/v1/tools', origin);
        expect(headers['Access-Control-Allow-Origin']).toBeUndefined();
        expect(headers.Vary).toBe('Origin');
      },
    );

    test('`*` in the list allows every origin', () => {
      const open = new CorsPolicy();
      open.allow('/api/v1/', { origins: ['*'] });
      const headers = corsOf(open, '/api/v1/tools', 'https://any.example');
      expect(headers['Access-Control-Allow-Origin']).toBe('*');
      expect(headers.Vary).toBeUndefined();
    });
  });
});
