import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class ErrorBodyDto {
  /** Stable, machine-readable UPPER_SNAKE_CASE code. */
  @ApiProperty({ example: 'TOOL_NOT_FOUND' })
  code!: string;

  /** Human-readable explanation an agent can relay to its user. */
  @ApiProperty({ example: "Tool 'unknownTool' not found" })
  message!: string;

  /** Structured context, e.g. the list of input schema violations. */
  @ApiPropertyOptional({
    oneOf: [
      { type: 'object', additionalProperties: true },
      { type: 'array', items: {} },
    ],
  })
  details?: unknown;
}

export class ErrorEnvelopeDto {
  @ApiProperty({ enum: [false], example: false })
  success!: false;

  @ApiProperty({ type: ErrorBodyDto })
  error!: ErrorBodyDto;
}
