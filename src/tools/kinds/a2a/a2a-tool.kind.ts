import { Injectable } from '@nestjs/common';
import { type ToolImplementation } from '../../../database/schema';
import { SecretBox } from '../../../secrets/secret-box';
import { ToolResponseTooLargeError, ToolUrlForbiddenError } from '../../outbound/outbound.errors';
import { OutboundFetch } from '../../outbound/outbound-fetch';
import { ToolKindProvider } from '../../tool-kind-provider.decorator';
import {
  type StoredTool,
  type ToolImplementationView,
  type ToolKind,
  type ToolKindBuild,
} from '../../tool-kind.contract';
import { ExecutionTimeoutError, ToolExecutionFailedError } from '../../tool.errors';
import { mapSecretHeaders } from '../endpoint/secret-headers';
import { requestHeadersOf } from '../endpoint/tool-endpoint';
import { A2aImplementationDto } from './a2a-implementation.dto';
import { A2A_TOOL_ANSWER_SCHEMA } from './a2a-tool-answer.schema';
import { A2A_TOOL_PARAMETERS, type A2aToolInput } from './a2a-tool-input';
import { A2aToolRunner } from './a2a-tool-runner';
import { A2aInputRequiredError, A2aTaskFailedError } from './a2a-tool.errors';
import { RemoteAgentCard } from './remote-agent-card';

/** A stored `a2a` implementation, its secret header values sealed. */
type StoredA2aTool = ToolImplementation & {
  agent_card_url: string;
  headers: Record<string, string>;
  secret_headers: Record<string, string>;
  skill?: string;
};

const EXAMPLE_TASK = '0b5e7c1a-9f7d-4f53-8a4e-2d1c9b7e6a31';

/**
 * `a2a` tools: a remote Agent2Agent agent served as a tool. A call sends its `message` (in the
 * `context_id` given, to continue a conversation) and answers with the remote task's result.
 */
@ToolKindProvider()
@Injectable()
export class A2aToolKind implements ToolKind<A2aImplementationDto> {
  readonly type = 'a2a';
  readonly errors = [
    new A2aTaskFailedError(
      `The remote agent's task ${EXAMPLE_TASK} ended failed: the CRM is down`,
      EXAMPLE_TASK,
      'failed',
    ),
    new A2aInputRequiredError('Which account do you mean?', EXAMPLE_TASK, 'input-required'),
    new ToolExecutionFailedError(
      'The agent card at https://agents.example.com/.well-known/agent-card.json answered HTTP 503',
      { status: 503, body: 'Service Unavailable' },
    ),
    new ToolUrlForbiddenError('agents.internal', 'private'),
    new ToolResponseTooLargeError(10 * 1024 * 1024),
    new ExecutionTimeoutError(30_000),
  ];
  readonly registration = {
    dto: A2aImplementationDto,
    store: (request: A2aImplementationDto): ToolImplementation => ({
      type: this.type,
      agent_card_url: request.agent_card_url,
      headers: request.headers ?? {},
      secret_headers: mapSecretHeaders(request.secret_headers ?? {}, (value) =>
        this.secrets.seal(value),
      ),
      ...(request.skill !== undefined && { skill: request.skill }),
    }),
    // The remote agent acts outside toolhub, with nothing here to approve its steps.
    requiresApprovalByDefault: true,
    suppliedParameters: () => Promise.resolve(A2A_TOOL_PARAMETERS),
  };

  constructor(
    private readonly secrets: SecretBox,
    private readonly outbound: OutboundFetch,
    private readonly runner: A2aToolRunner,
  ) {}

  build({ implementation }: StoredTool): ToolKindBuild {
    const stored = implementation as StoredA2aTool;
    // Stored sealed; the requests carry the values.
    const headers = requestHeadersOf({
      headers: stored.headers,
      secret_headers: mapSecretHeaders(stored.secret_headers, (value) => this.secrets.open(value)),
    });
    const target = {
      card: new RemoteAgentCard(this.outbound, { url: stored.agent_card_url, headers }),
      headers,
      skill: stored.skill,
    };
    return {
      handler: {
        execute: (input, context) =>
          this.runner.run(target, input as unknown as A2aToolInput, context),
      },
      outputSchema: A2A_TOOL_ANSWER_SCHEMA,
    };
  }

  view(implementation: ToolImplementation): ToolImplementationView {
    const { secret_headers, ...shown } = implementation as StoredA2aTool;
    return { ...shown, secret_header_names: Object.keys(secret_headers) };
  }

  mapSecrets(
    implementation: ToolImplementation,
    transform: (value: string) => string,
  ): ToolImplementation {
    const stored = implementation as StoredA2aTool;
    return { ...stored, secret_headers: mapSecretHeaders(stored.secret_headers, transform) };
  }
}
