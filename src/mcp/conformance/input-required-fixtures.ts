import {
  type CallToolResult,
  type InputRequests,
  type McpServer,
  type RequestStateCodec,
  type ServerContext,
  acceptedContent,
  inputRequired,
  inputResponse,
} from '@modelcontextprotocol/server';
import { clientCapabilitiesOf } from '../tasks/task-requests';
import { text } from './content-blocks';
import { askForm, askText } from './input-requests';

/** What the fixtures keep in a `requestState`: the round they asked in, and what they learnt. */
export interface FixtureRoundState {
  round: number;
  name?: string;
}

const answer = (value: string): CallToolResult => ({ content: [text(value)] });

const askName = () => askText('What is your name?', 'name');

const askCapital = () =>
  inputRequired.createMessage({
    messages: [{ role: 'user', content: text('What is the capital of France?') }],
    maxTokens: 100,
  });

const askGreeting = () =>
  inputRequired.createMessage({
    messages: [{ role: 'user', content: text('Generate a greeting') }],
    maxTokens: 50,
  });

/** The name an accepted elicitation answered under `key`, if it answered one. */
function nameIn(ctx: ServerContext, key: string): string | undefined {
  const name = acceptedContent(ctx.mcpReq.inputResponses, key)?.name;
  return typeof name === 'string' ? name : undefined;
}

/** The text of a sampling answer under `key`, if there is one. */
function sampledTextIn(ctx: ServerContext, key: string): string | undefined {
  const view = inputResponse(ctx.mcpReq.inputResponses, key);
  if (view.kind !== 'sampling') return undefined;
  const said = Array.isArray(view.result.content) ? view.result.content : [view.result.content];
  return said.map((block) => (block.type === 'text' ? block.text : '')).join('');
}

/** The root URIs a `roots/list` answer under `key` named, if there is one. */
function rootsIn(ctx: ServerContext, key: string): string[] | undefined {
  const view = inputResponse(ctx.mcpReq.inputResponses, key);
  return view.kind === 'roots' ? view.roots.map((root) => root.uri) : undefined;
}

/**
 * The 2026-07-28 fixtures that ask their client through `input_required` results (multi-round
 * trip): a call without the answers it needs gets the input requests back, and the client calls
 * again with `inputResponses`. Answers that are missing, of the wrong kind or malformed are asked
 * for again; answers to questions not asked are ignored. State that must survive a round travels
 * as a `requestState` sealed by `states` (HMAC), so a tampered one is refused (-32602).
 */
export function registerInputRequiredFixtures(
  server: McpServer,
  states: RequestStateCodec<FixtureRoundState>,
): void {
  server.registerTool(
    'test_input_required_result_elicitation',
    { description: 'Asks for a name, then greets it' },
    (ctx) => {
      const name = nameIn(ctx, 'user_name');
      if (name === undefined) return inputRequired({ inputRequests: { user_name: askName() } });
      return answer(`Hello, ${name}!`);
    },
  );

  server.registerTool(
    'test_input_required_result_sampling',
    { description: "Asks the client's model for a capital, then repeats its answer" },
    (ctx) => {
      const said = sampledTextIn(ctx, 'capital_question');
      if (said === undefined)
        return inputRequired({ inputRequests: { capital_question: askCapital() } });
      return answer(`The model answered: ${said}`);
    },
  );

  server.registerTool(
    'test_input_required_result_list_roots',
    { description: "Asks for the client's roots, then names them" },
    (ctx) => {
      const roots = rootsIn(ctx, 'client_roots');
      if (roots === undefined) {
        return inputRequired({ inputRequests: { client_roots: inputRequired.listRoots() } });
      }
      return answer(`The client's roots: ${roots.join(', ') || 'none'}`);
    },
  );

  server.registerTool(
    'test_input_required_result_request_state',
    { description: 'Asks to confirm with a sealed requestState, and checks it comes back' },
    async (ctx) => {
      const state = ctx.mcpReq.requestState<FixtureRoundState>();
      const confirmed = acceptedContent(ctx.mcpReq.inputResponses, 'confirm')?.ok;
      if (state?.round === 1 && typeof confirmed === 'boolean') {
        return answer(`state-ok: the requestState came back intact, ok=${confirmed}`);
      }
      return inputRequired({
        inputRequests: {
          confirm: askForm('Please confirm', { ok: { type: 'boolean' } }, ['ok']),
        },
        requestState: await states.mint({ round: 1 }),
      });
    },
  );

  server.registerTool(
    'test_input_required_result_multiple_inputs',
    { description: "Asks for a name, a model's greeting and the client's roots at once" },
    async (ctx) => {
      const name = nameIn(ctx, 'user_name');
      const greeting = sampledTextIn(ctx, 'greeting');
      const roots = rootsIn(ctx, 'client_roots');
      const answeredAll = name !== undefined && greeting !== undefined && roots !== undefined;
      if (ctx.mcpReq.requestState() !== undefined && answeredAll) {
        return answer(`${greeting} ${name}; roots: ${roots.join(', ') || 'none'}`);
      }
      return inputRequired({
        inputRequests: {
          user_name: askName(),
          greeting: askGreeting(),
          client_roots: inputRequired.listRoots(),
        },
        requestState: await states.mint({ round: 1 }),
      });
    },
  );

  server.registerTool(
    'test_input_required_result_multi_round',
    { description: 'Asks for a name, then for a favourite colour, then answers with both' },
    async (ctx) => {
      const state = ctx.mcpReq.requestState<FixtureRoundState>();
      const name = state?.round === 1 ? nameIn(ctx, 'step1') : state?.name;
      if (state?.round === 2 && name !== undefined) {
        const color = acceptedContent(ctx.mcpReq.inputResponses, 'step2')?.color;
        if (typeof color === 'string') return answer(`${name}'s favourite colour is ${color}`);
      }
      if (name === undefined) {
        return inputRequired({
          inputRequests: { step1: askText('Step 1: What is your name?', 'name') },
          requestState: await states.mint({ round: 1 }),
        });
      }
      return inputRequired({
        inputRequests: { step2: askText('Step 2: What is your favorite color?', 'color') },
        requestState: await states.mint({ round: 2, name }),
      });
    },
  );

  server.registerTool(
    'test_input_required_result_tampered_state',
    { description: 'Asks for a name with a sealed requestState; a changed one is refused' },
    async (ctx) => {
      const name = nameIn(ctx, 'user_name');
      if (ctx.mcpReq.requestState() !== undefined && name !== undefined) {
        return answer(`Hello, ${name}: the requestState was intact`);
      }
      return inputRequired({
        inputRequests: { user_name: askName() },
        requestState: await states.mint({ round: 1 }),
      });
    },
  );

  server.registerTool(
    'test_input_required_result_capabilities',
    { description: 'Asks only through the capabilities the client declared' },
    (ctx) => {
      const declared = clientCapabilitiesOf(ctx.mcpReq.envelope) ?? {};
      const inputRequests: InputRequests = {
        ...(declared.elicitation && { user_name: askName() }),
        ...(declared.sampling && { capital_question: askCapital() }),
        ...(declared.roots && { client_roots: inputRequired.listRoots() }),
      };
      const asked = Object.keys(inputRequests);
      const answered = asked.every((key) => ctx.mcpReq.inputResponses?.[key] !== undefined);
      if (asked.length === 0 || answered) {
        return answer(`Asked through: ${asked.join(', ') || 'nothing the client declared'}`);
      }
      return inputRequired({ inputRequests });
    },
  );

  server.registerPrompt(
    'test_input_required_result_prompt',
    { description: 'Asks what context to use, then writes the prompt with it' },
    (ctx) => {
      const context = acceptedContent(ctx.mcpReq.inputResponses, 'user_context')?.context;
      if (typeof context !== 'string') {
        return inputRequired({
          inputRequests: {
            user_context: askText('What context should the prompt use?', 'context'),
          },
        });
      }
      return { messages: [{ role: 'user', content: text(`Answer in this context: ${context}`) }] };
    },
  );
}
