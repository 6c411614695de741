import { Injectable } from '@nestjs/common';
import { SecretBox } from '../../../../secrets/secret-box';
import { mapSettingsSecretHeaders } from '../secret-header-settings';
import { type ToolEndpoint } from '../../../../tools/kinds/endpoint/tool-endpoint';
import { ToolUrlForbiddenError } from '../../../../tools/outbound/outbound.errors';
import { ENDPOINT_FAILED_EXAMPLE } from '../../../../tools/tool-transport-errors';
import { type SourceSettings, type StoredToolSource } from '../../tool-source-type.contract';
import { ToolSourceTypeProvider } from '../../tool-source-type-provider.decorator';
import { McpServerSourceType } from './mcp-server-source-type';
import { McpSourceRequestDto } from './mcp-source-request.dto';
import { McpUpstreams } from './mcp-upstreams';

/**
 * `mcp` sources: a remote MCP server over Streamable HTTP, either protocol era (the SDK's
 * client negotiates it). Secret header values are stored sealed and opened only to connect.
 */
@ToolSourceTypeProvider()
@Injectable()
export class McpSourceType extends McpServerSourceType<McpSourceRequestDto, ToolEndpoint> {
  readonly type = 'mcp';
  readonly dto = McpSourceRequestDto;
  readonly errors = [ENDPOINT_FAILED_EXAMPLE, new ToolUrlForbiddenError('mcp.internal', 'private')];

  constructor(
    private readonly secrets: SecretBox,
    protected readonly clients: McpUpstreams,
  ) {
    super();
  }

  store(request: McpSourceRequestDto): Promise<SourceSettings> {
    const given = {
      url: request.url,
      headers: request.headers ?? {},
      secret_headers: request.secret_headers ?? {},
    };
    return Promise.resolve(this.mapSecrets(given, (value) => this.secrets.seal(value)));
  }

  view(settings: SourceSettings): Record<string, unknown> {
    const { url, headers, secret_headers } = settings as unknown as ToolEndpoint;
    return { url, headers, secret_header_names: Object.keys(secret_headers) };
  }

  mapSecrets(settings: SourceSettings, transform: (value: string) => string): SourceSettings {
    return mapSettingsSecretHeaders(settings, transform);
  }

  /** The endpoint the source's requests go to, with its secret headers' values opened. */
  protected connectionOf(source: StoredToolSource): ToolEndpoint {
    return this.mapSecrets(source.settings, (value) =>
      this.secrets.open(value),
    ) as unknown as ToolEndpoint;
  }
}
