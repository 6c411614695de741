import { Response } from 'undici';
import { ToolResponseTooLargeError } from './outbound.errors';
import { sizeLimited } from './size-limited-response';

/** A body of `chunks`, recording how many were pulled and why it was cancelled. */
function source(chunks: string[], headers: Record<string, string> = {}) {
  const seen = { pulled: 0, cancelled: undefined as unknown };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const chunk = chunks[seen.pulled++];
        if (chunk === undefined) controller.close();
        else controller.enqueue(new TextEncoder().encode(chunk));
      },
      cancel(reason) {
        seen.cancelled = reason;
      },
    },
    // Pulled only when read, so `pulled` counts the reads.
    { highWaterMark: 0 },
  );
  return { response: new Response(body, { status: 201, statusText: 'Made', headers }), seen };
}

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('sizeLimited', () => {
  it('passes an answer of exactly the limit through, status and headers kept', async () => {
    const { response } = source(['abc', 'def'], { 'x-kind': 'test' });
    const limited = sizeLimited(response, 6);
    expect(limited.status).toBe(201);
    expect(limited.statusText).toBe('Made');
    expect(limited.headers.get('x-kind')).toBe('test');
    expect(await limited.text()).toBe('abcdef');
  });

  it('fails on the chunk that passes the limit, stops reading and cancels the source', async () => {
    const { response, seen } = source(['abc', 'def', 'ghi', 'jkl']);
    const onExceeded = jest.fn();
    const error = await failureOf(sizeLimited(response, 5, onExceeded).text());
    expect(error).toBeInstanceOf(ToolResponseTooLargeError);
    expect(error).toMatchObject({ code: 'TOOL_RESPONSE_TOO_LARGE', status: 502 });
    expect((error as Error).message).toContain('5 bytes');
    expect((error as Error).message).toContain('TOOL_MAX_RESPONSE_BYTES');
    expect(onExceeded).toHaveBeenCalledWith(error);
    expect(seen.pulled).toBe(2);
    expect(seen.cancelled).toBe(error);
  });

  it('fails at once, reading nothing, when Content-Length announces more than the limit', async () => {
    const { response, seen } = source(['abcdef'], { 'content-length': '6' });
    const error = await failureOf(sizeLimited(response, 5).json());
    expect(error).toBeInstanceOf(ToolResponseTooLargeError);
    expect(seen.pulled).toBe(0);
  });

  it('errors a stream reader too, the way the MCP SDK reads SSE', async () => {
    const { response } = source(['data: 1\n\n', 'data: 2\n\n']);
    const reader = sizeLimited(response, 12).body!.getReader();
    expect((await reader.read()).done).toBe(false);
    expect(await failureOf(reader.read())).toBeInstanceOf(ToolResponseTooLargeError);
  });

  it('keeps the URL of the answer, which a redirect is resolved against', () => {
    const { response } = source([]);
    Object.defineProperty(response, 'url', { value: 'http://tools.example/a' });
    expect(sizeLimited(response, 5).url).toBe('http://tools.example/a');
  });

  it('leaves an answer without a body as it is', () => {
    const response = new Response(null, { status: 204 });
    expect(sizeLimited(response, 5)).toBe(response);
  });
});
