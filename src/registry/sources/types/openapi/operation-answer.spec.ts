import { normaliseToolResult } from '../../../../artifacts/processing/normalise-tool-result';
import { ToolContentResult } from '../../../../tools/tool-content-result';
import { ToolExecutionFailedError } from '../../../../tools/tool.errors';
import { operationAnswerOf } from './operation-answer';

/** How answers become results, read as the artifacts pipeline reads any tool's result. */
describe('operationAnswerOf', () => {
  const URL_CALLED = 'https://petstore.example.com/pets/7/record';
  const answerOf = (body: string | Buffer, status: number, type?: string) =>
    operationAnswerOf(
      new Response(body, { status, headers: type ? { 'content-type': type } : {} }),
      URL_CALLED,
      new AbortController().signal,
    );

  it('gives JSON as its value and text as its text', async () => {
    expect(await answerOf('{"id":7}', 200, 'application/problem+json; charset=utf-8')).toEqual({
      id: 7,
    });
    expect(await answerOf('<pet id="7"/>', 200, 'application/xml')).toBe('<pet id="7"/>');
    expect(await answerOf('plain', 200)).toBe('plain');
  });

  it('gives a PDF as an embedded resource named by the URL called, which the pipeline reads as binary', async () => {
    const pdf = Buffer.from('%PDF-1.7 record of pet 7');
    const result = await answerOf(pdf, 200, 'application/pdf');
    expect(result).toBeInstanceOf(ToolContentResult);
    const normalised = normaliseToolResult(result);
    expect(normalised.ok).toBe(true);
    const [item] = normalised.ok ? normalised.result.items : [];
    expect(item).toMatchObject({ type: 'resource', uri: URL_CALLED, mimeType: 'application/pdf' });
    expect(item.type === 'resource' && item.blob).toEqual(pdf);
  });

  it('gives an image as an image item and a sound as an audio item', async () => {
    const bytes = Buffer.from([1, 2, 3]);
    for (const [type, family] of [
      ['image/webp', 'image'],
      ['audio/ogg', 'audio'],
    ]) {
      const normalised = normaliseToolResult(await answerOf(bytes, 200, type));
      expect(normalised.ok && normalised.result.items[0]).toMatchObject({
        type: family,
        bytes,
        mimeType: type,
      });
    }
  });

  it('gives an empty binary answer as no content', async () => {
    expect(await answerOf(Buffer.alloc(0), 200, 'application/octet-stream')).toBe('');
  });

  it('fails a non-2xx answer whatever its media type, with its status and body', async () => {
    const error = await answerOf('{"message":"no pet 7"}', 404, 'application/json').catch(
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(ToolExecutionFailedError);
    expect((error as ToolExecutionFailedError).details).toEqual({
      status: 404,
      body: { message: 'no pet 7' },
    });
    const binary = await answerOf(Buffer.from([0xff]), 500, 'application/octet-stream').catch(
      (thrown: unknown) => thrown,
    );
    expect((binary as ToolExecutionFailedError).details).toMatchObject({ status: 500 });
  });
});
