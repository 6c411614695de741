import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsISO8601, IsOptional } from 'class-validator';
import {
  USAGE_GROUPS,
  USAGE_PERIODS,
  type UsageGroup,
  type UsagePeriod,
} from '../usage.repository';

export class UsageQueryDto {
  @ApiProperty({
    enum: USAGE_GROUPS,
    example: 'agent',
    description:
      'What an item sums: a user’s, a key’s, an agent’s (by id), a model’s or a tool’s use. Runs do not record their key, and a run is no one tool’s: by `key` or `tool`, only tool calls are counted',
  })
  @IsIn(USAGE_GROUPS)
  group_by!: UsageGroup;

  @ApiProperty({
    enum: USAGE_PERIODS,
    example: 'day',
    description: 'The length of a period, in UTC',
  })
  @IsIn(USAGE_PERIODS)
  period!: UsagePeriod;

  /** Use at or after this time (a run counts when it started). @example "2026-11-01T00:00:00Z" */
  @ApiPropertyOptional()
  @IsOptional()
  @IsISO8601({ strict: true })
  from?: string;

  /** Use at or before this time; not before `from`. @example "2026-11-30T23:59:59Z" */
  @ApiPropertyOptional()
  @IsOptional()
  @IsISO8601({ strict: true })
  to?: string;
}
