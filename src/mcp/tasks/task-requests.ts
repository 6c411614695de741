import {
  type ClientCapabilities,
  MissingRequiredClientCapabilityError,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { z } from 'zod';

/** The extension's name, in capabilities and errors. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** The params of `tasks/get` and `tasks/cancel`. */
export const TASK_ID_PARAMS = z.looseObject({ taskId: z.string() });

/** The params of `tasks/list`. */
export const LIST_PARAMS = z.looseObject({ cursor: z.string().optional() });

/**
 * The answers a `tasks/update` carries, by the keys of the task's input requests. The SDK lifts
 * `inputResponses` out of the params; an answer it dropped as malformed stays, as nothing, so
 * that it is refused rather than ignored.
 */
export function inputResponsesOf(ctx: ServerContext): Record<string, unknown> {
  const dropped = (ctx.mcpReq.droppedInputResponseKeys ?? []).map((key) => [key, undefined]);
  const responses: Record<string, unknown> = {
    ...ctx.mcpReq.inputResponses,
    ...(Object.fromEntries(dropped) as Record<string, unknown>),
  };
  return responses;
}

/** Whether the request speaks 2026-07-28 (its version and capabilities travel in `_meta`). */
export function isModernRequest(ctx: ServerContext): boolean {
  return ctx.mcpReq.envelope !== undefined;
}

/** Whether the request's client declared the tasks extension (only 2026-07-28 requests can). */
export function declaresTasks(ctx: ServerContext): boolean {
  return envelopeDeclaresTasks(ctx.mcpReq.envelope);
}

/** Whether a request's `_meta` envelope declares the tasks extension among its capabilities. */
export function envelopeDeclaresTasks(envelope: unknown): boolean {
  return clientCapabilitiesOf(envelope)?.extensions?.[TASKS_EXTENSION] !== undefined;
}

/** Whether a 2026-07-28 request's client takes elicitations (in `input_required` results). */
export function declaresElicitation(ctx: ServerContext): boolean {
  return clientCapabilitiesOf(ctx.mcpReq.envelope)?.elicitation !== undefined;
}

/** The client capabilities a 2026-07-28 request's `_meta` envelope carries. */
export function clientCapabilitiesOf(envelope: unknown): ClientCapabilities | undefined {
  // The SDK types the envelope without its keys.
  return (envelope as Record<string, unknown> | undefined)?.[
    'io.modelcontextprotocol/clientCapabilities'
  ] as ClientCapabilities | undefined;
}

/** Refuses a `tasks/*` request of a client that did not declare the extension (-32021). */
export function requireTasks(ctx: ServerContext): void {
  if (!declaresTasks(ctx)) throw missingTasksCapability();
}

/** The -32021 error for a client that must declare the tasks extension and did not. */
export function missingTasksCapability(): MissingRequiredClientCapabilityError {
  return new MissingRequiredClientCapabilityError({
    requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } },
  });
}
