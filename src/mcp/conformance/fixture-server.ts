import {
  type ClientCapabilities,
  type JSONRPCErrorResponse,
  type JSONRPCRequest,
  McpServer,
  MissingRequiredClientCapabilityError,
  type RequestStateCodec,
  type ServerNotifier,
  type Transport,
} from '@modelcontextprotocol/server';
import { PACKAGE_VERSION } from '../../core/package-version';
import { RequestScreeningTransport } from '../request-screening.transport';
import { TASKS_EXTENSION, clientCapabilitiesOf } from '../tasks/task-requests';
import { registerClientRequestToolFixtures } from './client-request-tool-fixtures';
import { registerContentToolFixtures } from './content-tool-fixtures';
import {
  SAMPLING_CAPABILITY,
  SAMPLING_REQUIRING_FIXTURE_TOOL,
  registerDiagnosticToolFixtures,
} from './diagnostic-tool-fixtures';
import { type FixtureRoundState, registerInputRequiredFixtures } from './input-required-fixtures';
import { registerPromptFixtures } from './prompt-fixtures';
import { registerResourceFixtures } from './resource-fixtures';
import { registerSchemaToolFixtures } from './schema-tool-fixtures';
import { TASK_REQUIRING_FIXTURE_TOOLS, registerTaskFixtures } from './task-fixture-tools';

const SERVER_INFO = { name: 'toolhub-conformance-fixtures', version: PACKAGE_VERSION };

const TASKS_CAPABILITY: ClientCapabilities = { extensions: { [TASKS_EXTENSION]: {} } };

/** What a client must have declared to call a fixture tool, for the tools that need anything. */
const REQUIRED_CAPABILITIES = new Map<string, ClientCapabilities>([
  ...[...TASK_REQUIRING_FIXTURE_TOOLS].map((name) => [name, TASKS_CAPABILITY] as const),
  [SAMPLING_REQUIRING_FIXTURE_TOOL, SAMPLING_CAPABILITY],
]);

/**
 * The conformance suite's fixtures as one MCP server, for either protocol era: the tools,
 * resources, prompts, completions and logging its server scenarios call by name, and the task
 * fixtures of the tasks extension. `notify` reaches the 2026-07-28 `subscriptions/listen`
 * streams; `states` seals the `requestState` of multi-round calls and checks it comes back
 * unchanged.
 */
export class ConformanceFixtureServer extends McpServer {
  constructor(notify: ServerNotifier, states: RequestStateCodec<FixtureRoundState>) {
    super(SERVER_INFO, {
      capabilities: {
        tools: { listChanged: true },
        resources: { subscribe: true, listChanged: true },
        prompts: { listChanged: true },
        logging: {},
        completions: {},
        extensions: TASKS_CAPABILITY.extensions,
      },
      requestState: { verify: (state, ctx) => states.verify(state, ctx) },
    });
    registerContentToolFixtures(this);
    registerClientRequestToolFixtures(this);
    registerSchemaToolFixtures(this);
    registerInputRequiredFixtures(this, states);
    registerDiagnosticToolFixtures(this, notify);
    registerTaskFixtures(this);
    registerResourceFixtures(this);
    registerPromptFixtures(this);
  }

  /**
   * Refuses (-32021) a call of a fixture whose client lacks a capability it needs, before the
   * server: `McpServer` answers whatever a tool handler throws as a tool error, never as the
   * protocol error this must be.
   */
  override connect(transport: Transport): Promise<void> {
    return super.connect(new RequestScreeningTransport(transport, refuseUndeclaredNeeds));
  }
}

function refuseUndeclaredNeeds(request: JSONRPCRequest): JSONRPCErrorResponse | undefined {
  const { name, _meta } = (request.params ?? {}) as { name?: unknown; _meta?: unknown };
  if (request.method !== 'tools/call' || typeof name !== 'string') return undefined;
  const required = REQUIRED_CAPABILITIES.get(name);
  if (!required || declaresAll(clientCapabilitiesOf(_meta), required)) return undefined;
  const { code, message, data } = new MissingRequiredClientCapabilityError({
    requiredCapabilities: required,
  });
  return { jsonrpc: '2.0', id: request.id, error: { code, message, data } };
}

/** Whether `declared` holds every capability and extension of `required`. */
function declaresAll(declared: ClientCapabilities | undefined, required: ClientCapabilities) {
  return Object.entries(required).every(([key, value]) =>
    key === 'extensions'
      ? Object.keys(value as object).every((name) => declared?.extensions?.[name] !== undefined)
      : declared?.[key as keyof ClientCapabilities] !== undefined,
  );
}
