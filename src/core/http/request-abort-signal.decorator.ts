import { type ExecutionContext, createParamDecorator } from '@nestjs/common';
import { type ServerResponse } from 'node:http';
import { nodeResponseOf } from './node-http';

/**
 * A signal aborted when the response closes before it was finished: the client hung up, so
 * nobody is left to read the answer. A response that finishes closes too (at once, or when a
 * kept-alive connection ends), but by then the work is done and the signal stays untouched.
 */
export function abortedOnHangUp(response: ServerResponse): AbortSignal {
  const watched = (response as WatchedResponse)[HANG_UP];
  if (watched) return watched.signal;
  const controller = new AbortController();
  // The client may have gone while the body was read, before the handler was reached.
  if (response.destroyed && !response.writableFinished) {
    controller.abort();
  } else {
    (response as WatchedResponse)[HANG_UP] = controller;
    response.on('close', abortOnHangUp);
  }
  return controller.signal;
}

const HANG_UP = Symbol('toolhub:hangUp');

type WatchedResponse = ServerResponse & { [HANG_UP]?: AbortController };

// One listener shared by every response (a close comes once): a closure and a `once` wrapper
// per request were a measurable share of a small call's cost.
function abortOnHangUp(this: WatchedResponse): void {
  if (!this.writableFinished) this[HANG_UP]?.abort();
}

/**
 * An `AbortSignal` for the handler's work, aborted when the client goes away before the answer,
 * under either adapter.
 */
export const RequestAbortSignal = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AbortSignal =>
    abortedOnHangUp(nodeResponseOf(context.switchToHttp().getResponse())),
);
