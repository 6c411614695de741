import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsISO8601, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { AUDIT_TYPES } from '../../audit/audit-event';

/** The filters of the audit listing and export; every one narrows what is returned. */
export class AuditFilterQueryDto {
  @ApiPropertyOptional({ enum: AUDIT_TYPES, example: 'tool.called' })
  @IsOptional()
  @IsIn(AUDIT_TYPES)
  type?: string;

  /** The user who acted; a member key sees its own user's entries only. @example "alice" */
  @IsOptional()
  @IsString()
  @MaxLength(200)
  user?: string;

  /** A tool's name: the `tool.*` entries about it. @example "encodePlantUML" */
  @IsOptional()
  @IsString()
  @MaxLength(200)
  tool?: string;

  /** Entries at or after this time. @example "2026-11-01T00:00:00Z" */
  @IsOptional()
  @IsISO8601({ strict: true })
  from?: string;

  /** Entries at or before this time; not before `from`. @example "2026-11-30T23:59:59Z" */
  @IsOptional()
  @IsISO8601({ strict: true })
  to?: string;
}

export class AuditPageQueryDto extends AuditFilterQueryDto {
  /** Entries per page. */
  @ApiPropertyOptional({ type: 'integer', default: 50 })
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(500)
  limit: number = 50;

  /** The `next_cursor` of the page before, with the same filters. */
  @ApiPropertyOptional({ example: 'eyJzIjo0MiwiZiI6IjFhMmIzYyJ9' })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  cursor?: string;
}
