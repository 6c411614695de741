import { Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { API_V1_INPUT_ERRORS, ApiV1Controller } from '../api-keys/api-v1-controller.decorator';
import { CurrentPrincipal } from '../api-keys/current-principal.decorator';
import { type Principal } from '../api-keys/principal';
import { ValidationFailedError } from '../core/errors';
import { ApiErrorResponses } from '../core/http/api-error-responses.decorator';
import { UsageQueryDto } from './dto/usage-query.dto';
import { UsageReportDto } from './dto/usage-report.dto';
import { UsageService } from './usage.service';

/** Runs, tool calls, tokens and their cost, per user, key, agent, model or tool over time. */
@ApiV1Controller('usage', 'usage')
export class UsageController {
  constructor(private readonly usage: UsageService) {}

  @Get()
  @ApiOperation({
    operationId: 'getUsage',
    summary:
      'Runs, tool calls, tokens and (with MODEL_PRICES) cost per group and period (admins everyone’s, members their own)',
  })
  @ApiOkResponse({ type: UsageReportDto })
  @ApiErrorResponses(
    ...API_V1_INPUT_ERRORS,
    new ValidationFailedError([
      { field: 'group_by', messages: ['group_by must be one of: user, key, agent, model, tool'] },
    ]),
  )
  report(
    @CurrentPrincipal() caller: Principal,
    @Query() query: UsageQueryDto,
  ): Promise<UsageReportDto> {
    return this.usage.report(caller, query);
  }
}
