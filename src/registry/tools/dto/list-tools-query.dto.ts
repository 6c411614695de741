import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import { PageQueryDto } from '../../common/page.dto';

export class ListToolsQueryDto extends PageQueryDto {
  /** Only active (`true`) or inactive (`false`) tools. */
  @IsOptional()
  @Transform(({ value }: { value: unknown }) =>
    value === 'true' ? true : value === 'false' ? false : value,
  )
  @IsBoolean()
  is_active?: boolean;

  /** Case-insensitive substring of the name or description. @example "price" */
  @IsOptional()
  @IsString()
  @MaxLength(200)
  search?: string;
}
