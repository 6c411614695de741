import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsInt, IsNumber, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { Omittable } from '../../common/omittable.decorator';
import { SUPPORTED_PROVIDERS, type SupportedProvider } from '../supported-providers';

const FINITE = { allowNaN: false, allowInfinity: false };

/** The model an agent runs on and its sampling settings. */
export class ModelConfigDto {
  /** @example "anthropic" */
  @IsIn(SUPPORTED_PROVIDERS)
  provider!: SupportedProvider;

  /** The provider's model id. @example "claude-sonnet-4-20250514" */
  @IsString()
  @Matches(/\S/, { message: '$property must not be blank' })
  @MaxLength(200)
  model!: string;

  /** @example 0.7 */
  @Omittable()
  @IsNumber(FINITE)
  @Min(0)
  @Max(2)
  temperature?: number;

  /** Most tokens of one answer. @example 4096 */
  @ApiProperty({ type: 'integer' })
  @Omittable()
  @IsInt()
  @Min(1)
  max_tokens?: number;

  /** @example 0.9 */
  @Omittable()
  @IsNumber(FINITE)
  @Min(0)
  @Max(1)
  top_p?: number;
}
