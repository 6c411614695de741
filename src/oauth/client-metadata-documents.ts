import type * as OidcProvider from 'oidc-provider';
import { type GuardedFetchFunction } from '../core/http/outbound-fetch.token';
import { redirectUriKind } from './redirect-uri-policy';

type Configuration = OidcProvider.Configuration;
type Errors = typeof OidcProvider.errors;

/** The draft of Client ID Metadata Documents the installed oidc-provider implements. */
const IMPLEMENTED_DRAFT = 'draft-02';

/**
 * How long a fetched document is kept, in seconds: its own `Cache-Control`/`Expires` within
 * these bounds. The floor spares the client's host a fetch per sign-in; the ceiling lets a
 * client's changed document (a new redirect URI) reach toolhub within the hour.
 */
const CACHE_SECONDS = { min: 60, max: 60 * 60 };

/** The most bytes of a document read; the draft's suggested bound. */
const MAX_DOCUMENT_BYTES = 5 * 1024;

/**
 * Client ID Metadata Documents: a `client_id` that is an https URL names the client's own
 * metadata, fetched from there by oidc-provider (which checks that the document names that same
 * URL and then the redirect URI like any client's) through toolhub's outbound guard, so an
 * address tools may not reach (loopback, private…) is refused unless `TOOL_URL_ALLOW` opens it.
 * Such a client must keep to toolhub's redirect URI policy, as a registered one does.
 */
export function clientMetadataDocuments(
  fetch: GuardedFetchFunction,
  errors: Errors,
): Pick<Configuration, 'fetch' | 'fetchResponseBodyLimits'> & {
  feature: NonNullable<Configuration['features']>['clientIdMetadataDocument'];
} {
  return {
    // oidc-provider's own SSRF dispatcher is replaced by the guard's (which sets its own).
    fetch: (input, options) => fetch(input instanceof Request ? input.url : input, options),
    fetchResponseBodyLimits: { 'client_id metadata document': MAX_DOCUMENT_BYTES },
    feature: {
      enabled: true,
      ack: IMPLEMENTED_DRAFT,
      cacheDuration: CACHE_SECONDS,
      allowClient: (_ctx, client) => {
        const refused = client.redirectUris?.filter((uri) => !redirectUriKind(uri)) ?? [];
        if (refused.length > 0) {
          throw new errors.InvalidClientMetadata(
            `redirect_uris must be https, http on a loopback address, or an app's own scheme; not ${refused.join(', ')}`,
          );
        }
        return true;
      },
    },
  };
}
