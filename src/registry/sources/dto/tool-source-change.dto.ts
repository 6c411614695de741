import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { PageDtoOf } from '../../../core/api/page-dto-of';
import { PageQueryDto } from '../../../core/api/page.dto';

/** An upstream tool's description, schemas and annotations, as a change compares them. */
export class UpstreamToolStateDto {
  /** @example "Creates an issue in a repository" */
  description!: string;
  /** @example {"type": "object", "properties": {"title": {"type": "string"}}, "required": ["title"]} */
  input_schema!: Record<string, unknown>;
  /** @example null */
  output_schema!: Record<string, unknown> | null;
  /** @example {"readOnlyHint": false} */
  annotations!: Record<string, unknown> | null;
}

/** What a sync found changed upstream, and what was decided of it. */
export class ToolSourceChangeDto {
  /** @example "0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f" */
  id!: string;
  /** @example "9a4e1f2b-6c3d-4e5f-8a7b-1c2d3e4f5a6b" */
  source_id!: string;
  /** The imported tool it concerns. @example "3f0c9a8e-8a3b-4f6e-9a51-0d8a4c2e7b10" */
  tool_id!: string | null;
  /** @example "create_issue" */
  upstream_name!: string;
  @ApiProperty({ enum: ['added', 'changed', 'removed'], example: 'changed' })
  change!: 'added' | 'changed' | 'removed';
  /**
   * `pending` until an admin decides; changes a sync applied itself (removals, and every change
   * of an `apply` source) are `approved` from the start. @example "pending"
   */
  @ApiProperty({ enum: ['pending', 'approved', 'rejected'], example: 'pending' })
  status!: 'pending' | 'approved' | 'rejected';
  /** What the tool served before; null for an added tool. */
  before!: UpstreamToolStateDto | null;
  /** What the upstream lists now; null for a removed tool. */
  after!: UpstreamToolStateDto | null;
  /** @example "2026-11-22T10:00:00.000Z" */
  created_at!: Date;
  /** @example null */
  decided_at!: Date | null;
  /** The user who decided; null for a change a sync applied. @example null */
  decided_by!: string | null;
}

export class ToolSourceChangePageDto extends PageDtoOf(ToolSourceChangeDto) {}

export class ListToolSourceChangesQueryDto extends PageQueryDto {
  /** Only the changes of this status. */
  @IsOptional()
  @IsIn(['pending', 'approved', 'rejected'])
  status?: 'pending' | 'approved' | 'rejected';
}

export class DecideToolSourceChangeDto {
  /** `approve` serves the upstream's new state; `reject` keeps what was approved. */
  @ApiProperty({ enum: ['approve', 'reject'], example: 'approve' })
  @IsIn(['approve', 'reject'])
  decision!: 'approve' | 'reject';
}
