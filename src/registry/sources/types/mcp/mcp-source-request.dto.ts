import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsUrl } from 'class-validator';
import { IsOptionalHeaders } from '../../../../tools/kinds/endpoint/is-header-record.decorator';
import {
  IsPermittedToolUrl,
  IsUrlWithoutCredentials,
} from '../../../../tools/outbound/tool-url.decorators';

/** The fields of an `mcp` source: a Streamable HTTP MCP server, of either protocol era. */
export class McpSourceRequestDto {
  @ApiProperty({ enum: ['mcp'], example: 'mcp' })
  @IsIn(['mcp'])
  type!: 'mcp';

  /**
   * The server's Streamable HTTP endpoint: not a loopback, private, link-local or other
   * non-public address unless `TOOL_URL_ALLOW` allows it, and without credentials (use
   * `secret_headers`). @example "https://mcp.example.com/mcp"
   */
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true, require_tld: false })
  @IsUrlWithoutCredentials()
  @IsPermittedToolUrl()
  url!: string;

  /** Headers sent with every request; returned by the API. @example {"X-Client": "toolhub"} */
  @IsOptionalHeaders()
  headers?: Record<string, string>;

  /**
   * Headers sent with every request whose values are secret (tokens): write-only, the API
   * returns only their names. @example {"Authorization": "Bearer ghp_..."}
   */
  @IsOptionalHeaders()
  secret_headers?: Record<string, string>;
}
