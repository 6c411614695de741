import { applyRedirectUriPolicy, redirectUriKind } from './redirect-uri-policy';

describe('redirect URI policy', () => {
  it.each([
    ['https://claude.ai/api/mcp/auth_callback', 'https'],
    ['http://127.0.0.1:33418/callback', 'loopback'],
    ['http://localhost/cb', 'loopback'],
    ['http://[::1]:8080/', 'loopback'],
    ['cursor://anysphere.cursor-retrieval/oauth/callback', 'private-use'],
    ['http://app.example/cb', undefined],
    ['javascript:alert(1)', undefined],
    ['https://app.example/cb#frag', undefined],
    ['not a uri', undefined],
  ])('%s is %s', (uri, kind) => {
    expect(redirectUriKind(uri)).toBe(kind);
  });

  it('registers a client that redirects to its own machine as a native app', () => {
    expect(
      applyRedirectUriPolicy({ redirect_uris: ['http://127.0.0.1:1/cb', 'https://vscode.dev/r'] }),
    ).toEqual({
      metadata: {
        redirect_uris: ['http://127.0.0.1:1/cb', 'https://vscode.dev/r'],
        application_type: 'native',
      },
    });
    expect(applyRedirectUriPolicy({ redirect_uris: ['https://claude.ai/cb'] })).toEqual({
      metadata: { redirect_uris: ['https://claude.ai/cb'] },
    });
  });

  it('refuses a registration with any other redirect URI, naming it', () => {
    expect(
      applyRedirectUriPolicy({
        redirect_uris: ['https://ok.example/cb', 'http://evil.example/cb'],
      }),
    ).toEqual({ problem: expect.stringContaining('http://evil.example/cb') });
    expect(applyRedirectUriPolicy({})).toEqual({ problem: expect.any(String) });
  });
});
