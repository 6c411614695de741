import { type ExecutionContext, createParamDecorator } from '@nestjs/common';
import { type ServerResponse } from 'node:http';
import { type CallerSignal } from '../caller-signal';
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
  if (hungUp(response)) {
    controller.abort();
  } else {
    (response as WatchedResponse)[HANG_UP] = controller;
    response.on('close', abortOnHangUp);
  }
  return controller.signal;
}

const HANG_UP = Symbol('toolhub:hangUp');

/** Closed before it was finished: nobody is left to read the answer. */
function hungUp(response: ServerResponse): boolean {
  return response.destroyed && !response.writableFinished;
}

/**
 * The client's hang-up as a `CallerSignal`: whether it happened is read off the response, and
 * its `AbortSignal` (among the costliest objects a small request allocates) is made only when
 * something listens, i.e. when the work did not answer at once.
 */
export function hangUpOf(response: ServerResponse): CallerSignal {
  return new HangUp(response);
}

class HangUp implements CallerSignal {
  constructor(private readonly response: ServerResponse) {}

  get aborted(): boolean {
    return hungUp(this.response);
  }

  get reason(): unknown {
    return abortedOnHangUp(this.response).reason as unknown;
  }

  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void {
    abortedOnHangUp(this.response).addEventListener(type, listener, options);
  }

  removeEventListener(type: 'abort', listener: () => void): void {
    (this.response as WatchedResponse)[HANG_UP]?.signal.removeEventListener(type, listener);
  }
}

type WatchedResponse = ServerResponse & { [HANG_UP]?: AbortController };

// One listener shared by every response (a close comes once): a closure and a `once` wrapper
// per request were a measurable share of a small call's cost.
function abortOnHangUp(this: WatchedResponse): void {
  if (!this.writableFinished) this[HANG_UP]?.abort();
}

/**
 * A `CallerSignal` for the handler's work, aborted when the client goes away before the answer,
 * under either adapter.
 */
export const RequestAbortSignal = createParamDecorator(
  (_data: unknown, context: ExecutionContext): CallerSignal =>
    hangUpOf(nodeResponseOf(context.switchToHttp().getResponse())),
);
