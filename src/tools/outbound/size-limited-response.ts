import type { Response } from 'undici';
import { ToolResponseTooLargeError } from './outbound.errors';

/**
 * `response` with a body that fails with TOOL_RESPONSE_TOO_LARGE, and stops reading from the
 * connection, once more than `maxBytes` arrived (at once when `Content-Length` announces more).
 * Whoever reads it, however (`text()`, `json()`, a stream), holds at most `maxBytes` of it.
 * `onExceeded` learns of it too, for readers that swallow stream errors (the MCP SDK's SSE).
 */
export function sizeLimited(
  response: Response,
  maxBytes: number,
  onExceeded?: (error: ToolResponseTooLargeError) => void,
): Response {
  const { body } = response;
  if (!body) return response;
  const reader = body.getReader() as ReadableStreamDefaultReader<Uint8Array>;
  let received = 0;
  const exceed = (controller: ReadableStreamDefaultController<Uint8Array>) => {
    const error = new ToolResponseTooLargeError(maxBytes);
    controller.error(error);
    onExceeded?.(error);
    reader.cancel(error).catch(() => undefined);
  };
  const limited = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        if (Number(response.headers.get('content-length')) > maxBytes) exceed(controller);
      },
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        received += value.byteLength;
        if (received > maxBytes) return exceed(controller);
        controller.enqueue(value);
      },
      cancel: (reason) => reader.cancel(reason),
    },
    // Nothing is read ahead of the reader: the only buffers are the connection's own.
    { highWaterMark: 0 },
  );
  const { status, statusText, headers } = response;
  // Of the same class as the one given, undici's (its fetch's), without loading undici here.
  const Kind = response.constructor as typeof Response;
  const wrapped = new Kind(limited, { status, statusText, headers });
  // A constructed response has no URL; the MCP SDK resolves a redirect's `Location` against it.
  return Object.defineProperty(wrapped, 'url', { value: response.url });
}
