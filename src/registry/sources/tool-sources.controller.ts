import { auditContextOf } from '../../api-keys/audit-context';
import { Body, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBody,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
} from '@nestjs/swagger';
import { AdminOnly } from '../../api-keys/admin-only.decorator';
import { API_V1_INPUT_ERRORS, ApiV1Controller } from '../../api-keys/api-v1-controller.decorator';
import { CurrentPrincipal } from '../../api-keys/current-principal.decorator';
import { type Principal } from '../../api-keys/principal';
import { DeletedDto } from '../../core/api/deleted.dto';
import { PageQueryDto } from '../../core/api/page.dto';
import { ApiErrorResponses } from '../../core/http/api-error-responses.decorator';
import { CreateToolSourceDto, ToolSourceCommonFieldsDto } from './dto/create-tool-source.dto';
import {
  DecideToolSourceChangeDto,
  ListToolSourceChangesQueryDto,
  ToolSourceChangeDto,
  ToolSourceChangePageDto,
} from './dto/tool-source-change.dto';
import { ToolSourceDto, ToolSourcePageDto } from './dto/tool-source.dto';
import {
  ToolSourceChangeDecidedError,
  ToolSourceChangeNotFoundError,
  ToolSourceInUseError,
  ToolSourceNameTakenError,
  ToolSourceNotFoundError,
  unknownSourceType,
} from './tool-source.errors';
import { ToolSourceChangesService } from './tool-source-changes.service';
import { ToolSourcesService } from './tool-sources.service';
import { StdioSourcesDisabledError } from './types/mcp-stdio/stdio-sources-disabled.error';

const EXAMPLE_ID = '9a4e1f2b-6c3d-4e5f-8a7b-1c2d3e4f5a6b';
const CHANGE_ID = '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const NOT_FOUND = new ToolSourceNotFoundError(EXAMPLE_ID);
const ID_PARAM = ApiParam({ name: 'id', format: 'uuid', example: EXAMPLE_ID });
const CHANGE_ID_PARAM = ApiParam({ name: 'change_id', format: 'uuid', example: CHANGE_ID });
/** What a request's fields can be refused with, an unknown type among them. */
const INPUT_ERRORS = [
  ...API_V1_INPUT_ERRORS,
  unknownSourceType(['mcp', 'mcp_stdio', 'openapi']),
  new StdioSourcesDisabledError(),
];

@ApiV1Controller('tool-sources', 'registry: tool sources')
export class ToolSourcesController {
  constructor(
    private readonly sources: ToolSourcesService,
    private readonly changes: ToolSourceChangesService,
  ) {}

  @AdminOnly()
  @Post()
  @ApiOperation({
    operationId: 'createToolSource',
    summary: 'Add a tool source and import its tools (served at once, within include/exclude)',
  })
  // The body is checked in two parts (the common fields, then its type's): see the service.
  @ApiBody({ type: CreateToolSourceDto })
  @ApiCreatedResponse({ type: ToolSourceDto })
  @ApiErrorResponses(...INPUT_ERRORS, new ToolSourceNameTakenError('github'))
  create(
    @CurrentPrincipal() caller: Principal,
    @Body() body: Record<string, unknown>,
  ): Promise<ToolSourceDto> {
    return this.sources.create(body, auditContextOf(caller));
  }

  @Get()
  @ApiOperation({ operationId: 'listToolSources', summary: 'List tool sources, oldest first' })
  @ApiOkResponse({ type: ToolSourcePageDto })
  list(@Query() query: PageQueryDto): Promise<ToolSourcePageDto> {
    return this.sources.list(query);
  }

  @Get(':id')
  @ID_PARAM
  @ApiOperation({ operationId: 'getToolSource', summary: 'A tool source, with its status' })
  @ApiOkResponse({ type: ToolSourceDto })
  @ApiErrorResponses(NOT_FOUND)
  get(@Param('id') id: string): Promise<ToolSourceDto> {
    return this.sources.get(id);
  }

  @AdminOnly()
  @Patch(':id')
  @ID_PARAM
  @ApiOperation({
    operationId: 'updateToolSource',
    summary:
      'Change a tool source’s common fields, or its type’s fields as a whole; name and type stay',
  })
  @ApiBody({ type: ToolSourceCommonFieldsDto })
  @ApiOkResponse({ type: ToolSourceDto })
  @ApiErrorResponses(NOT_FOUND, ...INPUT_ERRORS)
  update(
    @CurrentPrincipal() caller: Principal,
    @Param('id') id: string,
    @Body() body: Record<string, unknown>,
  ): Promise<ToolSourceDto> {
    return this.sources.update(id, body, auditContextOf(caller));
  }

  @AdminOnly()
  @Delete(':id')
  @ID_PARAM
  @ApiOperation({
    operationId: 'deleteToolSource',
    summary: 'Delete a tool source and its tools, unless an agent or workflow uses one',
  })
  @ApiOkResponse({ type: DeletedDto })
  @ApiErrorResponses(
    NOT_FOUND,
    new ToolSourceInUseError('github', {
      used_by_agents: [{ id: '5b1d2c3e-4f50-4a6b-8c7d-9e0f1a2b3c4d', name: 'triage' }],
      used_in_workflows: [],
    }),
  )
  delete(@CurrentPrincipal() caller: Principal, @Param('id') id: string): Promise<DeletedDto> {
    return this.sources.delete(id, auditContextOf(caller));
  }

  @AdminOnly()
  @Post(':id/sync')
  @HttpCode(202)
  @ID_PARAM
  @ApiOperation({
    operationId: 'syncToolSource',
    summary: 'Read the upstream again soon; `last_synced_at` and `status` show the outcome',
  })
  @ApiAcceptedResponse({ type: ToolSourceDto })
  @ApiErrorResponses(NOT_FOUND)
  sync(@Param('id') id: string): Promise<ToolSourceDto> {
    return this.sources.requestSync(id);
  }

  @Get(':id/changes')
  @ID_PARAM
  @ApiOperation({
    operationId: 'listToolSourceChanges',
    summary: 'The changes syncs found upstream, oldest first, filtered by status',
  })
  @ApiOkResponse({ type: ToolSourceChangePageDto })
  @ApiErrorResponses(NOT_FOUND)
  listChanges(
    @Param('id') id: string,
    @Query() query: ListToolSourceChangesQueryDto,
  ): Promise<ToolSourceChangePageDto> {
    return this.changes.list(id, query);
  }

  @AdminOnly()
  @Post(':id/changes/:change_id')
  @HttpCode(200)
  @ID_PARAM
  @CHANGE_ID_PARAM
  @ApiOperation({
    operationId: 'decideToolSourceChange',
    summary: 'Approve (serve the upstream’s new state) or reject a pending change',
  })
  @ApiOkResponse({ type: ToolSourceChangeDto })
  @ApiErrorResponses(
    NOT_FOUND,
    new ToolSourceChangeNotFoundError(CHANGE_ID),
    new ToolSourceChangeDecidedError(CHANGE_ID, 'approved'),
  )
  decide(
    @CurrentPrincipal() caller: Principal,
    @Param('id') id: string,
    @Param('change_id') changeId: string,
    @Body() dto: DecideToolSourceChangeDto,
  ): Promise<ToolSourceChangeDto> {
    return this.changes.decide(id, changeId, dto.decision, auditContextOf(caller));
  }
}
