import { ApiProperty } from '@nestjs/swagger';
import { PageDtoOf } from '../../../core/api/page-dto-of';

/**
 * A tool source as the API shows it. Its type's own fields sit beside these (for `mcp`: `url`,
 * `headers`, `secret_header_names`): secret values never, only their names.
 */
export class ToolSourceDto {
  /** @example "9a4e1f2b-6c3d-4e5f-8a7b-1c2d3e4f5a6b" */
  id!: string;
  /** @example "github" */
  name!: string;
  /** @example "Issues and pull requests of our GitHub organisation" */
  description!: string;
  /** @example "mcp" */
  type!: string;
  /** @example [] */
  include!: string[];
  /** @example ["delete_*"] */
  exclude!: string[];
  // Explicit enums: an inferred union's order follows the compiler's, which varies by build.
  @ApiProperty({ enum: ['quarantine', 'apply'], example: 'quarantine' })
  on_change!: 'quarantine' | 'apply';
  /** @example false */
  public!: boolean;
  @ApiProperty({
    oneOf: [{ type: 'string', enum: ['annotations'] }, { type: 'boolean' }],
    example: 'annotations',
  })
  requires_approval!: 'annotations' | boolean;
  /** @example 600 */
  sync_interval_seconds!: number;
  /**
   * `syncing` until the first read of the upstream ends, then `ready`, or `error` while the
   * upstream cannot be read (see `last_error`).
   */
  @ApiProperty({ enum: ['syncing', 'ready', 'error'], example: 'ready' })
  status!: 'syncing' | 'ready' | 'error';
  /** When the upstream was last read successfully. @example "2026-11-22T10:00:00.000Z" */
  last_synced_at!: Date | null;
  /**
   * Why the last sync failed, or which upstream tools it left out and why. @example null
   */
  last_error!: string | null;
  /** The tools it imported, served or not. @example 12 */
  tool_count!: number;
  /** Its changes waiting for an admin's decision. @example 1 */
  pending_changes!: number;
  /** @example "2026-11-22T10:00:00.000Z" */
  created_at!: Date;
  /** @example "2026-11-22T10:00:00.000Z" */
  updated_at!: Date;
}

export class ToolSourcePageDto extends PageDtoOf(ToolSourceDto) {}
