import { ApiProperty } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  IsBoolean,
  IsIn,
  IsInt,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { Omittable } from '../../../core/validation/omittable.decorator';

/** A source's name starts each of its tools' names (`{source}__{upstream}`). */
export const SOURCE_NAME_PATTERN = /^[a-z][a-z0-9_]{0,19}$/;

/** The most globs in `include` or `exclude`: each is matched against every upstream tool. */
const MAX_GLOBS = 100;

/** The fields every tool source has, whatever its type; the type's own fields sit beside them. */
export class ToolSourceCommonFieldsDto {
  /** @example "Issues and pull requests of our GitHub organisation" */
  @Omittable()
  @IsString()
  @MaxLength(10_000)
  description?: string;

  /**
   * Globs on the upstream's tool names (`*`, `?`, `{a,b}`): only matching tools are imported.
   * None: every tool. @example ["*_issue", "search_*"]
   */
  @Omittable()
  @ArrayMaxSize(MAX_GLOBS)
  @IsString({ each: true })
  @MaxLength(200, { each: true })
  include?: string[];

  /** Globs on the upstream's tool names that are never imported. @example ["delete_*"] */
  @Omittable()
  @ArrayMaxSize(MAX_GLOBS)
  @IsString({ each: true })
  @MaxLength(200, { each: true })
  exclude?: string[];

  /**
   * What syncs after the first import do with what they find: `quarantine` holds added and
   * changed tools for an admin's review (removed ones stop at once); `apply` takes every change
   * at once, recorded as approved. @example "quarantine"
   */
  @Omittable()
  @IsIn(['quarantine', 'apply'])
  on_change?: 'quarantine' | 'apply';

  /** Its tools are served to callers without an API key too. @example false */
  @Omittable()
  @IsBoolean()
  public?: boolean;

  /**
   * Whether calls of its tools by agents wait for approval: `"annotations"` (a tool the upstream
   * marks `readOnlyHint` and not `destructiveHint` runs at once, every other waits), `true` or
   * `false`. A tool's own `requires_approval`, once set, wins.
   */
  @ApiProperty({ oneOf: [{ type: 'string', enum: ['annotations'] }, { type: 'boolean' }] })
  @Omittable()
  @IsIn(['annotations', true, false], {
    message: 'requires_approval must be "annotations", true or false',
  })
  requires_approval?: 'annotations' | boolean;

  /** Seconds between syncs (60–86400). @example 600 */
  @Omittable()
  @IsInt()
  @Min(60)
  @Max(86_400)
  sync_interval_seconds?: number;
}

/** A new tool source: its name and type, the common fields, and its type's own fields. */
export class CreateToolSourceDto extends ToolSourceCommonFieldsDto {
  /**
   * Lower-case letters, digits and `_`, starting with a letter, up to 20; unique. It names the
   * source's tools, so it cannot change. @example "github"
   */
  @IsString()
  @Matches(SOURCE_NAME_PATTERN, {
    message: 'name must be a lower-case letter, then up to 19 lower-case letters, digits or _',
  })
  name!: string;

  /** The source type, which says the other fields it takes. @example "mcp" */
  @IsString()
  type!: string;
}
