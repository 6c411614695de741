import { Injectable } from '@nestjs/common';
import { SecretBox } from '../../../../secrets/secret-box';
import { mapSecretHeaders } from '../../../../tools/kinds/endpoint/secret-headers';
import { ENDPOINT_FAILED_EXAMPLE } from '../../../../tools/tool-transport-errors';
import { type SourceSettings, type StoredToolSource } from '../../tool-source-type.contract';
import { ToolSourceTypeProvider } from '../../tool-source-type-provider.decorator';
import { ToolSourcesConfig } from '../../tool-sources.config';
import { McpServerSourceType } from '../mcp/mcp-server-source-type';
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
export class McpStdioSourceType extends McpServerSourceType<McpStdioSourceRequestDto, StdioLaunch> {
  readonly type = 'mcp_stdio';
  readonly dto = McpStdioSourceRequestDto;
  readonly errors = [ENDPOINT_FAILED_EXAMPLE];

  constructor(
    private readonly secrets: SecretBox,
    protected readonly clients: StdioServers,
    private readonly config: ToolSourcesConfig,
  ) {
    super();
  }

  store(request: McpStdioSourceRequestDto): Promise<SourceSettings> {
    if (!this.config.TOOL_SOURCE_STDIO) return Promise.reject(new StdioSourcesDisabledError());
    const launch: StdioLaunch = {
      command: request.command,
      args: request.args ?? [],
      env: request.env ?? {},
      secret_env: request.secret_env ?? {},
    };
    return Promise.resolve(this.mapSecrets({ ...launch }, (value) => this.secrets.seal(value)));
  }

  mapSecrets(settings: SourceSettings, transform: (value: string) => string): SourceSettings {
    const secretEnv = (settings as unknown as StdioLaunch).secret_env;
    // The same per-value mapping as secret headers: a record of names to sealed values.
    return { ...settings, secret_env: mapSecretHeaders(secretEnv, transform) };
  }

  view(settings: SourceSettings): Record<string, unknown> {
    const { command, args, env, secret_env } = settings as unknown as StdioLaunch;
    return { command, args, env, secret_env_names: Object.keys(secret_env) };
  }

  /** What the process is started with, its secret variables' values opened. */
  protected connectionOf(source: StoredToolSource): StdioLaunch {
    return this.mapSecrets(source.settings, (value) =>
      this.secrets.open(value),
    ) as unknown as StdioLaunch;
  }
}
