import { type ExecutionContext, createParamDecorator } from '@nestjs/common';
import { type ServerResponse } from 'node:http';
import { nodeResponseOf } from './node-http';

/**
 * A signal aborted when the response closes before it was finished: the client hung up, so
 * nobody is left to read the answer. A response that finishes closes too (at once, or when a
 * kept-alive connection ends), but by then the work is done and the signal stays untouched.
 */
export function abortedOnHangUp(response: ServerResponse): AbortSignal {
  const controller = new AbortController();
  // The client may have gone while the body was read, before the handler was reached.
  if (response.destroyed && !response.writableFinished) {
    controller.abort();
  } else {
    response.once('close', () => {
      if (!response.writableFinished) controller.abort();
    });
  }
  return controller.signal;
}

/**
 * An `AbortSignal` for the handler's work, aborted when the client goes away before the answer,
 * under either adapter.
 */
export const RequestAbortSignal = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AbortSignal =>
    abortedOnHangUp(nodeResponseOf(context.switchToHttp().getResponse())),
);
