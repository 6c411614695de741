import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional, IsUUID } from 'class-validator';
import { SearchPageQueryDto } from '../../../core/api/search-page-query.dto';

export class ListToolsQueryDto extends SearchPageQueryDto {
  /** Only active (`true`) or inactive (`false`) tools. */
  @IsOptional()
  @Transform(({ value }: { value: unknown }) =>
    value === 'true' ? true : value === 'false' ? false : value,
  )
  @IsBoolean()
  is_active?: boolean;

  /** Only the tools this tool source imported. */
  @IsOptional()
  @IsUUID()
  source_id?: string;
}
