import { randomBytes, randomUUID } from 'node:crypto';
import { ConfigModule } from '@nestjs/config';
import { DiscoveryModule, DiscoveryService } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { eventually } from '../../../../../test/support/eventually';
import { SecretBox } from '../../../../secrets/secret-box';
import { OutboundFetch } from '../../../../tools/outbound/outbound-fetch';
import { OutboundPolicy } from '../../../../tools/outbound/outbound-policy';
import { OUTBOUND_PROVIDERS } from '../../../../tools/outbound/outbound.providers';
import { ToolContentResult } from '../../../../tools/tool-content-result';
import { InvalidToolInputError, ToolExecutionFailedError } from '../../../../tools/tool.errors';
import { type ToolContext } from '../../../../tools/tool.contract';
import { ToolSourceTypeProvider } from '../../tool-source-type-provider.decorator';
import { type SourceSettings, type StoredToolSource } from '../../tool-source-type.contract';
import { type OpenApiSourceDto } from './openapi-source.dto';
import { InvalidSourceDocumentError } from './openapi-source.errors';
import { OpenApiSourceType } from './openapi-source.type';
import {
  INVENTORY_DOCUMENT_YAML,
  PETS_API_KEY,
  PETS_DOCUMENT_JSON,
  PETS_DOCUMENT_YAML,
  PHOTO_BYTES,
  PetsApi,
} from './testing/pets-api';

/** Real requests to a real local API, through the real outbound guard and secret box. */
describe('OpenApiSourceType', () => {
  let api: PetsApi;
  const outbounds: OutboundFetch[] = [];
  // One key, as the instances of one deployment share theirs.
  const secrets = new SecretBox({ current: randomBytes(32) }, 'SECRET_KEY');
  const typeAllowing = (allowList = '127.0.0.1', maxResponseBytes = 1024 * 1024) => {
    const policy = OutboundPolicy.allowing(allowList);
    const outbound = new OutboundFetch(policy, maxResponseBytes);
    outbounds.push(outbound);
    return new OpenApiSourceType(outbound, policy, secrets);
  };
  let type: OpenApiSourceType;

  beforeAll(async () => {
    api = await new PetsApi().start();
    type = typeAllowing();
  });

  afterAll(async () => {
    await Promise.all(outbounds.map((outbound) => outbound.onApplicationShutdown()));
    await api.stop();
  });

  const request = (fields: Partial<OpenApiSourceDto>): OpenApiSourceDto => ({
    type: 'openapi',
    secret_headers: { 'X-Api-Key': PETS_API_KEY },
    ...fields,
  });
  const sourceOf = (settings: SourceSettings): StoredToolSource => ({
    id: randomUUID(),
    name: 'pets',
    settings,
  });
  const listed = async (source: StoredToolSource, limit = 1000, on = type) =>
    (await on.list(source, { signal: new AbortController().signal, limit })).tools;
  const contextOf = (signal = new AbortController().signal): ToolContext => ({
    signal,
    origin: { user: 'tester' },
    pauseTimeLimit: () => () => undefined,
  });
  const failureOf = (work: Promise<unknown>) =>
    work.then(
      () => {
        throw new Error('expected a failure');
      },
      (error: unknown) => error,
    );

  it('is found by its decorator, built by Nest from the outbound providers and the secret box', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [
        DiscoveryModule,
        ConfigModule.forRoot({
          ignoreEnvFile: true,
          skipProcessEnv: true,
          load: [() => ({ TOOL_URL_ALLOW: '127.0.0.1' })],
        }),
      ],
      providers: [
        ...OUTBOUND_PROVIDERS,
        { provide: SecretBox, useValue: secrets },
        OpenApiSourceType,
      ],
    }).compile();
    try {
      const found = moduleRef
        .get(DiscoveryService)
        .getProviders({ metadataKey: ToolSourceTypeProvider.KEY })
        .map((wrapper) => wrapper.instance as unknown);
      const built = moduleRef.get(OpenApiSourceType);
      expect(found).toEqual([built]);
      const source = sourceOf(
        await built.store(request({ document_url: `${api.url}/openapi.json` })),
      );
      expect(await built.call(source, 'getPet', { petId: 4 }, contextOf())).toMatchObject({
        id: 4,
      });
    } finally {
      await moduleRef.close();
    }
  });

  describe('a document by URL, in JSON', () => {
    let source: StoredToolSource;

    beforeAll(async () => {
      source = sourceOf(
        await type.store(
          request({ document_url: `${api.url}/openapi.json`, headers: { 'X-Client': 'toolhub' } }),
        ),
      );
    });

    it('stores the secret header sealed, and shows only its name', () => {
      expect(JSON.stringify(source.settings)).not.toContain(PETS_API_KEY);
      expect(type.view(source.settings)).toEqual({
        document_url: `${api.url}/openapi.json`,
        headers: { 'X-Client': 'toolhub' },
        secret_header_names: ['X-Api-Key'],
      });
    });

    it('lists each operation as a tool, named by its operationId or by its method and path', async () => {
      const tools = await listed(source);
      expect(tools.map((tool) => tool.name)).toEqual([
        'getPet',
        'deletePet',
        'post_pets',
        'getPetPhoto',
        'checkOutage',
      ]);
    });

    it('merges path, query and header parameters and the body into one input, $refs resolved', async () => {
      const tools = await listed(source);
      const getPet = tools.find((tool) => tool.name === 'getPet')!;
      expect(getPet.description).toBe('Get a pet\n\nOne pet, with the fields asked for.');
      expect(getPet.inputSchema).toEqual({
        type: 'object',
        properties: {
          petId: { type: 'integer' },
          fields: {
            type: 'array',
            items: { type: 'string' },
            description: 'The fields to answer with',
          },
          'X-Request-Id': { type: 'string' },
        },
        required: ['petId'],
        additionalProperties: false,
      });
      const addPet = tools.find((tool) => tool.name === 'post_pets')!;
      expect(addPet.inputSchema).toEqual({
        type: 'object',
        properties: {
          body: {
            type: 'object',
            required: ['name'],
            properties: { name: { type: 'string' }, tag: { type: 'string', enum: ['cat', 'dog'] } },
          },
        },
        required: ['body'],
        additionalProperties: false,
      });
      expect(JSON.stringify(tools)).not.toContain('$ref');
    });

    it('marks GET operations read-only and DELETE ones destructive, titled by their summary', async () => {
      const tools = await listed(source);
      const annotationsOf = (name: string) => tools.find((tool) => tool.name === name)!.annotations;
      expect(annotationsOf('getPet')).toMatchObject({ title: 'Get a pet', readOnlyHint: true });
      expect(annotationsOf('getPet')?.destructiveHint).toBeUndefined();
      expect(annotationsOf('deletePet')).toMatchObject({
        title: 'Delete a pet',
        readOnlyHint: false,
        destructiveHint: true,
      });
      expect(annotationsOf('post_pets')).toMatchObject({ readOnlyHint: false });
    });

    it('calls an operation with its path, query and header arguments and the secret header', async () => {
      const result = await type.call(
        source,
        'getPet',
        { petId: 7, fields: ['name', 'tag'], 'X-Request-Id': 'req-1' },
        contextOf(),
      );
      expect(result).toEqual({ id: 7, fields: ['name', 'tag'], request_id: 'req-1' });
      const received = api.received.at(-1)!;
      expect(received.path).toBe('/api/pets/7');
      expect(received.headers['x-api-key']).toBe(PETS_API_KEY);
      expect(received.headers['x-client']).toBe('toolhub');
    });

    it('sends the body as JSON', async () => {
      const result = await type.call(
        source,
        'post_pets',
        { body: { name: 'Rex', tag: 'dog' } },
        contextOf(),
      );
      expect(result).toEqual({ created: { name: 'Rex', tag: 'dog' } });
      expect(api.received.at(-1)!.headers['content-type']).toBe('application/json');
    });

    it('fails a non-2xx answer with its status and an excerpt of its body', async () => {
      const error = await failureOf(type.call(source, 'checkOutage', {}, contextOf()));
      expect(error).toBeInstanceOf(ToolExecutionFailedError);
      expect((error as ToolExecutionFailedError).message).toContain('answered HTTP 503');
      const { status, body } = (error as ToolExecutionFailedError).details as {
        status: number;
        body: string;
      };
      expect(status).toBe(503);
      expect(body.startsWith('down down')).toBe(true);
      expect(body).toMatch(/… \(\d+ more characters\)$/);
      expect(body.length).toBeLessThan('down '.repeat(400).length);
      expect(JSON.stringify({ error, message: (error as Error).message })).not.toContain(
        PETS_API_KEY,
      );
    });

    it('gives a binary answer as MCP content, which agent runs save as an artifact', async () => {
      const result = await type.call(source, 'getPetPhoto', { petId: 7 }, contextOf());
      expect(result).toBeInstanceOf(ToolContentResult);
      const [item] = (result as ToolContentResult).raw.content as {
        data: string;
        mimeType: string;
        type: string;
      }[];
      expect(item).toMatchObject({ type: 'image', mimeType: 'image/png' });
      expect(Buffer.from(item.data, 'base64')).toEqual(PHOTO_BYTES);
    });

    it('fails a call the API refuses for want of its credentials, with the status', async () => {
      const keyless = sourceOf(
        await type.store({ type: 'openapi', document_url: `${api.url}/openapi.json` }),
      );
      const error = await failureOf(type.call(keyless, 'getPet', { petId: 1 }, contextOf()));
      expect(((error as ToolExecutionFailedError).details as { status: number }).status).toBe(401);
    });

    it('reads an operation the caller gave no argument for without the argument', async () => {
      await type.call(source, 'getPet', { petId: 3 }, contextOf());
      const received = api.received.at(-1)!;
      expect(received.query).toEqual({});
      expect(received.headers['x-request-id']).toBeUndefined();
    });

    it('refuses a header argument a header cannot carry, as an input issue', async () => {
      const error = await failureOf(
        type.call(
          source,
          'getPet',
          { petId: 3, 'X-Request-Id': 'a\r\nX-Api-Key: stolen' },
          contextOf(),
        ),
      );
      expect(error).toBeInstanceOf(InvalidToolInputError);
    });
  });

  it('reads the same tools from the document in YAML, given as text', async () => {
    const fromJson = await listed(
      sourceOf(
        await type.store(request({ document: PETS_DOCUMENT_JSON, base_url: `${api.url}/api` })),
      ),
    );
    const fromYaml = sourceOf(
      await type.store(request({ document: PETS_DOCUMENT_YAML, base_url: `${api.url}/api` })),
    );
    expect(await listed(fromYaml)).toEqual(fromJson);
    expect(type.view(fromYaml.settings)).toEqual({
      document_sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      base_url: `${api.url}/api`,
      headers: {},
      secret_header_names: ['X-Api-Key'],
    });
    expect(await type.call(fromYaml, 'getPet', { petId: 5 }, contextOf())).toMatchObject({ id: 5 });
  });

  it('reads the document again at each listing, so the tools follow it', async () => {
    api.documents.set('/changing.json', { type: 'application/json', body: PETS_DOCUMENT_JSON });
    const source = sourceOf(
      await type.store(request({ document_url: `${api.url}/changing.json` })),
    );
    expect(await listed(source)).toHaveLength(5);
    const document = JSON.parse(PETS_DOCUMENT_JSON) as { paths: Record<string, unknown> };
    delete document.paths['/outage'];
    api.documents.set('/changing.json', {
      type: 'application/json',
      body: JSON.stringify(document),
    });
    expect((await listed(source)).map((tool) => tool.name)).not.toContain('checkOutage');
    const error = await failureOf(type.call(source, 'checkOutage', {}, contextOf()));
    expect((error as Error).message).toContain("no longer has operation 'checkOutage'");
  });

  it('reads the operations at the first call on an instance that has not listed them', async () => {
    const settings = await type.store(request({ document_url: `${api.url}/openapi.yaml` }));
    const elsewhere = typeAllowing();
    const source = sourceOf(settings);
    const [first, second] = await Promise.all([
      elsewhere.call(source, 'getPet', { petId: 1 }, contextOf()),
      elsewhere.call(source, 'getPet', { petId: 2 }, contextOf()),
    ]);
    expect([first, second]).toMatchObject([{ id: 1 }, { id: 2 }]);
  });

  it('aborts a call when its signal is aborted', async () => {
    api.hanging.add('/api/outage');
    try {
      const source = sourceOf(
        await type.store(request({ document_url: `${api.url}/openapi.json` })),
      );
      const controller = new AbortController();
      const before = api.received.length;
      const call = failureOf(type.call(source, 'checkOutage', {}, contextOf(controller.signal)));
      const reason = new Error('caller left');
      // Aborted once the API holds the request, so it is the request under way that ends.
      await eventually('the call to reach the API', () =>
        Promise.resolve(
          api.received.slice(before).some((received) => received.path === '/api/outage') ||
            undefined,
        ),
      );
      controller.abort(reason);
      expect(await call).toBe(reason);
    } finally {
      api.hanging.delete('/api/outage');
    }
  });

  describe('an OpenAPI 3.0 document', () => {
    it('reads its schemas as JSON Schema and names a parameter two places share by its place', async () => {
      const source = sourceOf(
        await type.store(
          request({ document: INVENTORY_DOCUMENT_YAML, base_url: `${api.url}/api` }),
        ),
      );
      const [putItem] = await listed(source);
      expect(putItem.annotations).toMatchObject({ readOnlyHint: false, idempotentHint: true });
      expect(putItem.inputSchema).toEqual({
        type: 'object',
        properties: {
          path_id: { type: 'string' },
          header_id: { type: 'string', description: "The id of the client's copy" },
          body: {
            type: 'object',
            properties: {
              note: { type: ['string', 'null'] },
              count: { type: 'integer', exclusiveMinimum: 0 },
            },
          },
        },
        required: ['path_id'],
        additionalProperties: false,
      });
      const answer = await type.call(
        source,
        'putItem',
        { path_id: 'a/b c', header_id: 'copy-1', body: { note: null, count: 2 } },
        contextOf(),
      );
      expect(answer).toEqual({ id: 'a/b c', header_id: 'copy-1', body: { note: null, count: 2 } });
      expect(api.received.at(-1)!.path).toBe('/api/items/a%2Fb%20c');
    });

    it('takes the first server, its variables at their defaults, when no base_url is given', async () => {
      const typeForPublic = typeAllowing('');
      const source = sourceOf(
        await typeForPublic.store(request({ document: INVENTORY_DOCUMENT_YAML })),
      );
      const error = await failureOf(
        typeForPublic.call(source, 'putItem', { path_id: '1' }, contextOf()),
      );
      expect((error as Error).message).toContain('https://eu.inventory.example.com/v2/items/1');
    });
  });

  describe('documents it refuses', () => {
    const refusalOf = async (document: string | object, limit = 1000) => {
      const text = typeof document === 'string' ? document : JSON.stringify(document);
      const error = await failureOf(
        type
          .store(request({ document: text, base_url: api.url }))
          .then((settings) => listed(sourceOf(settings), limit)),
      );
      expect(error).toBeInstanceOf(InvalidSourceDocumentError);
      expect((error as InvalidSourceDocumentError).status).toBe(422);
      expect((error as InvalidSourceDocumentError).code).toBe('INVALID_SOURCE_DOCUMENT');
      return (error as Error).message;
    };
    const documentWith = (paths: object, components: object = {}) => ({
      openapi: '3.1.0',
      info: { title: 'Test', version: '1' },
      paths,
      components,
    });

    it('refuses Swagger 2.0, saying to convert it', async () => {
      expect(
        await refusalOf({ swagger: '2.0', info: { title: 'Old', version: '1' }, paths: {} }),
      ).toMatch(/Swagger 2\.0 document.*convert it to OpenAPI 3/);
    });

    it('reads only paths, not the extensions beside them', async () => {
      const document = { ...documentWith({ '/pets': { get: { operationId: 'listPets' } } }) };
      (document.paths as Record<string, unknown>)['x-internal'] = true;
      const source = sourceOf(
        await type.store(request({ document: JSON.stringify(document), base_url: api.url })),
      );
      expect((await listed(source)).map((tool) => tool.name)).toEqual(['listPets']);
    });

    it('refuses a version it does not read', async () => {
      expect(await refusalOf({ openapi: '4.0.0', paths: {} })).toContain('"4.0.0"');
    });

    it('refuses a document that is neither JSON nor YAML, naming where', async () => {
      expect(await refusalOf('openapi: 3.1.0\npaths:\n  /a: [unclosed\n')).toMatch(
        /not valid YAML: .*line \d+/,
      );
      expect(await refusalOf('{"openapi": "3.1.0",')).toContain('not valid JSON');
    });

    it('refuses a $ref cycle an operation reaches, naming the operation', async () => {
      const message = await refusalOf(
        documentWith(
          {
            '/nodes': {
              post: {
                operationId: 'addNode',
                requestBody: {
                  content: {
                    'application/json': { schema: { $ref: '#/components/schemas/Node' } },
                  },
                },
              },
            },
          },
          {
            schemas: {
              Node: {
                type: 'object',
                properties: {
                  children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
                },
              },
            },
          },
        ),
      );
      expect(message).toContain(
        'operation addNode refers to itself through $ref #/components/schemas/Node',
      );
    });

    it('refuses a $ref that does not resolve', async () => {
      const message = await refusalOf(
        documentWith({
          '/a': { get: { parameters: [{ $ref: '#/components/parameters/Missing' }] } },
        }),
      );
      expect(message).toContain('a $ref does not resolve');
    });

    it('refuses a $ref to another document in a document given as text', async () => {
      const message = await refusalOf(
        documentWith({
          '/a': { get: { parameters: [{ $ref: `${api.url}/parameters.json#/Limit` }] } },
        }),
      );
      expect(message).toContain('points at another document');
    });

    it('refuses references that expand into a schema of exponential size', async () => {
      const schemas: Record<string, object> = { L0: { type: 'string' } };
      for (let level = 1; level <= 40; level++) {
        const below = { $ref: `#/components/schemas/L${level - 1}` };
        schemas[`L${level}`] = { type: 'object', properties: { a: below, b: below } };
      }
      const message = await refusalOf(
        documentWith(
          {
            '/bomb': {
              post: {
                operationId: 'bomb',
                requestBody: {
                  content: { 'application/json': { schema: { $ref: '#/components/schemas/L40' } } },
                },
              },
            },
          },
          { schemas },
        ),
      );
      expect(message).toContain('the input of operation bomb is more than 1048576 bytes');
    });

    it('refuses more operations than the limit, naming it', async () => {
      const paths = Object.fromEntries(
        Array.from({ length: 10_000 }, (_, index) => [
          `/things/${index}`,
          { get: { operationId: `getThing${index}` } },
        ]),
      );
      expect(await refusalOf(documentWith(paths), 1000)).toContain(
        'it has more than 1000 operations, the most a source may have',
      );
    });

    it('keeps names unique when operations would share one', async () => {
      const tools = await listed(
        sourceOf(
          await type.store(
            request({
              document: JSON.stringify(
                documentWith({
                  '/pets/{id}': { get: {}, put: { operationId: 'save' } },
                  '/pets/id': { get: {}, post: { operationId: 'save' } },
                  '/pets': { get: { operationId: 'listPets' } },
                }),
              ),
              base_url: api.url,
            }),
          ),
        ),
      );
      const names = tools.map((tool) => tool.name);
      expect(new Set(names).size).toBe(5);
      expect(names).toContain('listPets');
      expect(names.filter((name) => /^get_pets_id_[0-9a-f]{8}$/.test(name))).toHaveLength(2);
      expect(names.filter((name) => /^save_[0-9a-f]{8}$/.test(name))).toHaveLength(2);
    });
  });

  describe('through the outbound guard', () => {
    it('refuses a document_url at an address tools may not reach, naming the field, before connecting', async () => {
      const before = api.received.length;
      const error = await failureOf(
        typeAllowing('').store(request({ document_url: `${api.url}/openapi.json` })),
      );
      expect(error).toMatchObject({ code: 'VALIDATION_ERROR', status: 422 });
      expect((error as { issues: { field: string }[] }).issues[0].field).toBe('document_url');
      expect(api.received.length).toBe(before);
    });

    it('refuses a document larger than TOOL_MAX_RESPONSE_BYTES', async () => {
      api.documents.set('/huge.json', {
        type: 'application/json',
        body: Buffer.alloc(50 * 1024 * 1024, 0x20),
      });
      try {
        const error = await failureOf(
          typeAllowing('127.0.0.1', 1024 * 1024).store(
            request({ document_url: `${api.url}/huge.json` }),
          ),
        );
        expect(error).toBeInstanceOf(InvalidSourceDocumentError);
        expect((error as Error).message).toContain('larger than 1048576 bytes');
        expect((error as Error).message).toContain('TOOL_MAX_RESPONSE_BYTES');
      } finally {
        api.documents.delete('/huge.json');
      }
    });

    it('resolves a $ref to another document through the guard, and refuses one at a forbidden address', async () => {
      api.documents.set('/parameters.json', {
        type: 'application/json',
        body: JSON.stringify({
          Limit: { name: 'limit', in: 'query', schema: { type: 'integer' } },
        }),
      });
      const withRef = (ref: string) =>
        JSON.stringify({
          openapi: '3.1.0',
          info: { title: 'Refs', version: '1' },
          paths: { '/pets': { get: { operationId: 'listPets', parameters: [{ $ref: ref }] } } },
        });
      api.documents.set('/relative.json', {
        type: 'application/json',
        body: withRef('parameters.json#/Limit'),
      });
      api.documents.set('/forbidden.json', {
        type: 'application/json',
        body: withRef('http://169.254.169.254/latest/meta-data#/Limit'),
      });
      const [listPets] = await listed(
        sourceOf(await type.store(request({ document_url: `${api.url}/relative.json` }))),
      );
      expect(listPets.inputSchema.properties).toEqual({ limit: { type: 'integer' } });
      const error = await failureOf(
        type
          .store(request({ document_url: `${api.url}/forbidden.json` }))
          .then((settings) => listed(sourceOf(settings))),
      );
      expect(error).toBeInstanceOf(InvalidSourceDocumentError);
      expect((error as Error).message).toContain(
        "$ref http://169.254.169.254/latest/meta-data is refused: Tool URL host '169.254.169.254' is refused",
      );
    });

    it('refuses a document whose first server is at an address tools may not reach, naming base_url', async () => {
      const document = PETS_DOCUMENT_JSON.replace('"/api"', '"http://10.0.0.8/api"');
      const error = await failureOf(type.store(request({ document })));
      expect(error).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(
        (error as { issues: { field: string; messages: string[] }[] }).issues[0],
      ).toMatchObject({
        field: 'base_url',
        messages: [expect.stringContaining('http://10.0.0.8/api is a private address')],
      });
    });
  });
});
