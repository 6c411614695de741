import { IsOptional, IsString, MaxLength } from 'class-validator';
import { PageQueryDto } from './page.dto';

/**
 * A page of a list, optionally narrowed to a search term. `search` has no example: Swagger UI
 * would prefill it, and "Try it out" would then filter the list.
 */
export class SearchPageQueryDto extends PageQueryDto {
  /** Case-insensitive substring of the name or description. */
  @IsOptional()
  @IsString()
  @MaxLength(200)
  search?: string;
}
