import { Injectable } from '@nestjs/common';
import { SecretBox } from '../../../secrets/secret-box';
import { ToolKindProvider } from '../../tool-kind-provider.decorator';
import { EndpointToolKind, type StoredEndpoint } from '../endpoint/endpoint-tool.kind';
import { type ToolImplementationDto } from '../endpoint/tool-implementation.dto';
import { McpToolRunner } from './mcp-tool-runner';

/** `mcp` tools: `tool_name` is called on the MCP server at the tool's URL. */
@ToolKindProvider()
@Injectable()
export class McpToolKind extends EndpointToolKind {
  readonly type = 'mcp';

  constructor(
    secrets: SecretBox,
    private readonly runner: McpToolRunner,
  ) {
    super(secrets);
  }

  protected storedFieldsOf(request: ToolImplementationDto): Record<string, unknown> {
    return { tool_name: request.tool_name ?? '' };
  }

  protected call(endpoint: StoredEndpoint, input: Record<string, unknown>, signal: AbortSignal) {
    return this.runner.run({ ...endpoint, tool_name: String(endpoint.tool_name) }, input, signal);
  }
}
