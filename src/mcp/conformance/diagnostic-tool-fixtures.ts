import {
  type CallToolResult,
  type ClientCapabilities,
  type McpServer,
  type ServerNotifier,
  inputRequired,
} from '@modelcontextprotocol/server';
import { text } from './content-blocks';
import { askText } from './input-requests';

/** The tool that needs its client to have declared sampling, refused (-32021) otherwise. */
export const SAMPLING_REQUIRING_FIXTURE_TOOL = 'test_missing_capability';
export const SAMPLING_CAPABILITY: ClientCapabilities = { sampling: {} };

const answer = (value: string): CallToolResult => ({ content: [text(value)] });

/**
 * The 2026-07-28 fixtures the stateless-server scenario probes the protocol with: a tool only a
 * client with sampling may call, one that asks for input on its response, one that logs (which
 * must reach only clients that asked for a log level), and two that announce a changed tool or
 * prompt list to the open `subscriptions/listen` streams, through `notify`.
 */
export function registerDiagnosticToolFixtures(server: McpServer, notify: ServerNotifier): void {
  server.registerTool(
    SAMPLING_REQUIRING_FIXTURE_TOOL,
    { description: 'Runs only for a client that declared sampling' },
    () => answer('The client declared sampling'),
  );

  server.registerTool(
    'test_streaming_elicitation',
    { description: 'Asks for a note in its result, never as a request of its own' },
    (ctx) => {
      const note = ctx.mcpReq.inputResponses?.note;
      if (note === undefined) {
        return inputRequired({ inputRequests: { note: askText('Anything to add?', 'note') } });
      }
      return answer('Thanks for the note');
    },
  );

  server.registerTool(
    'test_logging_tool',
    { description: 'Logs one message at info level' },
    async (ctx) => {
      await ctx.mcpReq.log('info', 'test_logging_tool ran');
      return answer('Logged one message');
    },
  );

  server.registerTool(
    'test_trigger_tool_change',
    { description: 'Announces that the tool list changed' },
    () => {
      notify.toolsChanged();
      return answer('Announced a changed tool list');
    },
  );

  server.registerTool(
    'test_trigger_prompt_change',
    { description: 'Announces that the prompt list changed' },
    () => {
      notify.promptsChanged();
      return answer('Announced a changed prompt list');
    },
  );
}
