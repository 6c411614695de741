import { setTimeout as delay } from 'node:timers/promises';
import {
  type CallToolResult,
  type InputRequiredResult,
  type McpServer,
  acceptedContent,
  inputRequired,
} from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import {
  TASK_ID_PARAMS,
  declaresTasks,
  inputResponsesOf,
  requireTasks,
} from '../tasks/task-requests';
import { type FixtureTaskControl, FixtureTasks } from './fixture-tasks';
import { askForm, askText } from './input-requests';

/**
 * The fixture tools a client must declare the tasks extension to call: their calls are tasks and
 * nothing else (the others answer directly without the extension).
 */
export const TASK_REQUIRING_FIXTURE_TOOLS: ReadonlySet<string> = new Set([
  'failing_job',
  'protocol_error_job',
  'confirm_delete',
  'multi_input',
  'test_tool_with_task',
]);

// One store for every request: the conformance server is one instance (see FixtureTasks).
const fixtureTasks = new FixtureTasks();

/** The longest a `slow_compute` call may take, so that no call holds its request for long. */
const MAX_COMPUTE_SECONDS = 120;

const text = (value: string): CallToolResult => ({ content: [{ type: 'text', text: value }] });

/** A task's answer, typed as the call's result the SDK lets a tool handler return. */
const asCallResult = (task: ReturnType<FixtureTasks['start']>) => task as unknown as CallToolResult;

/**
 * The task fixtures the conformance suite's tasks scenarios call by name: `greet` answers at
 * once; `slow_compute` is a task for a client that declares the tasks extension and a plain call
 * otherwise; the others are tasks only. Their tasks are followed and steered through `tasks/get`,
 * `tasks/update` and `tasks/cancel`, which only clients that declare the extension may send.
 */
export function registerTaskFixtures(server: McpServer): void {
  server.registerTool(
    'greet',
    {
      description: 'Answers at once, never as a task',
      inputSchema: z.object({ name: z.string() }),
    },
    ({ name }): CallToolResult => text(`Hello, ${name}!`),
  );

  server.registerTool(
    'slow_compute',
    {
      description: 'Waits `seconds`, then answers; a task when the client takes tasks',
      inputSchema: z.object({
        seconds: z.number().min(0).max(MAX_COMPUTE_SECONDS),
        label: z.string().optional(),
      }),
    },
    ({ seconds, label }, ctx) => {
      const compute = async (signal: AbortSignal) => {
        await delay(seconds * 1000, undefined, { signal });
        return text(`Computed ${label ?? 'a result'} in ${seconds}s`);
      };
      return declaresTasks(ctx)
        ? asCallResult(fixtureTasks.start(({ signal }) => compute(signal)))
        : compute(ctx.mcpReq.signal);
    },
  );

  server.registerTool(
    'failing_job',
    { description: 'A task whose tool reports an error', inputSchema: z.object({}) },
    () =>
      asCallResult(
        fixtureTasks.start(() =>
          Promise.resolve({ ...text('The job failed, as it always does'), isError: true }),
        ),
      ),
  );

  server.registerTool(
    'protocol_error_job',
    { description: 'A task that fails with a protocol error', inputSchema: z.object({}) },
    () =>
      asCallResult(
        fixtureTasks.start(() => Promise.reject(new Error('The job broke, as it always does'))),
      ),
  );

  server.registerTool(
    'confirm_delete',
    {
      description: 'A task that asks to confirm, then deletes or keeps the file',
      inputSchema: z.object({ filename: z.string() }),
    },
    ({ filename }) =>
      asCallResult(
        fixtureTasks.start(async (task: FixtureTaskControl) => {
          const question = `Delete ${filename}?`;
          const answers = await task.ask({
            confirm: askForm(question, { confirm: { type: 'boolean' } }, ['confirm']),
          });
          const confirmed = acceptedContent(answers, 'confirm')?.confirm === true;
          return text(confirmed ? `Deleted ${filename}` : `Kept ${filename}`);
        }),
      ),
  );

  server.registerTool(
    'multi_input',
    { description: 'A task that asks two questions at once', inputSchema: z.object({}) },
    () =>
      asCallResult(
        fixtureTasks.start(async (task: FixtureTaskControl) => {
          const answers = await task.ask({
            first: askText('First name?', 'name'),
            second: askText('Second name?', 'name'),
          });
          const nameOf = (key: string) =>
            acceptedContent<{ name?: string }>(answers, key)?.name ?? '';
          return text(`Got ${nameOf('first')} and ${nameOf('second')}`);
        }),
      ),
  );

  // Asks for a name in-band first (the request carries no state: the answer is all it needs),
  // then answers the call with a task that greets that name.
  server.registerTool(
    'test_tool_with_task',
    { description: 'Asks for a name, then greets it as a task', inputSchema: z.object({}) },
    (_args, ctx): CallToolResult | InputRequiredResult => {
      const userName = acceptedContent(ctx.mcpReq.inputResponses, 'user_name')?.name;
      if (typeof userName !== 'string') {
        return inputRequired({
          inputRequests: {
            user_name: askText('What is your name?', 'name'),
          },
        });
      }
      return asCallResult(fixtureTasks.start(() => Promise.resolve(text(`Hello, ${userName}!`))));
    },
  );

  server.server.setRequestHandler('tasks/get', { params: TASK_ID_PARAMS }, (params, ctx) => {
    requireTasks(ctx);
    return fixtureTasks.get(params.taskId);
  });
  server.server.setRequestHandler('tasks/update', { params: TASK_ID_PARAMS }, (params, ctx) => {
    requireTasks(ctx);
    return fixtureTasks.update(params.taskId, inputResponsesOf(ctx));
  });
  server.server.setRequestHandler('tasks/cancel', { params: TASK_ID_PARAMS }, (params, ctx) => {
    requireTasks(ctx);
    return fixtureTasks.cancel(params.taskId);
  });
}
