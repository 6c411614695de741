import { type SecretBox } from '../../../secrets/secret-box';
import { type ToolImplementation } from '../../../database/schema';
import {
  type StoredTool,
  type ToolImplementationView,
  type ToolKind,
  type ToolKindBuild,
} from '../../tool-kind.contract';
import { ENDPOINT_FAILED_EXAMPLE } from '../../tool-transport-errors';
import { ToolResponseTooLargeError, ToolUrlForbiddenError } from '../../outbound/outbound.errors';
import { mapSecretHeaders } from './secret-headers';
import { type ToolEndpoint } from './tool-endpoint';
import { ToolImplementationDto } from './tool-implementation.dto';

/** A stored `http` or `mcp` implementation: an endpoint, with its secret header values sealed. */
export type StoredEndpoint = ToolImplementation & ToolEndpoint;

/**
 * What the kinds that call an endpoint share: they are registered with a URL and headers, store
 * secret header values sealed, open them only to call, and never show them (nor credentials an
 * older URL may hold). A subclass says what it stores beyond the endpoint and how it calls it.
 */
export abstract class EndpointToolKind implements ToolKind<ToolImplementationDto> {
  abstract readonly type: string;
  readonly errors = [
    ENDPOINT_FAILED_EXAMPLE,
    new ToolUrlForbiddenError('prices.internal', 'private'),
    new ToolResponseTooLargeError(10 * 1024 * 1024),
  ];
  readonly registration = {
    dto: ToolImplementationDto,
    // What reaches outside toolhub waits for approval unless its registrant says not.
    requiresApprovalByDefault: true,
    store: (request: ToolImplementationDto): ToolImplementation => ({
      type: this.type,
      ...this.storedFieldsOf(request),
      url: request.url,
      headers: request.headers ?? {},
      secret_headers: mapSecretHeaders(request.secret_headers ?? {}, (value) =>
        this.secrets.seal(value),
      ),
    }),
  };

  constructor(protected readonly secrets: SecretBox) {}

  build({ implementation }: StoredTool): ToolKindBuild {
    const stored = implementation as StoredEndpoint;
    // Stored sealed; the endpoint is given the values it sends.
    const endpoint = {
      ...stored,
      secret_headers: mapSecretHeaders(stored.secret_headers, (value) => this.secrets.open(value)),
    };
    return { handler: { execute: (input, { signal }) => this.call(endpoint, input, signal) } };
  }

  view(implementation: ToolImplementation): ToolImplementationView {
    const { secret_headers, ...shown } = implementation as StoredEndpoint;
    return {
      ...shown,
      url: withoutCredentials(shown.url),
      secret_header_names: Object.keys(secret_headers),
    };
  }

  mapSecrets(
    implementation: ToolImplementation,
    transform: (value: string) => string,
  ): ToolImplementation {
    const stored = implementation as StoredEndpoint;
    return { ...stored, secret_headers: mapSecretHeaders(stored.secret_headers, transform) };
  }

  /** The fields this kind stores beyond the endpoint's own. */
  protected abstract storedFieldsOf(request: ToolImplementationDto): Record<string, unknown>;

  protected abstract call(
    endpoint: StoredEndpoint,
    input: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<unknown>;
}

/**
 * Registration refuses credentials in a URL, but a tool stored before that rule may hold some
 * (a token as the user name, too): they are never shown.
 */
function withoutCredentials(url: string): string {
  if (!url.includes('@')) return url;
  const parsed = URL.parse(url);
  if (!parsed || (parsed.username === '' && parsed.password === '')) return url;
  parsed.username = '***';
  parsed.password = '';
  return parsed.toString();
}
