import { type IncomingMessage, type ServerResponse } from 'node:http';
import { Inject, Injectable } from '@nestjs/common';
import type * as OidcProvider from 'oidc-provider';
import { AuditTrail } from '../audit/audit-trail';
import { esmImport } from '../core/esm-import';
import { type GuardedFetchFunction, OUTBOUND_FETCH } from '../core/http/outbound-fetch.token';
import { clientMetadataDocuments } from './client-metadata-documents';
import { DatabaseAdapter } from './database-adapter';
import { OAuthConfig } from './oauth.config';
import { OAuthKeys } from './oauth-keys';
import { DEFAULT_SCOPES, OAUTH_SCOPES } from './oauth-scopes';
import { OAuthStateRepository } from './oauth-state.repository';
import { CONSENT_PATH, OAUTH_ROUTES, OAuthUrls } from './oauth-urls';
import { renderErrorPage } from './pages/error-page';

type Provider = OidcProvider.default;

/** A server made, and the ids of the signing keys it was made with. */
interface Built {
  ids: string;
  provider: Promise<Provider>;
}

const loadOidcProvider = esmImport<typeof OidcProvider>('oidc-provider');

/** How long a code may wait to be redeemed (single use either way). */
const CODE_TTL_SECONDS = 60;
/** How long a person has to approve or deny a client. */
const INTERACTION_TTL_SECONDS = 10 * 60;
/** How long a grant, and the refresh tokens renewing it, last unused. */
const GRANT_TTL_SECONDS = 30 * 24 * 60 * 60;

/**
 * toolhub's OAuth 2.1 authorization server: oidc-provider (a certified implementation), made on
 * first use, its state in the database. Authorization code with PKCE S256 only, for the one
 * resource (`<PUBLIC_URL>/mcp`) a client must name; clients register (RFC 7591) or are named by
 * the URL of their metadata document; tokens are JWTs signed with toolhub's key; refresh tokens
 * rotate, and a reused one revokes its grant.
 */
@Injectable()
export class AuthorizationServer {
  private built?: Built;

  constructor(
    private readonly urls: OAuthUrls,
    private readonly keys: OAuthKeys,
    private readonly state: OAuthStateRepository,
    private readonly config: OAuthConfig,
    @Inject(OUTBOUND_FETCH) private readonly outbound: GuardedFetchFunction,
    private readonly audit: AuditTrail,
  ) {}

  /** Serves a request to one of its endpoints, on the Node request and response. */
  async serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const provider = await this.get();
    await (provider.callback() as (req: IncomingMessage, res: ServerResponse) => Promise<void>)(
      request,
      response,
    );
  }

  /**
   * The server, made again when the published signing keys changed (a rotation, here or at
   * another instance, or a retirement): one small read per OAuth request, none per API request.
   */
  async get(): Promise<Provider> {
    const ids = (await this.keys.publishedSigningKeyIds()).join(' ');
    // None yet: the first server made stores the first key.
    if (!this.built || (ids && this.built.ids !== ids)) this.built = this.build(ids);
    return this.built.provider;
  }

  private build(ids: string): Built {
    const built: Built = {
      ids,
      provider: this.create().then(
        ({ provider, signingIds }) => {
          built.ids = signingIds.join(' ');
          return provider;
        },
        (error: unknown) => {
          if (this.built === built) this.built = undefined;
          throw error;
        },
      ),
    };
    return built;
  }

  private async create(): Promise<{ provider: Provider; signingIds: string[] }> {
    const [{ default: Provider, errors }, keys] = await Promise.all([
      loadOidcProvider(),
      this.keys.load(),
    ]);
    const resource = this.urls.resource();
    const { feature: clientIdMetadataDocument, ...fetching } = clientMetadataDocuments(
      this.outbound,
      errors,
    );
    const provider = new Provider(this.urls.issuer(), {
      ...fetching,
      adapter: (model: string) => new DatabaseAdapter(model, this.state),
      // It signs with the first key of the algorithm: the newest, the others only verify.
      jwks: { keys: [...keys.signing].reverse() },
      cookies: { keys: keys.cookies },
      routes: { ...OAUTH_ROUTES },
      // Known to the server itself too, so that clients may register with them.
      scopes: [...OAUTH_SCOPES],
      responseTypes: ['code'],
      pkce: { required: () => true },
      clientDefaults: {
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
        // The one key is an EC key; ID tokens are never asked for (no `openid` scope), but a
        // client's metadata must still name an algorithm the server can sign with.
        id_token_signed_response_alg: 'ES256',
      },
      features: {
        clientIdMetadataDocument,
        devInteractions: { enabled: false },
        registration: { enabled: true },
        revocation: { enabled: true },
        resourceIndicators: {
          enabled: true,
          // A client must say which resource it wants a token for; only this server's one.
          defaultResource: (_ctx, _client, oneOf) => {
            if (!oneOf?.length) throw new errors.InvalidTarget('resource is required');
            return oneOf[0];
          },
          useGrantedResource: () => true,
          getResourceServerInfo: (_ctx, indicator) => {
            if (indicator !== resource) {
              throw new errors.InvalidTarget(`this server issues tokens for ${resource} only`);
            }
            return {
              scope: OAUTH_SCOPES.join(' '),
              audience: resource,
              accessTokenTTL: this.config.OAUTH_ACCESS_TOKEN_TTL_SECONDS,
              accessTokenFormat: 'jwt',
              jwt: { sign: { alg: 'ES256' } },
            };
          },
        },
      },
      interactions: { url: (_ctx, interaction) => `${CONSENT_PATH}/${interaction.uid}` },
      issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
      rotateRefreshToken: true,
      // The grant's id rides in the token, so a revoked grant's tokens are refused at once.
      extraTokenClaims: (_ctx, token) => ({
        grant_id: 'grantId' in token ? token.grantId : undefined,
      }),
      ttl: {
        AuthorizationCode: CODE_TTL_SECONDS,
        Interaction: INTERACTION_TTL_SECONDS,
        Session: INTERACTION_TTL_SECONDS,
        Grant: GRANT_TTL_SECONDS,
        RefreshToken: GRANT_TTL_SECONDS,
        AccessToken: this.config.OAUTH_ACCESS_TOKEN_TTL_SECONDS,
      },
      findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub }) }),
      clientBasedCORS: () => true,
      renderError: (ctx, out) => {
        ctx.type = 'html';
        ctx.body = renderErrorPage(out.error, out.error_description);
      },
    });
    // Behind a proxy the issuer's scheme and host are the ones clients see, not the socket's.
    provider.proxy = true;
    // A request without `scope` asks for the defaults (RFC 6749 §3.3), those `/mcp` challenges
    // with; oidc-provider would otherwise grant nothing and answer access_denied.
    provider.use(async (ctx, next) => {
      if (ctx.path === OAUTH_ROUTES.authorization && ctx.method === 'GET' && !ctx.query.scope) {
        ctx.query = { ...ctx.query, scope: DEFAULT_SCOPES.join(' ') };
      }
      await next();
    });
    provider.on('grant.revoked', (ctx: OidcProvider.KoaContextWithOIDC, grantId: string) =>
      this.recordRevocation(ctx, grantId),
    );
    return { provider, signingIds: keys.signingIds };
  }

  /**
   * A grant the server revoked itself: a refresh token used twice (a stolen copy, maybe) ends
   * its whole family, and a client revoking its refresh token ends its grant. Recorded after
   * the fact: the server's deletes are not in a unit of work of toolhub's.
   */
  private recordRevocation(ctx: OidcProvider.KoaContextWithOIDC, grantId: string): void {
    const { client, entities } = ctx.oidc;
    const token = entities.RefreshToken ?? entities.AccessToken;
    void this.audit.queue({
      actor: { user: String(token?.accountId ?? 'system'), oauthClientId: client?.clientId },
      transport: 'rest',
      type: 'oauth.grant_revoked',
      target: grantId,
      details: {
        grant_id: grantId,
        client_id: client?.clientId,
        reason: ctx.oidc.route === 'token' ? 'refresh_token_reused' : 'revoked_by_client',
      },
    });
  }
}
