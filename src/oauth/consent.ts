import { type IncomingMessage, type ServerResponse } from 'node:http';
import { Injectable } from '@nestjs/common';
import { ApiKeyVerifier } from '../api-keys/api-key-verifier';
import { type Principal } from '../api-keys/principal';
import { AuditTrail } from '../audit/audit-trail';
import { Transactions } from '../database/transactions';
import { AuthorizationServer } from './authorization-server';
import { ConsoleSessions } from './console-sessions';
import { grantableScopes } from './oauth-scopes';
import { OAuthUrls } from './oauth-urls';
import { renderConsentPage } from './pages/consent-page';
import { renderErrorPage } from './pages/error-page';
import { pageHeaders } from './pages/html';

/** The largest consent form read: a key and two short fields. */
const MAX_FORM_BYTES = 4096;

/**
 * toolhub's consent page for the authorization server's interactions: a person signs in with
 * one of their API keys, or with the browser's console session, and approves (a grant of the
 * scopes asked, never more than the key's role allows) or denies (`access_denied`). Forms are
 * accepted only from this server's own pages: a post from another site is refused, and the
 * interaction's and the console session's cookies, SameSite, would not come with it either.
 */
@Injectable()
export class Consent {
  constructor(
    private readonly server: AuthorizationServer,
    private readonly keys: ApiKeyVerifier,
    private readonly urls: OAuthUrls,
    private readonly transactions: Transactions,
    private readonly audit: AuditTrail,
    private readonly consoleSessions: ConsoleSessions,
  ) {}

  async show(request: IncomingMessage, response: ServerResponse, problem?: string): Promise<void> {
    const provider = await this.server.get();
    const details = await provider.interactionDetails(request, response);
    const client = await provider.Client.find(String(details.params.client_id));
    const redirectUri = new URL(String(details.params.redirect_uri));
    const signedIn = await this.consoleSessions.principalOf(request);
    const html = renderConsentPage({
      action: request.url ?? '',
      clientName: client?.clientName ?? String(details.params.client_id),
      logoUri: client?.logoUri,
      redirectHost: redirectUri.host || redirectUri.protocol,
      resource: String(details.params.resource),
      scopes: requestedScopes(details.params.scope),
      problem,
      signedInAs: signedIn && { user: signedIn.user, role: signedIn.role },
    });
    response.writeHead(problem ? 401 : 200, pageHeaders(redirectTarget(redirectUri)));
    response.end(html);
  }

  async submit(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (!this.isSameOrigin(request)) {
      return this.refuse(response, 'The form was not sent from this server');
    }
    const form = new URLSearchParams(await readForm(request));
    const provider = await this.server.get();
    const details = await provider.interactionDetails(request, response);
    if (form.get('decision') !== 'approve') {
      return provider.interactionFinished(request, response, {
        error: 'access_denied',
        error_description: 'The person denied access',
      });
    }
    const typedKey = form.get('api_key')?.trim();
    const principal = typedKey
      ? await this.keys.verify(typedKey)
      : await this.consoleSessionOf(request);
    if (!principal) {
      const problem = typedKey ? 'That API key is not valid' : 'Sign in with one of your API keys';
      return this.show(request, response, problem);
    }
    const asked = requestedScopes(details.params.scope);
    const allowed = grantableScopes(principal.role);
    const refused = asked.filter((scope) => !allowed.includes(scope as never));
    if (refused.length > 0) {
      return provider.interactionFinished(request, response, {
        error: 'invalid_scope',
        error_description: `A ${principal.role} may not grant ${refused.join(', ')}`,
      });
    }
    const clientId = String(details.params.client_id);
    const existing = details.grantId ? await provider.Grant.find(details.grantId) : undefined;
    const grant = existing ?? new provider.Grant({ accountId: principal.user, clientId });
    // Granted for the resource, which its tokens carry, and to the server, which checks both.
    grant.addOIDCScope(asked.join(' '));
    grant.addResourceScope(String(details.params.resource), asked.join(' '));
    const grantId = await this.transactions.run(async () => {
      const id = await grant.save();
      if (!existing) {
        await this.audit.record({
          actor: { user: principal.user, keyId: principal.keyId, oauthClientId: clientId },
          transport: 'rest',
          type: 'oauth.grant_created',
          target: id,
          details: { grant_id: id, client_id: clientId, scopes: asked },
        });
      }
      return id;
    });
    await provider.interactionFinished(request, response, {
      login: { accountId: principal.user },
      consent: { grantId },
    });
  }

  /**
   * The console session's principal, for a form known to come from this server's own page:
   * browsers send that cookie with every request to `/oauth`, so its use needs the proof a
   * browser gives of where a post came from (`Origin`, or `Sec-Fetch-Site` where it sends none),
   * not merely the absence of a contrary one.
   */
  private async consoleSessionOf(request: IncomingMessage): Promise<Principal | undefined> {
    const { origin } = request.headers;
    const ownPage =
      origin === undefined
        ? request.headers['sec-fetch-site'] === 'same-origin'
        : origin === this.ownOrigin();
    return ownPage ? this.consoleSessions.principalOf(request) : undefined;
  }

  private isSameOrigin(request: IncomingMessage): boolean {
    const origin = request.headers.origin;
    if (origin !== undefined) return origin === this.ownOrigin();
    return request.headers['sec-fetch-site'] !== 'cross-site';
  }

  private ownOrigin(): string {
    return new URL(this.urls.issuer()).origin;
  }

  private refuse(response: ServerResponse, reason: string): void {
    response.writeHead(403, pageHeaders());
    response.end(renderErrorPage('access_denied', reason));
  }
}

function requestedScopes(scope: unknown): string[] {
  return typeof scope === 'string' ? scope.split(' ').filter(Boolean) : [];
}

/** Where the form's answer redirects to, for the page's `form-action`. */
function redirectTarget(uri: URL): string {
  return uri.host ? uri.origin : uri.protocol;
}

async function readForm(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES) break;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
