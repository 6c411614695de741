import { auditContextOf } from '../../api-keys/audit-context';
import { BUDGET_EXCEEDED_EXAMPLE } from '../../budgets/budget.errors';
import { Body, Delete, Get, Header, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import { AdminOnly } from '../../api-keys/admin-only.decorator';
import { type CallerSignal } from '../../core/caller-signal';
import { ApiErrorResponses } from '../../core/http/api-error-responses.decorator';
import { JSON_UTF8 } from '../../core/http/json-body';
import { ApiV1Controller } from '../../api-keys/api-v1-controller.decorator';
import {
  NameTakenError,
  ResourceInUseError,
  ResourceNotFoundError,
} from '../common/registry.errors';
import { CreateToolDto } from './dto/create-tool.dto';
import { ListToolsQueryDto } from './dto/list-tools-query.dto';
import { CurrentPrincipal } from '../../api-keys/current-principal.decorator';
import { RequestAbortSignal } from '../../core/http/request-abort-signal.decorator';
import { type Principal } from '../../api-keys/principal';
import { TestRunRequestDto, TestRunResultDto } from './dto/test-run.dto';
import { DeletedDto } from '../../core/api/deleted.dto';
import { ToolDetailDto, ToolDto, ToolPageDto } from './dto/tool.dto';
import { UpdateToolDto } from './dto/update-tool.dto';
import { BuiltinToolReadOnlyError, SourceManagedError } from './registered-tool.errors';
import { RegisteredToolsService } from './registered-tools.service';
import { ToolTestRunService } from './tool-test-run.service';

const EXAMPLE_ID = '3f0c9a8e-8a3b-4f6e-9a51-0d8a4c2e7b10';
const NOT_FOUND = new ResourceNotFoundError('Tool', EXAMPLE_ID);
const ID_PARAM = ApiParam({ name: 'id', format: 'uuid', example: EXAMPLE_ID });

@ApiV1Controller('tools', 'registry: tools')
export class RegisteredToolsController {
  constructor(
    private readonly tools: RegisteredToolsService,
    private readonly testRuns: ToolTestRunService,
  ) {}

  @AdminOnly()
  @Post()
  @ApiOperation({ operationId: 'createTool', summary: 'Register a tool' })
  @ApiCreatedResponse({ type: ToolDto })
  @ApiErrorResponses(new NameTakenError('Tool', 'price_fetcher'))
  create(@CurrentPrincipal() caller: Principal, @Body() dto: CreateToolDto): Promise<ToolDto> {
    return this.tools.create(dto, auditContextOf(caller));
  }

  @Get()
  @ApiOperation({
    operationId: 'listRegisteredTools',
    summary: 'List tools, oldest first, filtered by is_active, source_id and a search term',
  })
  @ApiOkResponse({ type: ToolPageDto })
  // The page comes serialised (see `ToolPageTexts`): sent as it is, as JSON.
  @Header('Content-Type', JSON_UTF8)
  list(@Query() query: ListToolsQueryDto): Promise<string> {
    return this.tools.listJson(query);
  }

  @Get(':id')
  @ID_PARAM
  @ApiOperation({
    operationId: 'getTool',
    summary: 'A tool, with the agents and workflows using it',
  })
  @ApiOkResponse({ type: ToolDetailDto })
  @ApiErrorResponses(NOT_FOUND)
  get(@Param('id') id: string): Promise<ToolDetailDto> {
    return this.tools.get(id);
  }

  @AdminOnly()
  @Put(':id')
  @ID_PARAM
  @ApiOperation({ operationId: 'updateTool', summary: 'Change any of a tool’s fields' })
  @ApiOkResponse({ type: ToolDto })
  @ApiErrorResponses(
    NOT_FOUND,
    new NameTakenError('Tool', 'price_fetcher'),
    BuiltinToolReadOnlyError.onEdit('encodePlantUML'),
    SourceManagedError.onEdit('github__create_issue', ['parameters']),
  )
  update(
    @CurrentPrincipal() caller: Principal,
    @Param('id') id: string,
    @Body() dto: UpdateToolDto,
  ): Promise<ToolDto> {
    return this.tools.update(id, dto, auditContextOf(caller));
  }

  @AdminOnly()
  @Delete(':id')
  @ID_PARAM
  @ApiOperation({ operationId: 'deleteTool', summary: 'Delete a tool no agent or workflow uses' })
  @ApiOkResponse({ type: DeletedDto })
  @ApiErrorResponses(
    NOT_FOUND,
    new ResourceInUseError('Tool', 'price_fetcher', {
      used_by_agents: [{ id: EXAMPLE_ID, name: 'buy_signal_analyzer' }],
      used_in_workflows: [],
    }),
    BuiltinToolReadOnlyError.onDelete('encodePlantUML'),
    SourceManagedError.onDelete('github__create_issue'),
  )
  delete(@CurrentPrincipal() caller: Principal, @Param('id') id: string): Promise<DeletedDto> {
    return this.tools.delete(id, auditContextOf(caller));
  }

  @Post(':id/test')
  @HttpCode(200)
  @ID_PARAM
  @ApiOperation({
    operationId: 'testTool',
    summary:
      'Run a tool once with params and a timeout (seconds); failures come back as success: false',
  })
  @ApiOkResponse({ type: TestRunResultDto })
  @ApiErrorResponses(NOT_FOUND, BUDGET_EXCEEDED_EXAMPLE)
  test(
    @CurrentPrincipal() caller: Principal,
    @Param('id') id: string,
    @Body() dto: TestRunRequestDto,
    @RequestAbortSignal() signal: CallerSignal,
  ): Promise<TestRunResultDto> {
    return this.testRuns.run(caller, id, dto, signal);
  }
}
