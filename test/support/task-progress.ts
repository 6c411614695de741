import { type Client } from '@modelcontextprotocol/sdk/client/index.js';
import { type Progress } from '@modelcontextprotocol/client';
import { CallToolResultSchema, CreateTaskResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { eventually } from './eventually';

/** A progress notification's params as the client hands them on: `_meta` ties it to its task. */
export type HeardProgress = Progress & { _meta?: Record<string, unknown> };

/** What a progress callback heard, in the order heard. */
export function progressLog() {
  const heard: HeardProgress[] = [];
  return { heard, onprogress: (progress: HeardProgress) => heard.push(progress) };
}

export const messagesOf = (heard: readonly Progress[]) => heard.map(({ message }) => message);

/**
 * The progress messages of an agent's run that calls `toolName` once, waits for that call's
 * approval, is approved and answers: what a plain call of its agent tool hears.
 */
export const approvedCallProgress = (toolName: string) => [
  'model turn 1',
  `calling ${toolName}`,
  `waiting for approval of ${toolName}`,
  'approved',
  'model turn 2',
];

/**
 * Calls `name` as a 2025-11-25 task with a progress token through the SDK v1 `client`, and waits
 * for its result with `tasks/result`; `whileWaiting` runs once the client has heard `first`
 * (the server has sent it), and the result is awaited after it.
 */
export async function taskWithProgress(
  client: Client,
  call: { name: string; arguments: Record<string, unknown> },
  first: string,
  whileWaiting: () => Promise<void>,
) {
  const { heard, onprogress } = progressLog();
  const { task } = await client.request(
    { method: 'tools/call', params: { ...call, task: {} } },
    CreateTaskResultSchema,
    { onprogress },
  );
  const result = client.request(
    { method: 'tasks/result', params: { taskId: task.taskId } },
    CallToolResultSchema,
  );
  await eventually(`the progress "${first}"`, () =>
    Promise.resolve(messagesOf(heard).includes(first) || undefined),
  );
  await whileWaiting();
  return { taskId: task.taskId, heard, result: await result };
}
