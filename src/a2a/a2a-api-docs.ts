import { applyDecorators } from '@nestjs/common';
import {
  ApiBody,
  ApiCreatedResponse,
  ApiHeader,
  ApiNoContentResponse,
  ApiOkResponse,
} from '@nestjs/swagger';

/*
 * The A2A routes answer in the protocol's own JSON (the SDK encodes it), so their bodies are
 * described here by example rather than by DTO; the protocol's specification has the schemas.
 */

const AGENT_ID = '5b1d2c3e-4f50-4a6b-8c7d-9e0f1a2b3c4d';
const BASE = `https://toolhub.example.com/a2a/agents/${AGENT_ID}`;
const TASK_ID = '0f8e5d2c-1b7a-4c39-9e6d-3a2b1c0d9e8f';
const CONTEXT_ID = '9a7b6c5d-4e3f-4a2b-8c1d-0e9f8a7b6c5d';

const CARD_EXAMPLE = {
  name: 'buy_signal_analyzer',
  description: 'Finds buy signals in recent stock prices',
  supportedInterfaces: [
    { url: BASE, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
    { url: BASE, protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
    { url: BASE, protocolBinding: 'JSONRPC', protocolVersion: '0.3' },
  ],
  provider: { url: 'https://toolhub.example.com', organization: 'toolhub' },
  version: '2026-11-22T10:00:00.000Z',
  capabilities: { streaming: true, pushNotifications: true, extendedAgentCard: false },
  securitySchemes: {
    toolhub_api_key: {
      httpAuthSecurityScheme: {
        description: 'A toolhub API key: Authorization: Bearer <key>',
        scheme: 'bearer',
        bearerFormat: 'toolhub API key',
      },
    },
  },
  securityRequirements: [{ schemes: { toolhub_api_key: { list: [] } } }],
  defaultInputModes: ['text/plain', 'application/json'],
  defaultOutputModes: ['text/plain', 'application/json'],
  skills: [
    {
      id: AGENT_ID,
      name: 'buy_signal_analyzer',
      description: 'Finds buy signals in recent stock prices It can call: price_fetcher.',
      tags: ['toolhub', 'price_fetcher'],
      inputModes: ['text/plain', 'application/json'],
      outputModes: ['text/plain', 'application/json'],
    },
  ],
};

const TASK_EXAMPLE = {
  id: TASK_ID,
  contextId: CONTEXT_ID,
  status: {
    state: 'TASK_STATE_COMPLETED',
    message: {
      messageId: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
      contextId: CONTEXT_ID,
      taskId: TASK_ID,
      role: 'ROLE_AGENT',
      parts: [{ text: 'ACME looks like a buy.', mediaType: 'text/plain' }],
    },
    timestamp: '2026-11-22T10:00:03.000Z',
  },
  artifacts: [
    {
      artifactId: 'response',
      name: 'response',
      description: "The agent's answer",
      parts: [{ text: 'ACME looks like a buy.', mediaType: 'text/plain' }],
    },
  ],
  metadata: {
    toolhub_session_id: '7d6c5b4a-3f2e-4d1c-9b8a-7f6e5d4c3b2a',
    toolhub_run_id: '2b3c4d5e-6f70-4a81-92a3-b4c5d6e7f809',
  },
};

const OBJECT = { type: 'object', additionalProperties: true };

export const ApiAgentCardResponse = () =>
  ApiOkResponse({
    description: 'The agent card (A2A v1.0, the JSON form of its specification)',
    schema: { ...OBJECT, example: CARD_EXAMPLE },
  });

export const ApiAgentCardsResponse = () =>
  ApiOkResponse({
    description: 'The cards of every agent served over A2A',
    schema: {
      type: 'object',
      properties: { cards: { type: 'array', items: OBJECT } },
      example: { cards: [CARD_EXAMPLE] },
    },
  });

/** The version header every binding reads: absent, the request speaks v0.3. */
export const ApiA2aVersionHeader = () =>
  ApiHeader({
    name: 'A2A-Version',
    required: false,
    description: 'The protocol version of the request: 1.0, or 0.3 (also when absent)',
  });

export const ApiTaskResponse = (description: string) =>
  applyDecorators(
    ApiA2aVersionHeader(),
    ApiOkResponse({
      description,
      content: {
        'application/json': { schema: { ...OBJECT, example: TASK_EXAMPLE } },
        'text/event-stream': {
          schema: { type: 'string' },
          example: `data: ${JSON.stringify({ statusUpdate: { taskId: TASK_ID, contextId: CONTEXT_ID, status: { state: 'TASK_STATE_WORKING' } } })}\n\n`,
        },
      },
    }),
  );

export const ApiSendMessageBody = () =>
  ApiBody({
    description: 'A SendMessageRequest (A2A v1.0 JSON)',
    schema: {
      ...OBJECT,
      example: {
        message: {
          messageId: '6e5d4c3b-2a19-4f08-8e7d-6c5b4a392817',
          role: 'ROLE_USER',
          parts: [{ text: 'Should I buy ACME?' }],
        },
      },
    },
  });

export const ApiJsonRpcExchange = () =>
  applyDecorators(
    ApiA2aVersionHeader(),
    ApiBody({
      description: 'A JSON-RPC 2.0 request of A2A (v1.0 method names, or v0.3 ones)',
      schema: {
        ...OBJECT,
        example: {
          jsonrpc: '2.0',
          id: 1,
          method: 'SendMessage',
          params: {
            message: {
              messageId: '6e5d4c3b-2a19-4f08-8e7d-6c5b4a392817',
              role: 'ROLE_USER',
              parts: [{ text: 'Should I buy ACME?' }],
            },
          },
        },
      },
    }),
    ApiOkResponse({
      description:
        'A JSON-RPC response (errors included, as the binding has them); for ' +
        'SendStreamingMessage and SubscribeToTask, an event stream of responses',
      content: {
        'application/json': {
          schema: { ...OBJECT, example: { jsonrpc: '2.0', id: 1, result: { task: TASK_EXAMPLE } } },
        },
        'text/event-stream': { schema: { type: 'string' } },
      },
    }),
  );

const PUSH_CONFIG_EXAMPLE = {
  id: 'c1',
  taskId: TASK_ID,
  url: 'https://hooks.example.com/a2a',
  token: 'a-token-the-receiver-checks',
  authentication: { scheme: 'Bearer', credentials: 'receiver-credentials' },
};

export const ApiPushConfigBody = () =>
  applyDecorators(
    ApiA2aVersionHeader(),
    ApiBody({
      description:
        "A TaskPushNotificationConfig (A2A v1.0 JSON): where to push the task's updates; " +
        'the id is given one when left out',
      schema: {
        ...OBJECT,
        example: {
          url: PUSH_CONFIG_EXAMPLE.url,
          token: PUSH_CONFIG_EXAMPLE.token,
          authentication: PUSH_CONFIG_EXAMPLE.authentication,
        },
      },
    }),
    ApiCreatedResponse({
      description: 'The config as stored',
      schema: { ...OBJECT, example: PUSH_CONFIG_EXAMPLE },
    }),
  );

export const ApiPushConfigResponse = () =>
  applyDecorators(
    ApiA2aVersionHeader(),
    ApiOkResponse({
      description: 'A push notification config of the task (TaskPushNotificationConfig)',
      schema: { ...OBJECT, example: PUSH_CONFIG_EXAMPLE },
    }),
  );

export const ApiPushConfigsResponse = () =>
  applyDecorators(
    ApiA2aVersionHeader(),
    ApiOkResponse({
      description: "The task's push notification configs (ListTaskPushNotificationConfigsResponse)",
      schema: { ...OBJECT, example: { configs: [PUSH_CONFIG_EXAMPLE] } },
    }),
  );

export const ApiPushConfigDeleted = () =>
  applyDecorators(
    ApiA2aVersionHeader(),
    ApiNoContentResponse({ description: 'The config is deleted (or was not there)' }),
  );
