import { ApiProperty } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  IsArray,
  IsInt,
  IsNumber,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { Omittable } from '../../../core/validation/omittable.decorator';

const FINITE = { allowNaN: false, allowInfinity: false };

/** The model an agent runs on and its sampling settings. */
export class ModelConfigDto {
  /**
   * A model provider of this server: `anthropic`, `openai` (or any OpenAI-compatible server)
   * or `scripted` (deterministic replies, no network). @example "anthropic"
   */
  @IsString()
  @MaxLength(100)
  provider!: string;

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

  /**
   * `scripted` only: the model's turns, played in order (the last repeats). Each turn may have
   * `thinking`, `text`, `tool_calls: [{ id?, name, args }]`, `stop_reason`, `usage`,
   * `error: { message, code? }`, `hold`, `delay_ms`, `chunk_size`.
   * @example [{"text": "Let me look.", "tool_calls": [{"name": "encodePlantUML", "args": {"plantumlCode": "@startuml\nA -> B\n@enduml"}}]}, {"text": "Here is your diagram."}]
   */
  @Omittable()
  @IsArray()
  @ArrayMaxSize(1000)
  script?: unknown[];
}
