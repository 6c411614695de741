import { ApiProperty } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsString,
  MaxLength,
  MinLength,
  NotContains,
} from 'class-validator';
import { Omittable } from '../../../../core/validation/omittable.decorator';
import { type SourceTypeRequest } from '../../tool-source-type.contract';
import { IsOptionalEnvironment } from './is-optional-environment.decorator';

/**
 * The fields of an `mcp_stdio` source: a program this server runs, speaking MCP over its stdin
 * and stdout (most published MCP servers, as `npx` or `uvx` packages). Allowed only when
 * `TOOL_SOURCE_STDIO=true`.
 */
export class McpStdioSourceRequestDto implements SourceTypeRequest {
  @ApiProperty({ enum: ['mcp_stdio'], example: 'mcp_stdio' })
  @IsIn(['mcp_stdio'])
  type!: 'mcp_stdio';

  /**
   * The program: a path, or a name looked up in the server's `PATH`; run without a shell.
   * @example "npx"
   */
  @IsString()
  @MinLength(1)
  @MaxLength(4096)
  @NotContains('\0')
  command!: string;

  /** Its arguments, each passed as it is. @example ["-y", "@modelcontextprotocol/server-github"] */
  @Omittable()
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @MaxLength(4096, { each: true })
  @NotContains('\0', { each: true })
  args?: string[];

  /**
   * Its environment besides `PATH` (the only variable of the server's own it gets); returned by
   * the API. @example {"GITHUB_TOOLSETS": "repos,issues"}
   */
  @IsOptionalEnvironment()
  env?: Record<string, string>;

  /**
   * Environment variables whose values are secret (tokens): write-only, the API returns only
   * their names. @example {"GITHUB_PERSONAL_ACCESS_TOKEN": "ghp_..."}
   */
  @IsOptionalEnvironment()
  secret_env?: Record<string, string>;
}
