import {
  type JSONRPCErrorResponse,
  type JSONRPCRequest,
  type Implementation,
  McpServer,
  type McpServerOptions,
  type Transport,
} from '@modelcontextprotocol/server';
import { RequestScreeningTransport } from '../request-screening.transport';
import {
  TASKS_EXTENSION,
  envelopeDeclaresTasks,
  missingTasksCapability,
} from '../tasks/task-requests';
import { TASK_REQUIRING_FIXTURE_TOOLS, registerTaskFixtures } from './task-fixture-tools';

/**
 * The conformance fixtures' server with their tasks: it declares the tasks extension, serves
 * the task fixtures, and refuses a call of a fixture that is a task only (-32021) to a client
 * that did not declare the extension. That refusal comes before the server: `McpServer` answers
 * whatever a tool handler throws as a tool error, never as the protocol error it must be.
 */
export class TaskFixtureServer extends McpServer {
  constructor(serverInfo: Implementation, options: McpServerOptions) {
    super(serverInfo, {
      ...options,
      capabilities: {
        ...options.capabilities,
        extensions: { ...options.capabilities?.extensions, [TASKS_EXTENSION]: {} },
      },
    });
    registerTaskFixtures(this);
  }

  override connect(transport: Transport): Promise<void> {
    return super.connect(new RequestScreeningTransport(transport, refuseTaskOnlyCalls));
  }
}

function refuseTaskOnlyCalls(request: JSONRPCRequest): JSONRPCErrorResponse | undefined {
  const { name, _meta } = (request.params ?? {}) as { name?: unknown; _meta?: unknown };
  if (request.method !== 'tools/call' || typeof name !== 'string') return undefined;
  if (!TASK_REQUIRING_FIXTURE_TOOLS.has(name) || envelopeDeclaresTasks(_meta)) return undefined;
  const { code, message, data } = missingTasksCapability();
  return { jsonrpc: '2.0', id: request.id, error: { code, message, data } };
}
