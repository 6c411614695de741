import { Body, Get, Headers, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { BUDGET_EXCEEDED_EXAMPLE } from '../../budgets/budget.errors';
import {
  ApiAcceptedResponse,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
} from '@nestjs/swagger';
import { ApiV1Controller } from '../../api-keys/api-v1-controller.decorator';
import { CurrentPrincipal } from '../../api-keys/current-principal.decorator';
import { type Principal } from '../../api-keys/principal';
import { PageQueryDto } from '../../core/api/page.dto';
import { ApiErrorResponses } from '../../core/http/api-error-responses.decorator';
import { sendJson } from '../../core/http/node-http';
import { ResourceNotFoundError } from '../../registry/common/registry.errors';
import { RunEventsQueryDto } from '../runs/dto/run.dto';
import { WebhookUrlForbiddenError } from '../../webhooks/webhooks.errors';
import { IdempotencyKeyReusedError, RunFinishedError } from '../runtime.errors';
import { ApiEventStream, sseResponse } from '../streams/api-event-stream.decorator';
import { afterIndexOf, assertValidIdempotencyKey } from '../streams/stream-request-headers';
import {
  StartWorkflowRunDto,
  WorkflowRunCancelRequestedDto,
  WorkflowRunDto,
  WorkflowRunPageDto,
} from './dto/workflow-run.dto';
import { InvalidWorkflowInputError, WorkflowRunNotFoundError } from './workflow-run.errors';
import { WorkflowRunEventStreamer } from './workflow-run-streams';
import { toWorkflowRunDto, workflowRunPath } from './workflow-run-views';
import { type WorkflowRunRow } from './workflow-runs.repository';
import { WorkflowRunsService } from './workflow-runs.service';

const WORKFLOW_ID = '7f6e5d4c-3b2a-4190-8f7e-6d5c4b3a2f1e';
const WORKFLOW_RUN_ID = '3e2d1c0b-9a8f-4e7d-b6c5-a4f3e2d1c0b9';
const WORKFLOW_NOT_FOUND = new ResourceNotFoundError('Workflow', WORKFLOW_ID);
const WORKFLOW_RUN_NOT_FOUND = new WorkflowRunNotFoundError(WORKFLOW_RUN_ID);
const SSE_EXAMPLE =
  'id: 0\nevent: workflow_started\ndata: {"type":"workflow_started","eventIndex":0,…}\n\n' +
  'id: 1\nevent: step_started\ndata: {"type":"step_started","stepIndex":0,…}\n\n';
/** What the workflow stream holds beside a run's. */
const RELAYED = ' (its agent steps’ events relayed, with `stepIndex` and `runId`)';
const SSE_RESPONSE = sseResponse('workflow run', SSE_EXAMPLE, RELAYED);

/** Runs of workflows, for the caller: start (streamed or in the background), read, follow, cancel. */
@ApiV1Controller('', 'runtime: workflow runs')
export class WorkflowRunsController {
  constructor(
    private readonly workflowRuns: WorkflowRunsService,
    private readonly streamer: WorkflowRunEventStreamer,
  ) {}

  @Post('workflows/:id/runs')
  @ApiParam({ name: 'id', format: 'uuid', example: WORKFLOW_ID })
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description: 'Repeat a request safely: the same key and body return the same workflow run',
  })
  @ApiOperation({
    operationId: 'startWorkflowRun',
    summary: 'Run a workflow: its steps one after the other; with Accept: text/event-stream, live',
  })
  @ApiAcceptedResponse({ type: WorkflowRunDto, description: 'The run started in the background' })
  @ApiOkResponse(SSE_RESPONSE)
  @ApiErrorResponses(
    WORKFLOW_NOT_FOUND,
    new InvalidWorkflowInputError('summarise-and-draw', [
      { path: '/topic', message: 'must be string' },
    ]),
    new IdempotencyKeyReusedError(),
    BUDGET_EXCEEDED_EXAMPLE,
    new WebhookUrlForbiddenError('10.0.0.5', 'a private address'),
  )
  async start(
    @CurrentPrincipal() principal: Principal,
    @Param('id') workflowId: string,
    @Body() dto: StartWorkflowRunDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Headers('accept') accept: string | undefined,
    @Res() response: unknown,
  ): Promise<void> {
    assertValidIdempotencyKey(idempotencyKey);
    const run = await this.workflowRuns.start(
      workflowId,
      { input: dto.input ?? null, webhookUrl: dto.webhook_url },
      { owner: principal.user, keyId: principal.keyId, idempotencyKey, depth: 0 },
    );
    const location = workflowRunPath(run.id);
    if (accept?.includes('text/event-stream')) {
      await this.streamer.stream(run, -1, response, { 'Content-Location': location });
      return;
    }
    sendJson(response, 202, await this.view(run), { Location: location });
  }

  @Get('workflows/:id/runs')
  @ApiParam({ name: 'id', format: 'uuid', example: WORKFLOW_ID })
  @ApiOperation({ operationId: 'listWorkflowRuns', summary: 'My runs of a workflow, newest first' })
  @ApiOkResponse({ type: WorkflowRunPageDto })
  @ApiErrorResponses(WORKFLOW_NOT_FOUND)
  async list(
    @CurrentPrincipal() principal: Principal,
    @Param('id') workflowId: string,
    @Query() query: PageQueryDto,
  ): Promise<WorkflowRunPageDto> {
    const { limit, offset } = query;
    const { rows, total } = await this.workflowRuns.list(principal, workflowId, { limit, offset });
    const items = await Promise.all(rows.map((run) => this.view(run)));
    return { items, total, limit, offset };
  }

  @Get('workflow-runs/:id')
  @ApiParam({ name: 'id', format: 'uuid', example: WORKFLOW_RUN_ID })
  @ApiOperation({
    operationId: 'getWorkflowRun',
    summary: 'A workflow run: status, input, output, and where each step stands',
  })
  @ApiOkResponse({ type: WorkflowRunDto })
  @ApiErrorResponses(WORKFLOW_RUN_NOT_FOUND)
  async get(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
  ): Promise<WorkflowRunDto> {
    return this.view(await this.workflowRuns.find(principal, id));
  }

  @Get('workflow-runs/:id/events')
  @ApiParam({ name: 'id', format: 'uuid', example: WORKFLOW_RUN_ID })
  @ApiOperation({
    operationId: 'streamWorkflowRunEvents',
    summary: 'Every event of the workflow run (SSE), replayed after Last-Event-ID, then live',
  })
  @ApiEventStream('workflow run', SSE_EXAMPLE, RELAYED)
  @ApiErrorResponses(WORKFLOW_RUN_NOT_FOUND)
  async events(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Query() query: RunEventsQueryDto,
    @Headers('last-event-id') lastEventId: string | undefined,
    @Res() response: unknown,
  ): Promise<void> {
    const run = await this.workflowRuns.find(principal, id);
    await this.streamer.stream(run, afterIndexOf(lastEventId, query.after), response);
  }

  @Post('workflow-runs/:id/cancel')
  @HttpCode(202)
  @ApiParam({ name: 'id', format: 'uuid', example: WORKFLOW_RUN_ID })
  @ApiOperation({ operationId: 'cancelWorkflowRun', summary: 'Stop a workflow run' })
  @ApiAcceptedResponse({ type: WorkflowRunCancelRequestedDto })
  @ApiErrorResponses(WORKFLOW_RUN_NOT_FOUND, new RunFinishedError(WORKFLOW_RUN_ID, 'completed'))
  async cancel(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
  ): Promise<WorkflowRunCancelRequestedDto> {
    const run = await this.workflowRuns.cancel(principal, id);
    return { workflow_run_id: run.id, cancel_requested: true };
  }

  private async view(run: WorkflowRunRow): Promise<WorkflowRunDto> {
    const [steps, webhook] = await Promise.all([
      this.workflowRuns.stepRuns(run),
      this.workflowRuns.webhookOf(run),
    ]);
    return { ...toWorkflowRunDto(run, steps), webhook };
  }
}
