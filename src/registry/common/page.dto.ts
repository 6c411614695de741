import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';

/** `limit`/`offset` of every list (AC-022). */
export class PageQueryDto {
  /** Items per page. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit: number = 20;

  /** Items to skip, in creation order. */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  offset: number = 0;
}

/** A page of a list: the items, the total across all pages and the page's bounds. */
export interface Page<T> {
  items: T[];
  total: number;
  limit: number;
  offset: number;
}
