import { ApiProperty } from '@nestjs/swagger';

export class ToolInvocationSuccessDto {
  @ApiProperty({ enum: [true], example: true })
  success!: true;

  /** The tool's result; its shape is the tool's `outputSchema`. */
  @ApiProperty({ type: 'object', additionalProperties: true })
  result!: unknown;
}
