import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';

export class SessionEventsQueryDto {
  /** Only events with a greater sequence number (-1: from the first). */
  @ApiPropertyOptional({ type: 'integer', default: -1 })
  @Type(() => Number)
  @IsInt()
  @Min(-1)
  @Max(Number.MAX_SAFE_INTEGER)
  after_sequence: number = -1;

  /** Events per page. */
  @ApiPropertyOptional({ type: 'integer', default: 100 })
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1000)
  limit: number = 100;
}

export class SessionEventsDto {
  /**
   * Persisted events in `sequenceNumber` order, each exactly as streamed.
   * @example [{"type": "user_message_sent", "sessionId": "0d9a3f4e-1c2b-4a5d-9e8f-7a6b5c4d3e2f", "runId": "8c7b6a5d-4e3f-4a1b-9c8d-7e6f5a4b3c2d", "eventIndex": 0, "timestamp": "2026-11-22T10:00:00.000Z", "persistenceState": "persisted", "sequenceNumber": 0, "content": "Hello"}]
   */
  items!: object[];
  /** Pass as `after_sequence` for the next page; null when this page is the last. @example null */
  next_after_sequence!: number | null;
}
