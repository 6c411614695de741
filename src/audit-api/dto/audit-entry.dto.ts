import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { AUDIT_TYPES } from '../../audit/audit-event';

export class AuditEntryDto {
  /** @example "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f" */
  id!: string;
  /** Position in the chain: gap-free, in the order entries were written. @example 42 */
  seq!: number;
  /** @example "2026-11-29T10:00:00.000Z" */
  at!: string;
  @ApiProperty({ enum: AUDIT_TYPES, example: 'tool.called' })
  type!: string;
  /** Who acted. @example "alice" */
  user!: string;
  /** The key they acted with, when they used one. @example "8d7c6b5a-4f3e-4d2c-9b1a-0f9e8d7c6b5a" */
  key_id?: string;
  @ApiPropertyOptional()
  oauth_client_id?: string;
  @ApiPropertyOptional({
    enum: ['rest', 'mcp', 'run', 'test_run', 'workflow', 'a2a', 'cli'],
    example: 'mcp',
  })
  transport?: string;
  /** What it acted on: a tool's name, a key's or an approval's id. @example "encodePlantUML" */
  target?: string;
  @ApiProperty({ enum: ['ok', 'error', 'denied'], example: 'ok' })
  outcome!: string;
  /** @example "EXECUTION_TIMEOUT" */
  error_code?: string;
  /** @example 12.5 */
  duration_ms?: number;
  /**
   * Facts about the event; for `tool.called` the tool, its id, the run or workflow run, and the
   * SHA-256 of the arguments' canonical JSON, never their values.
   * @example {"tool_name": "encodePlantUML", "tool_id": "0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e", "args_sha256": "3f0a…"}
   */
  details!: Record<string, unknown>;
  /** The hash of the entry before it (`seq - 1`). @example "9b74c9897bac770ffc029102a200c5de…" */
  prev_hash!: string;
  /**
   * `sha256(prev_hash ‖ canonical JSON (RFC 8785) of this entry without hash)`, hex.
   * @example "e3b0c44298fc1c149afbf4c8996fb924…"
   */
  hash!: string;
}

export class AuditPageDto {
  @ApiProperty({ type: [AuditEntryDto] })
  items!: AuditEntryDto[];
  /** For the next page, with the same filters; null when this page is the last so far. @example null */
  next_cursor!: string | null;
}

export class AuditVerificationDto {
  /** @example true */
  ok!: boolean;
  /** Entries checked (up to the first bad one). @example 1200 */
  checked!: number;
  /** Where the chain first breaks: a changed, missing or added entry. @example 731 */
  first_bad_seq?: number;
}
