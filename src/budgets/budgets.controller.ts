import { Body, Delete, Get, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import { AdminOnly } from '../api-keys/admin-only.decorator';
import { ApiV1Controller } from '../api-keys/api-v1-controller.decorator';
import { DeletedDto } from '../core/api/deleted.dto';
import { PageQueryDto } from '../core/api/page.dto';
import { ValidationFailedError } from '../core/errors';
import { ApiErrorResponses } from '../core/http/api-error-responses.decorator';
import { BudgetNotFoundError } from './budget.errors';
import { BudgetsService } from './budgets.service';
import { BudgetDto, BudgetPageDto, CreateBudgetDto } from './dto/budget.dto';

const EXAMPLE_ID = '0b6f2d1e-7c4a-4e59-9f3b-2a8d1c6e5f40';
const ID_PARAM = ApiParam({ name: 'id', format: 'uuid', example: EXAMPLE_ID });

/** Limits on the tool calls, runs and tokens of a user, a key or an agent per window; admins only. */
@ApiV1Controller('budgets', 'budgets')
@AdminOnly()
export class BudgetsController {
  constructor(private readonly budgets: BudgetsService) {}

  @Post()
  @ApiOperation({
    operationId: 'createBudget',
    summary: 'Limit the tool calls, runs or tokens of one user, key or agent per window',
  })
  @ApiCreatedResponse({ type: BudgetDto })
  @ApiErrorResponses(
    new ValidationFailedError([
      { field: 'scope', messages: ['scope must name exactly one of user, key_id, agent_id'] },
    ]),
  )
  create(@Body() dto: CreateBudgetDto): Promise<BudgetDto> {
    return this.budgets.create(dto);
  }

  @Get()
  @ApiOperation({
    operationId: 'listBudgets',
    summary: 'List budgets, oldest first, each with its use in the current window',
  })
  @ApiOkResponse({ type: BudgetPageDto })
  list(@Query() query: PageQueryDto): Promise<BudgetPageDto> {
    return this.budgets.list(query.limit, query.offset);
  }

  @Get(':id')
  @ID_PARAM
  @ApiOperation({
    operationId: 'getBudget',
    summary: 'A budget, its use in the current window and when that window resets',
  })
  @ApiOkResponse({ type: BudgetDto })
  @ApiErrorResponses(new BudgetNotFoundError(EXAMPLE_ID))
  find(@Param('id') id: string): Promise<BudgetDto> {
    return this.budgets.find(id);
  }

  @Delete(':id')
  @ID_PARAM
  @ApiOperation({
    operationId: 'deleteBudget',
    summary: 'Remove a budget: what it limited is free',
  })
  @ApiOkResponse({ type: DeletedDto })
  @ApiErrorResponses(new BudgetNotFoundError(EXAMPLE_ID))
  async delete(@Param('id') id: string): Promise<DeletedDto> {
    await this.budgets.delete(id);
    return { deleted: true, id };
  }
}
