import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';

/**
 * The largest offset a list takes: past it a number loses integer precision (`offset=1e20`
 * would reach the database as a value it cannot hold), and no list is that long anyway.
 */
const MAX_OFFSET = Number.MAX_SAFE_INTEGER;

/** `limit`/`offset` of every list; both optional, with their defaults. */
export class PageQueryDto {
  /** Items per page. */
  @ApiPropertyOptional({ type: 'integer', default: 20 })
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit: number = 20;

  /** Items to skip, in creation order. */
  @ApiPropertyOptional({ type: 'integer', default: 0 })
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(MAX_OFFSET)
  offset: number = 0;
}

/** A page of a list: the items, the total across all pages and the page's bounds. */
export interface Page<T> {
  items: T[];
  total: number;
  limit: number;
  offset: number;
}
