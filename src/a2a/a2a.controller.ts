import {
  Body,
  Controller,
  Delete,
  Get,
  Headers,
  Param,
  Post,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../api-keys/current-principal.decorator';
import { type Principal } from '../api-keys/principal';
import { RequireApiKey } from '../api-keys/require-api-key.decorator';
import { ApiErrorResponses } from '../core/http/api-error-responses.decorator';
import { takeOverResponse } from '../core/http/node-http';
import { PublicUrl } from '../core/http/public-url';
import { ResourceNotFoundError } from '../registry/common/registry.errors';
import { callOf } from './a2a-caller';
import {
  ApiA2aVersionHeader,
  ApiAgentCardResponse,
  ApiAgentCardsResponse,
  ApiPushConfigBody,
  ApiPushConfigDeleted,
  ApiPushConfigResponse,
  ApiPushConfigsResponse,
  ApiSendMessageBody,
  ApiTaskResponse,
} from './a2a-api-docs';
import { A2aEndpoints } from './a2a-endpoints';
import { type HttpJsonRequest } from './bindings/http-json-binding';
import { UnknownA2aOperationError } from './a2a.errors';

const AGENT_ID = ApiParam({ name: 'agentId', description: 'The id of an agent served over A2A' });
const TASK_ID = ApiParam({ name: 'taskId', description: 'The id of a task of mine' });
const CONFIG_ID = ApiParam({
  name: 'configId',
  description: 'The id of a push notification config',
});
const NOT_SERVED = new ResourceNotFoundError('Agent', '5b1d2c3e-4f50-4a6b-8c7d-9e0f1a2b3c4d');

/**
 * The agents served over A2A: their cards, and the HTTP+JSON binding of each. The JSON-RPC
 * binding (POST to the same base URL) is `A2aJsonRpcController`'s. Every route takes an API key.
 */
@ApiTags('a2a')
@RequireApiKey()
@Controller('a2a/agents')
export class A2aController {
  constructor(
    private readonly endpoints: A2aEndpoints,
    private readonly publicUrl: PublicUrl,
  ) {}

  @Get()
  @ApiOperation({
    operationId: 'listA2aAgentCards',
    summary: 'The agent cards of the agents served over A2A',
  })
  @ApiAgentCardsResponse()
  async list(): Promise<{ cards: unknown[] }> {
    return { cards: await this.endpoints.allCards(this.publicUrl.base()) };
  }

  @Get(':agentId/.well-known/agent-card.json')
  @AGENT_ID
  @ApiOperation({ operationId: 'getA2aAgentCard', summary: "An agent's A2A agent card" })
  @ApiAgentCardResponse()
  @ApiErrorResponses(NOT_SERVED)
  card(@Param('agentId') agentId: string): Promise<unknown> {
    return this.endpoints.card(agentId, this.publicUrl.base());
  }

  @Post(':agentId/:operation')
  @AGENT_ID
  @ApiParam({ name: 'operation', enum: ['message:send', 'message:stream'] })
  @ApiOperation({ operationId: 'sendA2aMessage', summary: 'Send a message (HTTP+JSON binding)' })
  @ApiSendMessageBody()
  @ApiTaskResponse('The task (or a message); for message:stream, an event stream of its updates')
  @ApiErrorResponses(NOT_SERVED)
  async message(
    @CurrentPrincipal() principal: Principal,
    @Param('agentId') agentId: string,
    @Param('operation') operation: string,
    @Headers('a2a-version') version: string | undefined,
    @Body() body: unknown,
    @Req() request: unknown,
    @Res() response: unknown,
  ): Promise<void> {
    if (operation !== 'message:send' && operation !== 'message:stream') {
      throw new UnknownA2aOperationError(operation);
    }
    await this.serve(principal, agentId, version, { operation, body }, request, response);
  }

  @Get(':agentId/tasks')
  @AGENT_ID
  @ApiOperation({ operationId: 'listA2aTasks', summary: 'My tasks with the agent (HTTP+JSON)' })
  @ApiA2aVersionHeader()
  @ApiOkResponse({
    description: 'A page of tasks, most recently changed first (ListTasksResponse)',
    schema: { type: 'object', additionalProperties: true },
  })
  @ApiErrorResponses(NOT_SERVED)
  async listTasks(
    @CurrentPrincipal() principal: Principal,
    @Param('agentId') agentId: string,
    @Headers('a2a-version') version: string | undefined,
    @Query() query: Record<string, unknown>,
    @Req() request: unknown,
    @Res() response: unknown,
  ): Promise<void> {
    await this.serve(principal, agentId, version, { operation: 'list', query }, request, response);
  }

  @Get(':agentId/tasks/:task')
  @AGENT_ID
  @ApiParam({ name: 'task', description: 'A task id, or `{id}:subscribe` to follow it' })
  @ApiOperation({ operationId: 'getA2aTask', summary: 'A task of mine, or its events (HTTP+JSON)' })
  @ApiTaskResponse('The task; for `{id}:subscribe`, an event stream of its updates')
  @ApiErrorResponses(NOT_SERVED)
  async task(
    @CurrentPrincipal() principal: Principal,
    @Param('agentId') agentId: string,
    @Param('task') task: string,
    @Headers('a2a-version') version: string | undefined,
    @Query('historyLength') historyLength: string | undefined,
    @Req() request: unknown,
    @Res() response: unknown,
  ): Promise<void> {
    const { taskId, action } = taskPathOf(task);
    const asked: HttpJsonRequest =
      action === 'subscribe'
        ? { operation: 'subscribe', taskId }
        : action === undefined
          ? { operation: 'get', taskId, historyLength }
          : unknownOperation(task);
    await this.serve(principal, agentId, version, asked, request, response);
  }

  @Post(':agentId/tasks/:task')
  @AGENT_ID
  @ApiParam({ name: 'task', description: '`{id}:cancel` or `{id}:subscribe`' })
  @ApiOperation({ operationId: 'actOnA2aTask', summary: 'Cancel or follow a task (HTTP+JSON)' })
  @ApiTaskResponse('The cancelled task; for `{id}:subscribe`, an event stream of its updates')
  @ApiErrorResponses(NOT_SERVED)
  async actOnTask(
    @CurrentPrincipal() principal: Principal,
    @Param('agentId') agentId: string,
    @Param('task') task: string,
    @Headers('a2a-version') version: string | undefined,
    @Req() request: unknown,
    @Res() response: unknown,
  ): Promise<void> {
    const { taskId, action } = taskPathOf(task);
    const asked: HttpJsonRequest =
      action === 'cancel' || action === 'subscribe'
        ? { operation: action, taskId }
        : unknownOperation(task);
    await this.serve(principal, agentId, version, asked, request, response);
  }

  @Post(':agentId/tasks/:taskId/pushNotificationConfigs')
  @AGENT_ID
  @TASK_ID
  @ApiOperation({
    operationId: 'createA2aPushConfig',
    summary: "Push a task's updates to a URL (HTTP+JSON)",
  })
  @ApiPushConfigBody()
  @ApiErrorResponses(NOT_SERVED)
  async createPushConfig(
    @CurrentPrincipal() principal: Principal,
    @Param('agentId') agentId: string,
    @Param('taskId') taskId: string,
    @Headers('a2a-version') version: string | undefined,
    @Body() body: unknown,
    @Req() request: unknown,
    @Res() response: unknown,
  ): Promise<void> {
    const asked: HttpJsonRequest = { operation: 'push:create', taskId, body };
    await this.serve(principal, agentId, version, asked, request, response);
  }

  @Get(':agentId/tasks/:taskId/pushNotificationConfigs')
  @AGENT_ID
  @TASK_ID
  @ApiOperation({
    operationId: 'listA2aPushConfigs',
    summary: "A task's push notification configs (HTTP+JSON)",
  })
  @ApiPushConfigsResponse()
  @ApiErrorResponses(NOT_SERVED)
  async listPushConfigs(
    @CurrentPrincipal() principal: Principal,
    @Param('agentId') agentId: string,
    @Param('taskId') taskId: string,
    @Headers('a2a-version') version: string | undefined,
    @Req() request: unknown,
    @Res() response: unknown,
  ): Promise<void> {
    const asked: HttpJsonRequest = { operation: 'push:list', taskId };
    await this.serve(principal, agentId, version, asked, request, response);
  }

  @Get(':agentId/tasks/:taskId/pushNotificationConfigs/:configId')
  @AGENT_ID
  @TASK_ID
  @CONFIG_ID
  @ApiOperation({
    operationId: 'getA2aPushConfig',
    summary: 'A push notification config of a task (HTTP+JSON)',
  })
  @ApiPushConfigResponse()
  @ApiErrorResponses(NOT_SERVED)
  async getPushConfig(
    @CurrentPrincipal() principal: Principal,
    @Param('agentId') agentId: string,
    @Param('taskId') taskId: string,
    @Param('configId') configId: string,
    @Headers('a2a-version') version: string | undefined,
    @Req() request: unknown,
    @Res() response: unknown,
  ): Promise<void> {
    const asked: HttpJsonRequest = { operation: 'push:get', taskId, configId };
    await this.serve(principal, agentId, version, asked, request, response);
  }

  @Delete(':agentId/tasks/:taskId/pushNotificationConfigs/:configId')
  @AGENT_ID
  @TASK_ID
  @CONFIG_ID
  @ApiOperation({
    operationId: 'deleteA2aPushConfig',
    summary: "Stop pushing a task's updates to a config (HTTP+JSON)",
  })
  @ApiPushConfigDeleted()
  @ApiErrorResponses(NOT_SERVED)
  async deletePushConfig(
    @CurrentPrincipal() principal: Principal,
    @Param('agentId') agentId: string,
    @Param('taskId') taskId: string,
    @Param('configId') configId: string,
    @Headers('a2a-version') version: string | undefined,
    @Req() request: unknown,
    @Res() response: unknown,
  ): Promise<void> {
    const asked: HttpJsonRequest = { operation: 'push:delete', taskId, configId };
    await this.serve(principal, agentId, version, asked, request, response);
  }

  private async serve(
    principal: Principal,
    agentId: string,
    version: string | undefined,
    asked: HttpJsonRequest,
    request: unknown,
    response: unknown,
  ): Promise<void> {
    const call = callOf(principal, agentId, request, this.publicUrl.base());
    await this.endpoints.httpJson(call, version, asked, takeOverResponse(response));
  }
}

/** `{id}` or `{id}:{action}`: the binding's custom methods follow the id after a colon. */
function taskPathOf(segment: string): { taskId: string; action?: string } {
  const colon = segment.lastIndexOf(':');
  if (colon < 0) return { taskId: segment };
  return { taskId: segment.slice(0, colon), action: segment.slice(colon + 1) };
}

function unknownOperation(segment: string): never {
  throw new UnknownA2aOperationError(segment);
}
