/**
 * Metadata documents toolhub refuses: one that names another client, lacks the redirect URI
 * used, breaks the redirect URI policy, is too large, slow, not JSON, not there, or sits at an
 * address tools may not reach. Each is refused with the RFC's error on toolhub's own error page,
 * never by a redirect to a URI no valid document vouched for, and never with a 5xx.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  type DocumentAnswer,
  type MetadataDocumentServer,
  clientDocument,
  startMetadataDocumentServer,
} from './support/client-metadata-documents';
import { listeningUrl } from './support/mcp-clients';
import { CALLBACK_URL, Person, type Visit } from './support/oauth-clients';
import { type TestApp, describeOnAdapter } from './support/test-app';

let served = 0;

/** A person sent to the authorization endpoint by the client whose document `answer` is. */
async function authorizeWith(
  testApp: TestApp,
  documents: MetadataDocumentServer,
  answer: (clientId: string) => DocumentAnswer,
  redirectUri = CALLBACK_URL,
): Promise<Visit> {
  const baseUrl = (await listeningUrl(testApp)).replace('127.0.0.1', 'localhost');
  const clientId = documents.serve(`/client-${++served}.json`, answer);
  const verifier = randomBytes(32).toString('base64url');
  const url = new URL('/oauth/authorize', baseUrl);
  url.search = new URLSearchParams({
    client_id: clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    resource: `${baseUrl}/mcp`,
    scope: 'tools',
    state: 'kept',
  }).toString();
  return new Person(baseUrl).open(url);
}

/** The error page a refusal shows, with the RFC's error code. */
function expectErrorPage(visit: Visit, error: string): void {
  expect(visit).toMatchObject({ kind: 'page', status: 400 });
  expect(visit.kind === 'page' && visit.html).toContain(error);
}

describeOnAdapter('OAuth refusals of Client ID Metadata Documents', (testApp) => {
  let documents: MetadataDocumentServer;

  beforeAll(async () => {
    documents = await startMetadataDocumentServer();
  });
  afterAll(() => documents.close());

  test('a valid document leads to the consent page (what the refusals below differ from)', async () => {
    const visit = await authorizeWith(testApp(), documents, (id) => ({ json: clientDocument(id) }));
    expect(visit).toMatchObject({ kind: 'page', status: 200 });
    expect(visit.kind === 'page' && visit.html).toContain('Metadata connector');
  });

  test.each<[string, (clientId: string) => DocumentAnswer, string]>([
    [
      'names another client id',
      () => ({ json: clientDocument('https://other.example/client.json') }),
      'invalid_client_metadata',
    ],
    ['is not JSON', () => ({ status: 200, text: '{"client_id": ' }), 'invalid_client'],
    ['is a JSON array', () => ({ status: 200, text: '[]' }), 'invalid_client_metadata'],
    ['is not there', () => ({ status: 404, text: '{}' }), 'invalid_client'],
    [
      'is larger than 5 KiB',
      (id) => ({ json: clientDocument(id, { client_name: 'x'.repeat(6000) }) }),
      'invalid_client',
    ],
    [
      'sends codes to http on a host that is not loopback',
      (id) => ({
        json: clientDocument(id, {
          application_type: 'web',
          redirect_uris: [CALLBACK_URL, 'http://connector.example/callback'],
        }),
      }),
      'invalid_redirect_uri',
    ],
    ['never answers', () => 'hang', 'invalid_client'],
  ])('a document that %s is refused', async (_case, answer, error) => {
    const visit = await authorizeWith(testApp(), documents, answer);
    expectErrorPage(visit, error);
  });

  test('a redirect URI the document does not list is refused, and nothing is sent there', async () => {
    const visit = await authorizeWith(
      testApp(),
      documents,
      (id) => ({ json: clientDocument(id) }),
      'https://attacker.example/callback',
    );
    expectErrorPage(visit, 'invalid_redirect_uri');
  });
});

describeOnAdapter(
  'OAuth refusal of a metadata document at an address tools may not reach',
  (testApp) => {
    let documents: MetadataDocumentServer;

    beforeAll(async () => {
      documents = await startMetadataDocumentServer();
    });
    afterAll(() => documents.close());

    test('a document on loopback is not fetched unless TOOL_URL_ALLOW opens it', async () => {
      const visit = await authorizeWith(testApp(), documents, (id) => ({
        json: clientDocument(id),
      }));
      expectErrorPage(visit, 'invalid_client');
      expect(documents.fetches(`/client-${served}.json`)).toBe(0);
    });
  },
  { env: { TOOL_URL_ALLOW: '10.9.9.9' } },
);
