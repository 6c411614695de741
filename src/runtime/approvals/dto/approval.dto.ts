import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { PageDtoOf } from '../../../core/api/page-dto-of';
import { PageQueryDto } from '../../../core/api/page.dto';

export class DecideApprovalDto {
  @ApiProperty({ enum: ['approve', 'reject'], example: 'approve' })
  @IsIn(['approve', 'reject'])
  decision!: 'approve' | 'reject';

  /** Why; the model reads it with a rejection. @example "Not this customer" */
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  reason?: string;
}

export class ListApprovalsQueryDto extends PageQueryDto {
  @ApiProperty({
    enum: ['pending', 'approved', 'rejected', 'expired', 'cancelled'],
    required: false,
    example: 'pending',
  })
  @IsOptional()
  @IsIn(['pending', 'approved', 'rejected', 'expired', 'cancelled'])
  status?: 'pending' | 'approved' | 'rejected' | 'expired' | 'cancelled';
}

export class ApprovalDto {
  /** @example "4e5f6a7b-8c9d-4e0f-a1b2-c3d4e5f6a7b8" */
  id!: string;
  /** @example "8c7b6a5d-4e3f-4a1b-9c8d-7e6f5a4b3c2d" */
  run_id!: string;
  /** @example "0d9a3f4e-1c2b-4a5d-9e8f-7a6b5c4d3e2f" */
  session_id!: string;
  /** @example "toolu_02XYZ" */
  tool_use_id!: string;
  /** @example "create_customer" */
  tool_name!: string;
  /** @example {"name": "Test Corp"} */
  args!: Record<string, unknown>;
  /** @example "Run the tool 'create_customer' with {\"name\":\"Test Corp\"}" */
  description!: string;
  @ApiProperty({
    enum: ['pending', 'approved', 'rejected', 'expired', 'cancelled'],
    example: 'pending',
  })
  status!: string;
  /** @example null */
  reason!: string | null;
  /** Undecided by then, it resolves as not approved. @example "2026-11-22T10:10:00.000Z" */
  expires_at!: Date;
  /** @example "2026-11-22T10:00:00.000Z" */
  created_at!: Date;
  /** @example null */
  resolved_at!: Date | null;
}

export class ApprovalPageDto extends PageDtoOf(ApprovalDto) {}
