import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { join } from 'node:path';

/** The documents the pets API is described by, as written in the fixtures. */
export const PETS_DOCUMENT_YAML = readFileSync(
  join(__dirname, '../../../../../../test/fixtures/openapi/pets-3.1.yaml'),
  'utf8',
);
export const PETS_DOCUMENT_JSON = readFileSync(
  join(__dirname, '../../../../../../test/fixtures/openapi/pets-3.1.json'),
  'utf8',
);
export const INVENTORY_DOCUMENT_YAML = readFileSync(
  join(__dirname, '../../../../../../test/fixtures/openapi/inventory-3.0.yaml'),
  'utf8',
);

/** The key the API asks for in `X-Api-Key`. */
export const PETS_API_KEY = 'pets-key-7f3a';

/** The first bytes of a PNG file: what the photo operation answers. */
export const PHOTO_BYTES = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

/** One request the API received, as it read it. */
export interface ReceivedRequest {
  method: string;
  path: string;
  query: Record<string, string[]>;
  headers: IncomingMessage['headers'];
  body: string;
}

/**
 * A real HTTP API on 127.0.0.1 that the pets document describes: it serves its own document
 * (`/openapi.json`, `/openapi.yaml`, or whatever `documents` holds at a path) and answers its
 * operations under `/api` only to callers with the key. Other routes answer what a test sets.
 */
export class PetsApi {
  readonly received: ReceivedRequest[] = [];
  /** Documents and other files served by path; a test may change them between reads. */
  readonly documents = new Map<string, { type: string; body: string | Buffer }>([
    ['/openapi.json', { type: 'application/json', body: PETS_DOCUMENT_JSON }],
    ['/openapi.yaml', { type: 'application/yaml', body: PETS_DOCUMENT_YAML }],
  ]);
  /** Requests to these paths are held unanswered, as an API that hangs would. */
  readonly hanging = new Set<string>();
  private server!: Server;
  private readonly held: ServerResponse[] = [];

  async start(): Promise<this> {
    this.server = createServer((request, response) => void this.answer(request, response));
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    for (const response of this.held) response.destroy();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.url);
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const query: Record<string, string[]> = {};
    for (const key of url.searchParams.keys()) query[key] = url.searchParams.getAll(key);
    this.received.push({
      method: request.method ?? '',
      path: url.pathname,
      query,
      headers: request.headers,
      body: Buffer.concat(chunks).toString(),
    });
    if (this.hanging.has(url.pathname)) {
      this.held.push(response);
      return;
    }
    const served = this.documents.get(url.pathname);
    if (served) {
      response.writeHead(200, { 'content-type': served.type }).end(served.body);
      return;
    }
    if (!url.pathname.startsWith('/api/')) return json(response, 404, { message: 'not found' });
    if (request.headers['x-api-key'] !== PETS_API_KEY) {
      return json(response, 401, { message: 'a valid X-Api-Key is required' });
    }
    this.operate(request.method ?? '', url.pathname.slice('/api'.length), response, chunks);
  }

  private operate(method: string, path: string, response: ServerResponse, body: Buffer[]): void {
    const pet = /^\/pets\/(\d+)$/.exec(path);
    if (method === 'GET' && pet) {
      const { query, headers } = this.received.at(-1)!;
      return json(response, 200, {
        id: Number(pet[1]),
        fields: query.fields ?? [],
        request_id: headers['x-request-id'] ?? null,
      });
    }
    if (method === 'DELETE' && pet) return json(response, 404, { message: `no pet ${pet[1]}` });
    if (method === 'POST' && path === '/pets') {
      return json(response, 201, {
        created: JSON.parse(Buffer.concat(body).toString()) as unknown,
      });
    }
    if (method === 'GET' && /^\/pets\/\d+\/photo$/.test(path)) {
      response.writeHead(200, { 'content-type': 'image/png' }).end(PHOTO_BYTES);
      return;
    }
    if (method === 'GET' && path === '/outage') {
      response.writeHead(503, { 'content-type': 'text/plain' }).end('down '.repeat(400));
      return;
    }
    const item = /^\/items\/([^/]+)$/.exec(path);
    if (method === 'PUT' && item) {
      const { headers } = this.received.at(-1)!;
      return json(response, 200, {
        id: decodeURIComponent(item[1]),
        header_id: headers.id ?? null,
        body: JSON.parse(Buffer.concat(body).toString() || 'null') as unknown,
      });
    }
    json(response, 404, { message: 'no such operation' });
  }
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
