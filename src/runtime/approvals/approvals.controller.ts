import { Body, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import { CurrentPrincipal } from '../../api-keys/current-principal.decorator';
import { type Principal } from '../../api-keys/principal';
import { ApiErrorResponses } from '../../core/http/api-error-responses.decorator';
import { ApiV1Controller } from '../../api-keys/api-v1-controller.decorator';
import { ApprovalNotFoundError, ApprovalResolvedError } from '../runtime.errors';
import { ApprovalsService } from './approvals.service';
import {
  ApprovalDto,
  ApprovalPageDto,
  DecideApprovalDto,
  ListApprovalsQueryDto,
} from './dto/approval.dto';

const EXAMPLE_ID = '4e5f6a7b-8c9d-4e0f-a1b2-c3d4e5f6a7b8';
const ID_PARAM = ApiParam({ name: 'id', format: 'uuid', example: EXAMPLE_ID });
const NOT_FOUND = new ApprovalNotFoundError(EXAMPLE_ID);

/** Tool calls that wait for my approval before they run, and my decisions on them. */
@ApiV1Controller('approvals', 'runtime: approvals')
export class ApprovalsController {
  constructor(private readonly approvals: ApprovalsService) {}

  @Get()
  @ApiOperation({ operationId: 'listApprovals', summary: 'My approvals, newest first' })
  @ApiOkResponse({ type: ApprovalPageDto })
  list(
    @CurrentPrincipal() principal: Principal,
    @Query() query: ListApprovalsQueryDto,
  ): Promise<ApprovalPageDto> {
    return this.approvals.list(principal, query);
  }

  @Get(':id')
  @ID_PARAM
  @ApiOperation({ operationId: 'getApproval', summary: 'An approval of mine' })
  @ApiOkResponse({ type: ApprovalDto })
  @ApiErrorResponses(NOT_FOUND)
  get(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<ApprovalDto> {
    return this.approvals.get(principal, id);
  }

  @Post(':id')
  @HttpCode(200)
  @ID_PARAM
  @ApiOperation({
    operationId: 'decideApproval',
    summary: 'Approve or reject a paused tool call; the last decision resumes the run',
  })
  @ApiOkResponse({ type: ApprovalDto })
  @ApiErrorResponses(NOT_FOUND, new ApprovalResolvedError(EXAMPLE_ID, 'approved'))
  decide(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() dto: DecideApprovalDto,
  ): Promise<ApprovalDto> {
    return this.approvals.decide(principal, id, dto, 'rest');
  }
}
