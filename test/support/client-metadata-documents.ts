import { readFileSync } from 'node:fs';
import { type Server, createServer } from 'node:https';
import { type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { CALLBACK_URL } from './oauth-clients';

/**
 * The certificate the document server presents. `npm run jest` starts Node with it in
 * NODE_EXTRA_CA_CERTS (Node reads that variable only as it starts), so the app under test, in
 * this process, trusts it as it would a client's public host.
 */
const TLS = join(__dirname, '..', 'fixtures', 'tls');

/** What the server answers at a path: a document, or a raw answer, or never. */
export type DocumentAnswer =
  { json: unknown; headers?: Record<string, string> } | { status: number; text: string } | 'hang';

export interface MetadataDocumentServer {
  /** The https URL of `path` on this server: a client id. */
  url(path: string): string;
  /** Makes the server answer `answer` at `path`. */
  serve(path: string, answer: (url: string) => DocumentAnswer): string;
  /** How many times `path` was fetched. */
  fetches(path: string): number;
  close(): Promise<void>;
}

/**
 * A client's host, publishing its Client ID Metadata Documents over https on loopback
 * (`https://localhost:<port>/…`), as claude.ai or VS Code would on theirs.
 */
export async function startMetadataDocumentServer(): Promise<MetadataDocumentServer> {
  if (!process.env.NODE_EXTRA_CA_CERTS) {
    throw new Error('run through `npm run jest`: it trusts test/fixtures/tls/localhost.crt');
  }
  const answers = new Map<string, (url: string) => DocumentAnswer>();
  const counts = new Map<string, number>();
  const server: Server = createServer(
    {
      key: readFileSync(join(TLS, 'localhost.key')),
      cert: readFileSync(join(TLS, 'localhost.crt')),
    },
    (request, response) => {
      const path = request.url ?? '/';
      counts.set(path, (counts.get(path) ?? 0) + 1);
      const answer = answers.get(path)?.(url(path)) ?? { status: 404, text: 'not found' };
      if (answer === 'hang') return;
      if ('json' in answer) {
        response.writeHead(200, { 'Content-Type': 'application/json', ...answer.headers });
        response.end(JSON.stringify(answer.json));
        return;
      }
      response.writeHead(answer.status, { 'Content-Type': 'application/json' });
      response.end(answer.text);
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = (path: string) => `https://localhost:${port}${path}`;
  return {
    url,
    serve: (path, answer) => {
      answers.set(path, answer);
      return url(path);
    },
    fetches: (path) => counts.get(path) ?? 0,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** A native client's metadata document naming `clientId`, `overrides` applied. */
export function clientDocument(clientId: string, overrides: Record<string, unknown> = {}) {
  return {
    client_id: clientId,
    client_name: 'Metadata connector',
    redirect_uris: [CALLBACK_URL],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
    application_type: 'native',
    ...overrides,
  };
}
