import { Injectable } from '@nestjs/common';
import { SecretBox } from '../../../../secrets/secret-box';
import { mapSecretHeaders } from '../../../../tools/kinds/endpoint/secret-headers';
import { type ToolContext } from '../../../../tools/tool.contract';
import { ENDPOINT_FAILED_EXAMPLE } from '../../../../tools/tool-transport-errors';
import {
  type SourceSettings,
  type StoredToolSource,
  type ToolSourceType,
  type UpstreamListing,
} from '../../tool-source-type.contract';
import { ToolSourceTypeProvider } from '../../tool-source-type-provider.decorator';
import { ToolSourcesConfig } from '../../tool-sources.config';
import { McpStdioSourceRequestDto } from './mcp-stdio-source-request.dto';
import { type StdioLaunch } from './stdio-launch';
import { StdioServers } from './stdio-servers';
import { StdioSourcesDisabledError } from './stdio-sources-disabled.error';

/**
 * `mcp_stdio` sources: an MCP server run by this server as a process, spoken to over its stdin
 * and stdout (`StdioServers` keeps the processes). Off unless `TOOL_SOURCE_STDIO=true`: a source
 * runs any program the admin names. Secret variables are stored sealed and opened only to start
 * the process.
 */
@ToolSourceTypeProvider()
@Injectable()
export class McpStdioSourceType implements ToolSourceType<McpStdioSourceRequestDto> {
  readonly type = 'mcp_stdio';
  readonly dto = McpStdioSourceRequestDto;
  readonly errors = [ENDPOINT_FAILED_EXAMPLE];

  constructor(
    private readonly secrets: SecretBox,
    private readonly servers: StdioServers,
    private readonly config: ToolSourcesConfig,
  ) {}

  store(request: McpStdioSourceRequestDto): Promise<SourceSettings> {
    if (!this.config.TOOL_SOURCE_STDIO) return Promise.reject(new StdioSourcesDisabledError());
    const launch: StdioLaunch = {
      command: request.command,
      args: request.args ?? [],
      env: request.env ?? {},
      secret_env: mapSecretHeaders(request.secret_env ?? {}, (value) => this.secrets.seal(value)),
    };
    return Promise.resolve({ ...launch });
  }

  view(settings: SourceSettings): Record<string, unknown> {
    const { command, args, env, secret_env } = settings as unknown as StdioLaunch;
    return { command, args, env, secret_env_names: Object.keys(secret_env) };
  }

  list(
    source: StoredToolSource,
    options: { signal: AbortSignal; limit: number },
  ): Promise<UpstreamListing> {
    return this.servers.list(source, this.launchOf(source), options);
  }

  call(
    source: StoredToolSource,
    upstreamName: string,
    args: Record<string, unknown>,
    context: ToolContext,
  ): Promise<unknown> {
    return this.servers.call(source, this.launchOf(source), {
      name: upstreamName,
      args,
      signal: context.signal,
    });
  }

  watch(source: StoredToolSource, changed: () => void): () => void {
    return this.servers.watch(source, this.launchOf(source), changed);
  }

  release(sourceId: string): Promise<void> {
    return this.servers.release(sourceId);
  }

  /** What the process is started with, its secret variables' values opened. */
  private launchOf(source: StoredToolSource): StdioLaunch {
    const stored = source.settings as unknown as StdioLaunch;
    return {
      ...stored,
      secret_env: mapSecretHeaders(stored.secret_env, (value) => this.secrets.open(value)),
    };
  }
}
