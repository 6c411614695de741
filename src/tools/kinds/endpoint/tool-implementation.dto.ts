import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsString, IsUrl, MinLength, ValidateIf } from 'class-validator';
import { IsPermittedToolUrl, IsUrlWithoutCredentials } from '../../outbound/tool-url.decorators';
import { IsOptionalHeaders } from './is-header-record.decorator';

/**
 * What a registered tool runs: `http` POSTs the parameters as JSON to `url`; `mcp` calls
 * `tool_name` on the MCP server at `url` (Streamable HTTP). Builtin tools come from the code.
 * The request DTO of both endpoint kinds: an `http` one may carry a `tool_name`, which is not
 * stored.
 */
export class ToolImplementationDto {
  // Listed, not inferred: the Swagger plugin orders a union's members as the type checker happens
  // to have met them, which differs between compilations, so the document would not be stable.
  @ApiProperty({ enum: ['http', 'mcp'], example: 'http' })
  @IsIn(['http', 'mcp'])
  type!: 'http' | 'mcp';

  /**
   * Where the tool runs: not a loopback, private, link-local or other non-public address unless
   * `TOOL_URL_ALLOW` allows it, and without credentials (use `secret_headers`).
   * @example "https://tools.example.com/price"
   */
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true, require_tld: false })
  @IsUrlWithoutCredentials()
  @IsPermittedToolUrl()
  url!: string;

  /** The tool's name on the MCP server (type `mcp` only). @example "get_price" */
  @ValidateIf((dto: ToolImplementationDto) => dto.type === 'mcp')
  @IsString()
  @MinLength(1)
  tool_name?: string;

  /** Headers sent with every call; returned by the API. @example {"X-Client": "toolhub"} */
  @IsOptionalHeaders()
  headers?: Record<string, string>;

  /**
   * Headers sent with every call whose values are secret (API tokens): write-only, the API
   * returns only their names. @example {"Authorization": "Bearer sk-..."}
   */
  @IsOptionalHeaders()
  secret_headers?: Record<string, string>;
}
