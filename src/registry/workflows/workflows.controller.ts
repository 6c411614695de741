import { type Principal } from '../../api-keys/principal';
import { CurrentPrincipal } from '../../api-keys/current-principal.decorator';
import { auditContextOf } from '../../api-keys/audit-context';
import { Body, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import { AdminOnly } from '../../api-keys/admin-only.decorator';
import { ApiErrorResponses } from '../../core/http/api-error-responses.decorator';
import { API_V1_INPUT_ERRORS, ApiV1Controller } from '../../api-keys/api-v1-controller.decorator';
import {
  InvalidReferencesError,
  NameTakenError,
  ResourceInUseError,
  ResourceNotFoundError,
} from '../common/registry.errors';
import { SearchPageQueryDto } from '../../core/api/search-page-query.dto';
import { DeletedDto } from '../../core/api/deleted.dto';
import { ValidationFailedError } from '../../core/errors';
import { CreateWorkflowDto } from './dto/create-workflow.dto';
import { InvalidStepTemplatesError } from './step-template.errors';
import { UpdateWorkflowDto } from './dto/update-workflow.dto';
import { WorkflowDetailDto, WorkflowDto, WorkflowPageDto } from './dto/workflow.dto';
import { WorkflowsService } from './workflows.service';

const EXAMPLE_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const NOT_FOUND = new ResourceNotFoundError('Workflow', EXAMPLE_ID);
const NAME_TAKEN = new NameTakenError('Workflow', 'daily_screening');
const INVALID_STEPS = new InvalidReferencesError('INVALID_STEP_REFERENCES', 'step_ids', [
  '00000000-0000-4000-8000-000000000000',
  'buy_signal_analyzer',
]);
const INVALID_TEMPLATES = new InvalidStepTemplatesError([
  "steps.1.input.symbols: '{{ steps.report.output }}' reads step 'report' (step 2), which runs after this step",
]);
/** The refusals of a body's steps, with the 422s of every body, which an operation's own replace. */
const STEP_ERRORS = [
  INVALID_STEPS,
  INVALID_TEMPLATES,
  ...API_V1_INPUT_ERRORS,
  new ValidationFailedError([
    {
      field: 'steps',
      messages: ["steps must have unique keys: 'fetch_prices' is the key of steps 0, 2"],
    },
  ]),
];
const ID_PARAM = ApiParam({ name: 'id', format: 'uuid', example: EXAMPLE_ID });

@ApiV1Controller('workflows', 'registry: workflows')
export class WorkflowsController {
  constructor(private readonly workflows: WorkflowsService) {}

  @AdminOnly()
  @Post()
  @ApiOperation({
    operationId: 'createWorkflow',
    summary: 'Register a workflow of agent and tool steps',
  })
  @ApiCreatedResponse({ type: WorkflowDto })
  @ApiErrorResponses(...STEP_ERRORS, NAME_TAKEN)
  create(
    @CurrentPrincipal() caller: Principal,
    @Body() dto: CreateWorkflowDto,
  ): Promise<WorkflowDto> {
    return this.workflows.create(dto, auditContextOf(caller));
  }

  @Get()
  @ApiOperation({
    operationId: 'listWorkflows',
    summary: 'List workflows, oldest first, filtered by a search term',
  })
  @ApiOkResponse({ type: WorkflowPageDto })
  list(@Query() query: SearchPageQueryDto): Promise<WorkflowPageDto> {
    return this.workflows.list(query);
  }

  @Get(':id')
  @ID_PARAM
  @ApiOperation({
    operationId: 'getWorkflow',
    summary: 'A workflow with its steps, in order, and the tools serving it',
  })
  @ApiOkResponse({ type: WorkflowDetailDto })
  @ApiErrorResponses(NOT_FOUND)
  get(@Param('id') id: string): Promise<WorkflowDetailDto> {
    return this.workflows.get(id);
  }

  @AdminOnly()
  @Put(':id')
  @ID_PARAM
  @ApiOperation({
    operationId: 'updateWorkflow',
    summary: 'Change any of a workflow’s fields; given steps replace them all',
  })
  @ApiOkResponse({ type: WorkflowDto })
  @ApiErrorResponses(...STEP_ERRORS, NOT_FOUND, NAME_TAKEN)
  update(
    @CurrentPrincipal() caller: Principal,
    @Param('id') id: string,
    @Body() dto: UpdateWorkflowDto,
  ): Promise<WorkflowDto> {
    return this.workflows.update(id, dto, auditContextOf(caller));
  }

  @AdminOnly()
  @Delete(':id')
  @ID_PARAM
  @ApiOperation({
    operationId: 'deleteWorkflow',
    summary: 'Delete a workflow no tool serves, and its steps',
  })
  @ApiOkResponse({ type: DeletedDto })
  @ApiErrorResponses(
    NOT_FOUND,
    new ResourceInUseError('Workflow', 'daily_screening', {
      served_as_tools: [{ id: '3f0c9a8e-8a3b-4f6e-9a51-0d8a4c2e7b10', name: 'screen_daily' }],
    }),
  )
  delete(@CurrentPrincipal() caller: Principal, @Param('id') id: string): Promise<DeletedDto> {
    return this.workflows.delete(id, auditContextOf(caller));
  }
}
