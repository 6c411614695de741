import { IsBoolean, IsObject, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { Omittable } from '../../../core/validation/omittable.decorator';
import { type ToolImplementationDto } from '../../../tools/kinds/endpoint/tool-implementation.dto';
import { IsToolImplementation, suppliesParameters } from '../../../tools/tool-kind-requests';

/** Tool names are MCP tool names: they are served as the tool's id to agents. */
export const TOOL_NAME_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;

export class CreateToolDto {
  /** Unique; letters, digits, `_`, `.` and `-`, up to 64. @example "price_fetcher" */
  @IsString()
  @Matches(TOOL_NAME_PATTERN, {
    message: 'name must be 1-64 letters, digits, underscores, dots or hyphens',
  })
  name!: string;

  /** @example "Fetches the latest price of a stock" */
  @Omittable()
  @IsString()
  @MaxLength(10_000)
  description?: string;

  /**
   * JSON Schema (type `object`) of the tool's input; calls are validated against it. Required,
   * except for `agent` tools, whose input the kind defines (omit it, or send exactly that).
   * @example {"type": "object", "properties": {"symbol": {"type": "string"}}, "required": ["symbol"]}
   */
  @ValidateIf((dto: CreateToolDto) => !suppliesParameters(dto.implementation))
  @IsObject()
  parameters?: Record<string, unknown>;

  /** What the tool runs. Without one the tool is only described: listed, but not served. */
  @Omittable()
  @IsToolImplementation()
  implementation?: ToolImplementationDto;

  /** Inactive tools are kept but not served to agents. @example true */
  @Omittable()
  @IsBoolean()
  is_active?: boolean;

  /**
   * An agent's call waits for its user's approval. Default: true for `http` and `mcp` tools
   * (they act outside toolhub), false otherwise (an `agent` tool's own tools carry their
   * approvals); agents may override it. @example true
   */
  @Omittable()
  @IsBoolean()
  requires_approval?: boolean;

  /**
   * Served to callers without an API key too (`GET /api/tools`, `POST /api/tools/{name}`, MCP);
   * a private tool is served to key holders only. Default: false (builtin tools are public).
   * @example false
   */
  @Omittable()
  @IsBoolean()
  public?: boolean;
}
