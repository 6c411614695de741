import { Body, Controller, Headers, HttpCode, Param, Post, Req } from '@nestjs/common';
import { type IncomingHttpHeaders } from 'node:http';
import { ApiAcceptedResponse, ApiBody, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { PayloadTooLargeError } from '../../core/errors';
import { ApiErrorResponses } from '../../core/http/api-error-responses.decorator';
import { nodeRequestOf } from '../../core/http/node-http';
import { rawBodyOf } from '../../core/http/raw-body';
import { IdempotencyKeyReusedError } from '../runtime.errors';
import { TriggeredRunDto } from './dto/workflow-trigger.dto';
import {
  TriggerRateLimitedError,
  WebhookSignatureError,
  WorkflowTriggerNotFoundError,
} from './workflow-trigger.errors';
import { WorkflowTriggersService } from './workflow-triggers.service';

const TRIGGER_ID = '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';

/**
 * Deliveries to webhook triggers, from other systems: no API key, the trigger's signature
 * instead (unless it has `verification: none`); the body is bounded by the server's body limit.
 */
@Controller('hooks')
@ApiTags('runtime: workflow triggers')
export class HooksController {
  constructor(private readonly triggers: WorkflowTriggersService) {}

  @Post(':id')
  @HttpCode(202)
  @ApiParam({ name: 'id', format: 'uuid', example: TRIGGER_ID })
  @ApiBody({ required: false, schema: { example: { repository: { name: 'toolhub' } } } })
  @ApiOperation({
    operationId: 'deliverToWorkflowTrigger',
    summary: 'Start the trigger’s workflow; the same webhook-id again answers the same run',
  })
  @ApiAcceptedResponse({ type: TriggeredRunDto, description: 'The run started in the background' })
  @ApiErrorResponses(
    new WebhookSignatureError('Message timestamp too old'),
    new WorkflowTriggerNotFoundError(TRIGGER_ID),
    new IdempotencyKeyReusedError(),
    new PayloadTooLargeError(1024 * 1024),
    new TriggerRateLimitedError(60, 17),
  )
  async deliver(
    @Param('id') id: string,
    @Headers() headers: IncomingHttpHeaders,
    @Body() body: unknown,
    @Req() request: unknown,
  ): Promise<TriggeredRunDto> {
    const rawBody = rawBodyOf(nodeRequestOf(request));
    return { workflow_run_id: await this.triggers.deliver(id, { headers, rawBody, body }) };
  }
}
