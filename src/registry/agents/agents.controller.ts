import { type Principal } from '../../api-keys/principal';
import { CurrentPrincipal } from '../../api-keys/current-principal.decorator';
import { auditContextOf } from '../../api-keys/audit-context';
import { Body, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import { AdminOnly } from '../../api-keys/admin-only.decorator';
import { ApiErrorResponses } from '../../core/http/api-error-responses.decorator';
import { ApiV1Controller } from '../../api-keys/api-v1-controller.decorator';
import {
  NameTakenError,
  ResourceInUseError,
  ResourceNotFoundError,
} from '../common/registry.errors';
import { SearchPageQueryDto } from '../../core/api/search-page-query.dto';
import { DeletedDto } from '../../core/api/deleted.dto';
import { InvalidToolIdsError } from './agent.errors';
import { AgentsService } from './agents.service';
import { AgentDetailDto, AgentDto, AgentPageDto } from './dto/agent.dto';
import { AgentToolsDto } from './dto/agent-tools.dto';
import { CreateAgentDto } from './dto/create-agent.dto';
import { UpdateAgentDto } from './dto/update-agent.dto';

const EXAMPLE_ID = '5b1d2c3e-4f50-4a6b-8c7d-9e0f1a2b3c4d';
const NOT_FOUND = new ResourceNotFoundError('Agent', EXAMPLE_ID);
const NAME_TAKEN = new NameTakenError('Agent', 'buy_signal_analyzer');
const INVALID_TOOL_IDS = new InvalidToolIdsError([
  '00000000-0000-4000-8000-000000000000',
  'price_fetcher',
]);
const ID_PARAM = ApiParam({ name: 'id', format: 'uuid', example: EXAMPLE_ID });

@ApiV1Controller('agents', 'registry: agents')
export class AgentsController {
  constructor(private readonly agents: AgentsService) {}

  @AdminOnly()
  @Post()
  @ApiOperation({ operationId: 'createAgent', summary: 'Register an agent and link its tools' })
  @ApiCreatedResponse({ type: AgentDto })
  @ApiErrorResponses(INVALID_TOOL_IDS, NAME_TAKEN)
  create(@CurrentPrincipal() caller: Principal, @Body() dto: CreateAgentDto): Promise<AgentDto> {
    return this.agents.create(dto, auditContextOf(caller));
  }

  @Get()
  @ApiOperation({
    operationId: 'listAgents',
    summary: 'List agents, oldest first, filtered by a search term',
  })
  @ApiOkResponse({ type: AgentPageDto })
  list(@Query() query: SearchPageQueryDto): Promise<AgentPageDto> {
    return this.agents.list(query);
  }

  @Get(':id')
  @ID_PARAM
  @ApiOperation({
    operationId: 'getAgent',
    summary: 'An agent, with its tools, the workflows using it and the tools serving it',
  })
  @ApiOkResponse({ type: AgentDetailDto })
  @ApiErrorResponses(NOT_FOUND)
  get(@Param('id') id: string): Promise<AgentDetailDto> {
    return this.agents.get(id);
  }

  @AdminOnly()
  @Put(':id')
  @ID_PARAM
  @ApiOperation({ operationId: 'updateAgent', summary: 'Change any of an agent’s fields' })
  @ApiOkResponse({ type: AgentDto })
  @ApiErrorResponses(INVALID_TOOL_IDS, NOT_FOUND, NAME_TAKEN)
  update(
    @CurrentPrincipal() caller: Principal,
    @Param('id') id: string,
    @Body() dto: UpdateAgentDto,
  ): Promise<AgentDto> {
    return this.agents.update(id, dto, auditContextOf(caller));
  }

  @AdminOnly()
  @Put(':id/tools')
  @ID_PARAM
  @ApiOperation({
    operationId: 'replaceAgentTools',
    summary: 'Replace the list of an agent’s tools',
  })
  @ApiOkResponse({ type: AgentDetailDto })
  @ApiErrorResponses(INVALID_TOOL_IDS, NOT_FOUND)
  replaceTools(
    @CurrentPrincipal() caller: Principal,
    @Param('id') id: string,
    @Body() dto: AgentToolsDto,
  ): Promise<AgentDetailDto> {
    return this.agents.replaceTools(id, dto, auditContextOf(caller));
  }

  @AdminOnly()
  @Delete(':id')
  @ID_PARAM
  @ApiOperation({
    operationId: 'deleteAgent',
    summary: 'Delete an agent no workflow uses and no tool serves',
  })
  @ApiOkResponse({ type: DeletedDto })
  @ApiErrorResponses(
    NOT_FOUND,
    new ResourceInUseError('Agent', 'buy_signal_analyzer', {
      used_in_workflows: [{ id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', name: 'daily_screening' }],
      served_as_tools: [
        { id: '3f0c9a8e-8a3b-4f6e-9a51-0d8a4c2e7b10', name: 'analyze_buy_signals' },
      ],
    }),
  )
  delete(@CurrentPrincipal() caller: Principal, @Param('id') id: string): Promise<DeletedDto> {
    return this.agents.delete(id, auditContextOf(caller));
  }
}
