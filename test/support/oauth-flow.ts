import { createHash, randomBytes } from 'node:crypto';
import { CALLBACK_URL, Person } from './oauth-clients';

export interface OAuthTokens {
  access_token: string;
  refresh_token: string;
  scope: string;
}

/**
 * A registered public client of the server at `base`, signing in by the book: PKCE S256, the
 * resource, a person approving on the consent page with an API key, the code redeemed.
 */
export class OAuthFlow {
  private readonly verifier = randomBytes(32).toString('base64url');

  private constructor(
    private readonly base: string,
    readonly clientId: string,
  ) {}

  static async register(base: string, clientName = 'Flow client'): Promise<OAuthFlow> {
    const response = await fetch(`${base}/oauth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        client_name: clientName,
        redirect_uris: [CALLBACK_URL],
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
      }),
    });
    if (response.status !== 201) throw new Error(`registration: ${response.status}`);
    return new OAuthFlow(base, ((await response.json()) as { client_id: string }).client_id);
  }

  /** `redirectUri`: the registered one, or a loopback one on another port (RFC 8252). */
  authorizeUrl(scope = 'tools runs registry', redirectUri = CALLBACK_URL): URL {
    const url = new URL('/oauth/authorize', this.base);
    const challenge = createHash('sha256').update(this.verifier).digest('base64url');
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: this.clientId,
      redirect_uri: redirectUri,
      scope,
      resource: `${this.base}/mcp`,
      state: 'flow-state',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    }).toString();
    return url;
  }

  /** The person with `apiKey` approves `scope`; the tokens the code is redeemed for. */
  async signIn(apiKey: string, scope?: string): Promise<OAuthTokens> {
    const callback = await new Person(this.base).approve(this.authorizeUrl(scope), apiKey);
    return this.redeem(callback.get('code') ?? '');
  }

  async redeem(code: string, redirectUri = CALLBACK_URL): Promise<OAuthTokens> {
    return this.tokens({
      grant_type: 'authorization_code',
      code,
      code_verifier: this.verifier,
      redirect_uri: redirectUri,
      resource: `${this.base}/mcp`,
    });
  }

  async refresh(refreshToken: string): Promise<Response> {
    return this.post({ grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  private async tokens(form: Record<string, string>): Promise<OAuthTokens> {
    const response = await this.post(form);
    if (response.status !== 200) throw new Error(`token: ${response.status}`);
    return (await response.json()) as OAuthTokens;
  }

  private post(form: Record<string, string>): Promise<Response> {
    return fetch(`${this.base}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: this.clientId, ...form }).toString(),
    });
  }
}

/** The grant an access token of toolhub's belongs to, from its claims. */
export function grantOf(accessToken: string): string {
  const claims = JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()) as {
    grant_id: string;
  };
  return claims.grant_id;
}
