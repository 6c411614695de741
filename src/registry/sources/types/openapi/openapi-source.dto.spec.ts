import { ApiValidationPipe } from '../../../../core/api/api-validation.pipe';
import { type FieldIssue, ValidationFailedError } from '../../../../core/errors';
import { OpenApiSourceDto } from './openapi-source.dto';

/** The request fields of an `openapi` source, checked by the API's own validation pipe. */
describe('OpenApiSourceDto', () => {
  const pipe = new ApiValidationPipe();
  const check = (body: Record<string, unknown>) =>
    pipe.transform({ type: 'openapi', ...body }, { type: 'body', metatype: OpenApiSourceDto });
  const issuesOf = async (body: Record<string, unknown>): Promise<FieldIssue[]> => {
    const error = await check(body).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(ValidationFailedError);
    return [...(error as ValidationFailedError).issues];
  };

  it('takes a document by URL, or as text', async () => {
    await expect(
      check({ document_url: 'https://petstore.example.com/openapi.json' }),
    ).resolves.toBeInstanceOf(OpenApiSourceDto);
    await expect(
      check({ document: 'openapi: 3.1.0', base_url: 'https://petstore.example.com' }),
    ).resolves.toBeInstanceOf(OpenApiSourceDto);
  });

  it('asks for one of document_url and document when neither is given', async () => {
    expect(await issuesOf({})).toEqual([
      {
        field: 'document_url',
        messages: expect.arrayContaining(['document_url or document must be given']),
      },
    ]);
  });

  it('refuses both at once', async () => {
    expect(
      await issuesOf({ document_url: 'https://petstore.example.com/openapi.json', document: '{}' }),
    ).toEqual([
      {
        field: 'document',
        messages: ['document must not be given with document_url: give one of them'],
      },
    ]);
  });

  it('refuses a URL at an address tools may not reach, or with credentials', async () => {
    const issues = await issuesOf({
      document_url: 'http://127.0.0.1:8080/openapi.json',
      base_url: 'https://user:pass@petstore.example.com',
    });
    expect(issues.map((issue) => issue.field)).toEqual(['document_url', 'base_url']);
    expect(issues[0].messages[0]).toContain('must not point at 127.0.0.1');
  });

  it('refuses headers that could not be sent as they are', async () => {
    const issues = await issuesOf({
      document: 'openapi: 3.1.0',
      secret_headers: { 'X-Api-Key': 'a\r\nX-Injected: yes' },
    });
    expect(issues.map((issue) => issue.field)).toEqual(['secret_headers']);
  });
});
