import { Body, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import { AdminOnly } from '../../api-keys/admin-only.decorator';
import { ApiV1Controller } from '../../api-keys/api-v1-controller.decorator';
import { CurrentPrincipal } from '../../api-keys/current-principal.decorator';
import { type Principal } from '../../api-keys/principal';
import { type Page, PageQueryDto } from '../../core/api/page.dto';
import { DeletedDto } from '../../core/api/deleted.dto';
import { ApiErrorResponses } from '../../core/http/api-error-responses.decorator';
import { API_V1_INPUT_ERRORS } from '../../api-keys/api-v1-controller.decorator';
import { ResourceNotFoundError } from '../../registry/common/registry.errors';
import {
  CreateWorkflowTriggerDto,
  CreatedWorkflowTriggerDto,
  UpdateWorkflowTriggerDto,
  WorkflowTriggerDto,
  type WorkflowTriggerFireDto,
  WorkflowTriggerFirePageDto,
} from './dto/workflow-trigger.dto';
import { InvalidTriggerInputError, WorkflowTriggerNotFoundError } from './workflow-trigger.errors';
import { WorkflowTriggersService } from './workflow-triggers.service';

const WORKFLOW_ID = '7f6e5d4c-3b2a-4190-8f7e-6d5c4b3a2f1e';
const TRIGGER_ID = '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const WORKFLOW_NOT_FOUND = new ResourceNotFoundError('Workflow', WORKFLOW_ID);
const TRIGGER_NOT_FOUND = new WorkflowTriggerNotFoundError(TRIGGER_ID);
const INVALID_INPUT = new InvalidTriggerInputError([
  "input.repository: '{{ steps.fetch.output }}' reads step 'fetch', but no step has that key",
]);
const TRIGGER_ID_PARAM = ApiParam({ name: 'id', format: 'uuid', example: TRIGGER_ID });

/** What starts workflows on its own: made and changed by admins, read by any key. */
@ApiV1Controller('', 'runtime: workflow triggers')
export class WorkflowTriggersController {
  constructor(private readonly triggers: WorkflowTriggersService) {}

  @AdminOnly()
  @Post('workflows/:id/triggers')
  @ApiParam({ name: 'id', format: 'uuid', example: WORKFLOW_ID })
  @ApiOperation({
    operationId: 'createWorkflowTrigger',
    summary: 'Add a trigger to a workflow: its runs start as the caller; the secret shows once',
  })
  @ApiCreatedResponse({ type: CreatedWorkflowTriggerDto })
  @ApiErrorResponses(WORKFLOW_NOT_FOUND, INVALID_INPUT, ...API_V1_INPUT_ERRORS)
  create(
    @CurrentPrincipal() principal: Principal,
    @Param('id') workflowId: string,
    @Body() dto: CreateWorkflowTriggerDto,
  ): Promise<CreatedWorkflowTriggerDto> {
    return this.triggers.create(principal, workflowId, dto);
  }

  @Get('workflows/:id/triggers')
  @ApiParam({ name: 'id', format: 'uuid', example: WORKFLOW_ID })
  @ApiOperation({ operationId: 'listWorkflowTriggers', summary: 'A workflow’s triggers' })
  @ApiOkResponse({ type: [WorkflowTriggerDto] })
  @ApiErrorResponses(WORKFLOW_NOT_FOUND)
  list(@Param('id') workflowId: string): Promise<WorkflowTriggerDto[]> {
    return this.triggers.list(workflowId);
  }

  @Get('triggers/:id')
  @TRIGGER_ID_PARAM
  @ApiOperation({ operationId: 'getWorkflowTrigger', summary: 'A trigger, without its secret' })
  @ApiOkResponse({ type: WorkflowTriggerDto })
  @ApiErrorResponses(TRIGGER_NOT_FOUND)
  get(@Param('id') id: string): Promise<WorkflowTriggerDto> {
    return this.triggers.get(id);
  }

  @AdminOnly()
  @Patch('triggers/:id')
  @TRIGGER_ID_PARAM
  @ApiOperation({
    operationId: 'updateWorkflowTrigger',
    summary: 'Enable, disable or change a trigger; a new secret, if any, shows once',
  })
  @ApiOkResponse({ type: CreatedWorkflowTriggerDto })
  @ApiErrorResponses(TRIGGER_NOT_FOUND, INVALID_INPUT, ...API_V1_INPUT_ERRORS)
  update(
    @Param('id') id: string,
    @Body() dto: UpdateWorkflowTriggerDto,
  ): Promise<CreatedWorkflowTriggerDto> {
    return this.triggers.update(id, dto);
  }

  @AdminOnly()
  @Delete('triggers/:id')
  @TRIGGER_ID_PARAM
  @ApiOperation({ operationId: 'deleteWorkflowTrigger', summary: 'Delete a trigger' })
  @ApiOkResponse({ type: DeletedDto })
  @ApiErrorResponses(TRIGGER_NOT_FOUND)
  delete(@Param('id') id: string): Promise<DeletedDto> {
    return this.triggers.delete(id);
  }

  @Get('triggers/:id/fires')
  @TRIGGER_ID_PARAM
  @ApiOperation({
    operationId: 'listWorkflowTriggerFires',
    summary: 'When a trigger fired and the run each fire started, newest first',
  })
  @ApiOkResponse({ type: WorkflowTriggerFirePageDto })
  @ApiErrorResponses(TRIGGER_NOT_FOUND)
  fires(
    @Param('id') id: string,
    @Query() page: PageQueryDto,
  ): Promise<Page<WorkflowTriggerFireDto>> {
    return this.triggers.fires(id, page);
  }
}
