import { ApiProperty } from '@nestjs/swagger';

/** How the latest webhook delivery about a run stands. */
export class WebhookStateDto {
  @ApiProperty({
    enum: ['pending', 'delivered', 'failed'],
    example: 'delivered',
    description:
      '`pending` until the receiver answers 2xx (`delivered`), or the attempts are used up or the address is refused (`failed`)',
  })
  status!: string;
  @ApiProperty({ type: 'integer', example: 1, description: 'Attempts made so far' })
  attempts!: number;
  /** Why the last attempt failed; null after a success. @example null */
  last_error!: string | null;
}
