import { Body, Get, Headers, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { BUDGET_EXCEEDED_EXAMPLE } from '../../budgets/budget.errors';
import {
  ApiAcceptedResponse,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
} from '@nestjs/swagger';
import { CurrentPrincipal } from '../../api-keys/current-principal.decorator';
import { type Principal } from '../../api-keys/principal';
import { ApiErrorResponses } from '../../core/http/api-error-responses.decorator';
import { sendJson } from '../../core/http/node-http';
import { ApiV1Controller } from '../../api-keys/api-v1-controller.decorator';
import { FileNotFoundError } from '../../files/files.errors';
import {
  AttachmentNotSupportedError,
  IdempotencyKeyReusedError,
  PendingApprovalError,
  ProviderNotConfiguredError,
  RunFinishedError,
  RunNotFoundError,
  SessionBusyError,
  SessionNotFoundError,
} from '../runtime.errors';
import { ApiEventStream, sseResponse } from '../streams/api-event-stream.decorator';
import { RunEventStreamer } from '../streams/run-event-streamer';
import {
  RunCancelRequestedDto,
  RunDto,
  RunEventsQueryDto,
  RunStartedDto,
  StartRunDto,
} from './dto/run.dto';
import { runPath, toRunDto, toRunStartedDto } from './run-views';
import { WebhookUrlForbiddenError, WebhookUrlInvalidError } from '../../webhooks/webhooks.errors';
import { RunsService } from './runs.service';
import { RunCanceller } from '../approvals/run-canceller';
import { afterIndexOf, assertValidIdempotencyKey } from '../streams/stream-request-headers';

const RUN_ID = '8c7b6a5d-4e3f-4a1b-9c8d-7e6f5a4b3c2d';
const SESSION_ID = '0d9a3f4e-1c2b-4a5d-9e8f-7a6b5c4d3e2f';
const RUN_NOT_FOUND = new RunNotFoundError(RUN_ID);
const SSE_EXAMPLE =
  'id: 0\nevent: user_message_sent\ndata: {"type":"user_message_sent","eventIndex":0,…}\n\n' +
  'id: 1\nevent: message_chunk\ndata: {"type":"message_chunk","content":"Hel","blockIndex":0,…}\n\n';
const SSE_RESPONSE = sseResponse('run', SSE_EXAMPLE);

/** Runs of my sessions: start (streamed or in the background), read, follow and cancel. */
@ApiV1Controller('', 'runtime: runs')
export class RunsController {
  constructor(
    private readonly runs: RunsService,
    private readonly streamer: RunEventStreamer,
    private readonly canceller: RunCanceller,
  ) {}

  @Post('sessions/:id/runs')
  @ApiParam({ name: 'id', format: 'uuid', example: SESSION_ID })
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description: 'Repeat a request safely: the same key and body return the same run',
  })
  @ApiOperation({
    operationId: 'startRun',
    summary: 'Send a message: the agent runs; with Accept: text/event-stream, watch it live',
  })
  @ApiAcceptedResponse({ type: RunStartedDto, description: 'The run started in the background' })
  @ApiOkResponse(SSE_RESPONSE)
  @ApiErrorResponses(
    new SessionNotFoundError(SESSION_ID),
    new SessionBusyError(RUN_ID, 'start a run'),
    new IdempotencyKeyReusedError(),
    new ProviderNotConfiguredError('anthropic', 'ANTHROPIC_API_KEY'),
    new PendingApprovalError(['4e5f6a7b-8c9d-4e0f-a1b2-c3d4e5f6a7b8']),
    new WebhookUrlForbiddenError('127.0.0.1', 'loopback'),
    BUDGET_EXCEEDED_EXAMPLE,
    new WebhookUrlInvalidError('must be an absolute http:// or https:// URL'),
    new FileNotFoundError(['6f1e2d3c-4b5a-4968-8776-5a4b3c2d1e0f']),
    new AttachmentNotSupportedError('openai', [
      {
        id: '6f1e2d3c-4b5a-4968-8776-5a4b3c2d1e0f',
        name: 'report.pdf',
        mime_type: 'application/pdf',
      },
    ]),
  )
  async start(
    @CurrentPrincipal() principal: Principal,
    @Param('id') sessionId: string,
    @Body() dto: StartRunDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Headers('accept') accept: string | undefined,
    @Res() response: unknown,
  ): Promise<void> {
    assertValidIdempotencyKey(idempotencyKey);
    const run = await this.runs.start(principal, sessionId, dto, idempotencyKey);
    if (accept?.includes('text/event-stream')) {
      await this.streamer.stream(run, -1, response, { 'Content-Location': runPath(run.id) });
      return;
    }
    sendJson(response, 202, toRunStartedDto(run), { Location: runPath(run.id) });
  }

  @Get('runs/:id')
  @ApiParam({ name: 'id', format: 'uuid', example: RUN_ID })
  @ApiOperation({
    operationId: 'getRun',
    summary: 'A run: status, stop reason, usage, error, and the runs it delegated to',
  })
  @ApiOkResponse({ type: RunDto })
  @ApiErrorResponses(RUN_NOT_FOUND)
  async get(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<RunDto> {
    const run = await this.runs.find(principal, id);
    return {
      ...toRunDto(run, await this.runs.childIdsOf(run)),
      webhook: await this.runs.webhookOf(run),
    };
  }

  @Get('runs/:id/events')
  @ApiParam({ name: 'id', format: 'uuid', example: RUN_ID })
  @ApiOperation({
    operationId: 'streamRunEvents',
    summary: 'Every event of the run (SSE), replayed after Last-Event-ID, then live',
  })
  @ApiEventStream('run', SSE_EXAMPLE)
  @ApiErrorResponses(RUN_NOT_FOUND)
  async events(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Query() query: RunEventsQueryDto,
    @Headers('last-event-id') lastEventId: string | undefined,
    @Res() response: unknown,
  ): Promise<void> {
    const run = await this.runs.find(principal, id);
    await this.streamer.stream(run, afterIndexOf(lastEventId, query.after), response);
  }

  @Post('runs/:id/cancel')
  @HttpCode(202)
  @ApiParam({ name: 'id', format: 'uuid', example: RUN_ID })
  @ApiOperation({ operationId: 'cancelRun', summary: 'Stop a running run' })
  @ApiAcceptedResponse({ type: RunCancelRequestedDto })
  @ApiErrorResponses(RUN_NOT_FOUND, new RunFinishedError(RUN_ID, 'completed'))
  async cancel(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
  ): Promise<RunCancelRequestedDto> {
    const run = await this.canceller.cancel(principal, id);
    return { run_id: run.id, cancel_requested: true };
  }
}
