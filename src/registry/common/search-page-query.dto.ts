import { IsOptional, IsString, MaxLength } from 'class-validator';
import { PageQueryDto } from './page.dto';

/** A page of a list, optionally narrowed to a search term. */
export class SearchPageQueryDto extends PageQueryDto {
  /** Case-insensitive substring of the name or description. @example "signal" */
  @IsOptional()
  @IsString()
  @MaxLength(200)
  search?: string;
}
