import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class UsageItemDto {
  /**
   * The user, key id, agent id, model or tool name; null for use without one (a tool call made
   * with no key or outside a run, a run whose agent was deleted).
   */
  @ApiProperty({ type: 'string', nullable: true, example: 'alice' })
  group!: string | null;
  /** The start of the period, in UTC. @example "2026-11-29T00:00:00.000Z" */
  period_start!: string;
  /** Runs started in the period. @example 12 */
  runs!: number;
  /** Tool calls on every transport (REST, MCP, runs, test-runs, workflows). @example 40 */
  tool_calls!: number;
  /** Input tokens of the runs started in the period. @example 51200 */
  input_tokens!: number;
  /** @example 3100 */
  output_tokens!: number;
  /** USD at `MODEL_PRICES`, when it is set; tokens of a model it does not list add nothing. */
  @ApiPropertyOptional({ example: 0.1998 })
  cost?: number;
}

export class UsageReportDto {
  /** One item per group and period with any use, by period, then group. */
  @ApiProperty({ type: [UsageItemDto] })
  items!: UsageItemDto[];
}
