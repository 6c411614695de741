import {
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type StoredOAuthClientInformation,
  type StoredOAuthTokens,
} from '@modelcontextprotocol/client';

/** Where the test clients say they receive the code: a loopback port nothing listens on. */
export const CALLBACK_URL = 'http://127.0.0.1:9/callback';

/**
 * An MCP client's OAuth state kept in memory, as the SDK's `OAuthClientProvider`: what it
 * registered, its PKCE verifier, its tokens; `authorizationUrl` is where it would have sent the
 * person's browser.
 */
export class InMemoryOAuthClient implements OAuthClientProvider {
  authorizationUrl?: URL;
  private information?: StoredOAuthClientInformation;
  private stored?: StoredOAuthTokens;
  private verifier = '';

  constructor(
    private readonly metadata: Partial<OAuthClientMetadata> = {},
    readonly clientMetadataUrl?: string,
  ) {}

  get redirectUrl(): string {
    return CALLBACK_URL;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'E2E connector',
      redirect_uris: [CALLBACK_URL],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      application_type: 'native',
      ...this.metadata,
    };
  }

  clientInformation(): StoredOAuthClientInformation | undefined {
    return this.information;
  }

  saveClientInformation(information: StoredOAuthClientInformation): void {
    this.information = information;
  }

  tokens(): StoredOAuthTokens | undefined {
    return this.stored;
  }

  saveTokens(tokens: StoredOAuthTokens): void {
    this.stored = tokens;
  }

  redirectToAuthorization(url: URL): void {
    this.authorizationUrl = url;
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    return this.verifier;
  }
}

/** The answer at the end of a person's visit: the client's callback URL, or a page. */
export type Visit =
  | { kind: 'callback'; params: URLSearchParams }
  | { kind: 'page'; status: number; html: string; url: string };

/**
 * A person in a browser, with its cookies: follows redirects on this server (`origin`), fills in
 * the consent page, and stops where a redirect leaves it for the client's callback.
 */
export class Person {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly origin: string) {}

  /** Opens `url` and follows redirects until the callback or a page. */
  async open(url: URL | string, init: RequestInit = {}): Promise<Visit> {
    let response = await this.fetch(url, init);
    let current = String(url);
    while (response.status >= 300 && response.status < 400) {
      const location = new URL(response.headers.get('location') ?? '', current);
      // Leaving this server is going back to the client.
      if (location.origin !== new URL(this.origin).origin) {
        return { kind: 'callback', params: location.searchParams };
      }
      current = location.href;
      response = await this.fetch(current, {});
    }
    return { kind: 'page', status: response.status, html: await response.text(), url: current };
  }

  /** Posts the consent page's form, from that page (same origin, its cookies). */
  async answer(
    page: Visit,
    fields: Record<string, string>,
    headers: Record<string, string> = { Origin: this.origin },
  ): Promise<Visit> {
    if (page.kind !== 'page') throw new Error('no page to answer');
    const action = /<form method="post" action="([^"]+)"/.exec(page.html)?.[1] ?? '';
    return this.open(new URL(action.replace(/&#38;/g, '&'), page.url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields).toString(),
    });
  }

  /** Approves with `apiKey` on the consent page `url` leads to; the callback's parameters. */
  async approve(url: URL | string, apiKey: string): Promise<URLSearchParams> {
    const page = await this.open(url);
    const answer = await this.answer(page, { decision: 'approve', api_key: apiKey });
    if (answer.kind !== 'callback') throw new Error(`no callback: ${answer.status} ${answer.html}`);
    return answer.params;
  }

  /** Signs this browser in to the console's session with `apiKey`, as the console does. */
  signInToConsole(apiKey: string): Promise<Response> {
    return this.fetch(new URL('/oauth/console-session', this.origin), {
      method: 'POST',
      headers: { Authorization: `Bearer ${apiKey}` },
    });
  }

  /** Signs this browser out of the console's session, as the console does. */
  signOutOfConsole(): Promise<Response> {
    return this.fetch(new URL('/oauth/console-session', this.origin), { method: 'DELETE' });
  }

  /** Keeps (or, when it has expired, drops) the cookie of a `Set-Cookie` header. */
  remember(setCookie: string): void {
    const [pair] = setCookie.split(';');
    const [name, ...value] = pair.split('=');
    if (/expires=Thu, 01 Jan 1970/i.test(setCookie)) this.cookies.delete(name);
    else this.cookies.set(name, value.join('='));
  }

  private async fetch(url: URL | string, init: RequestInit): Promise<Response> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), ...(cookie && { Cookie: cookie }) },
    });
    for (const header of response.headers.getSetCookie()) this.remember(header);
    return response;
  }
}
