import { Body, HttpCode, Param, Post } from '@nestjs/common';
import { BUDGET_EXCEEDED_EXAMPLE } from '../../budgets/budget.errors';
import { ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import { CurrentPrincipal } from '../../api-keys/current-principal.decorator';
import { type Principal } from '../../api-keys/principal';
import { ApiErrorResponses } from '../../core/http/api-error-responses.decorator';
import { ApiV1Controller } from '../../api-keys/api-v1-controller.decorator';
import { ResourceNotFoundError } from '../../registry/common/registry.errors';
import { ProviderNotConfiguredError } from '../runtime.errors';
import { AgentTestRequestDto, AgentTestResultDto } from './agent-test.dto';
import { AgentTestService } from './agent-test.service';

const EXAMPLE_ID = '5b1d2c3e-4f50-4a6b-8c7d-9e0f1a2b3c4d';

/** The registry's agents, run once for a test; lives with the runtime it needs. */
@ApiV1Controller('agents', 'registry: agents')
export class AgentTestController {
  constructor(private readonly tests: AgentTestService) {}

  @Post(':id/test')
  @HttpCode(200)
  @ApiParam({ name: 'id', format: 'uuid', example: EXAMPLE_ID })
  @ApiOperation({
    operationId: 'testAgent',
    summary:
      'Run an agent once on a prompt, with a timeout (seconds); failures come back as success: false',
  })
  @ApiOkResponse({ type: AgentTestResultDto })
  @ApiErrorResponses(
    new ResourceNotFoundError('Agent', EXAMPLE_ID),
    new ProviderNotConfiguredError('anthropic', 'ANTHROPIC_API_KEY'),
    BUDGET_EXCEEDED_EXAMPLE,
  )
  test(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() dto: AgentTestRequestDto,
  ): Promise<AgentTestResultDto> {
    return this.tests.test(principal, id, dto);
  }
}
