/**
 * Clients named by their Client ID Metadata Document, driven by the official MCP SDK client's
 * own OAuth support with a `clientMetadataUrl`: the SDK, seeing the server supports documents,
 * skips registration and uses the document's https URL as its client id; toolhub fetches the
 * document (from a local https host here) through its outbound guard and shows its name on the
 * consent page, which the test plays. The client then lists and calls a private tool and runs an
 * agent as an MCP task, as the person who approved it. On both HTTP adapters, since the
 * authorization server is served on the Node request.
 */
import {
  Client,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import { agentTool, answering } from './support/agent-tool-fixtures';
import { bearerFor } from './support/api-key';
import {
  type MetadataDocumentServer,
  clientDocument,
  startMetadataDocumentServer,
} from './support/client-metadata-documents';
import { McpClients, listeningUrl } from './support/mcp-clients';
import { openTaskSession } from './support/mcp-task-sessions';
import { InMemoryOAuthClient, Person } from './support/oauth-clients';
import { runtimeUserOver } from './support/runtime-client';
import { describeHttpContract } from './support/test-app';
import { type ToolServer, startHttpToolServer } from './support/tool-servers';

describeHttpContract(
  'OAuth sign-in with a Client ID Metadata Document',
  (testApp) => {
    const clients = new McpClients();
    let baseUrl: string;
    let admin: string;
    let memberKey: string;
    let endpoint: ToolServer;
    let documents: MetadataDocumentServer;

    /** Starts the SDK's flow with `oauth`: it is challenged and sent to the consent page. */
    const challenged = async (oauth: InMemoryOAuthClient) => {
      const transport = new StreamableHTTPClientTransport(new URL('/mcp', baseUrl), {
        authProvider: oauth,
      });
      const client = new Client({ name: 'oauth-cimd-e2e', version: '1.0.0' });
      await expect(client.connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
      return transport;
    };

    /** The whole sign-in of the client whose document is at `clientId`. */
    const signIn = async (clientId: string): Promise<InMemoryOAuthClient> => {
      const oauth = new InMemoryOAuthClient({}, clientId);
      const transport = await challenged(oauth);
      const callback = await new Person(baseUrl).approve(oauth.authorizationUrl as URL, memberKey);
      await transport.finishAuth(callback);
      return oauth;
    };

    beforeAll(async () => {
      // Clients must reach the server at its public URL: the resource they are told to ask for.
      baseUrl = (await listeningUrl(testApp())).replace('127.0.0.1', 'localhost');
      admin = await bearerFor(testApp().app, 'admin');
      memberKey = (await bearerFor(testApp().app, 'ada', 'ada', 'member')).slice('Bearer '.length);
      endpoint = await startHttpToolServer();
      documents = await startMetadataDocumentServer();
      const registered = await testApp()
        .http.post('/api/v1/tools')
        .set('Authorization', admin)
        .send({
          name: 'private_quote',
          parameters: { type: 'object' },
          implementation: { type: 'http', url: endpoint.url },
        });
      expect(registered.status).toBe(201);
    });
    afterEach(() => clients.closeAll());
    afterAll(async () => {
      await endpoint.close();
      await documents.close();
    });

    test('the consent page names the client as its document does, and the redirect host', async () => {
      const clientId = documents.serve('/consent-page.json', (id) => ({
        json: clientDocument(id, {
          client_name: 'Docs Connector',
          logo_uri: 'https://connector.example/logo.png',
        }),
      }));
      const oauth = new InMemoryOAuthClient({}, clientId);
      await challenged(oauth);
      const page = await new Person(baseUrl).open(oauth.authorizationUrl as URL);
      expect(page).toMatchObject({ kind: 'page', status: 200 });
      const html = page.kind === 'page' ? page.html : '';
      expect(html).toContain('Docs Connector');
      expect(html).toContain('https://connector.example/logo.png');
      expect(html).toContain('127.0.0.1:9');
    });

    test('a client signs in by its document without registering, then lists and calls a private tool', async () => {
      const clientId = documents.serve('/connector.json', (id) => ({ json: clientDocument(id) }));
      const oauth = await signIn(clientId);
      // No registration: the client id is the document's URL, with no secret and no issue date.
      expect(oauth.clientInformation()).toEqual(expect.objectContaining({ client_id: clientId }));
      expect(oauth.clientInformation()).not.toHaveProperty('client_id_issued_at');
      const token = oauth.tokens()?.access_token ?? '';
      const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<
        string,
        unknown
      >;
      expect(claims).toMatchObject({ sub: 'ada', client_id: clientId, aud: `${baseUrl}/mcp` });

      const client = new Client({ name: 'oauth-cimd-e2e', version: '1.0.0' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL('/mcp', baseUrl), { authProvider: oauth }),
      );
      clients.track(client);
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain('private_quote');
      const result = await client.callTool({ name: 'private_quote', arguments: { q: 2 } });
      expect(result.isError).toBeFalsy();
      expect(JSON.parse(endpoint.requests.at(-1)?.body ?? '')).toEqual({ q: 2 });
    });

    test('the person the client signed in as runs an agent tool as an MCP task', async () => {
      const clientId = documents.serve('/tasks.json', (id) => ({ json: clientDocument(id) }));
      const oauth = await signIn(clientId);
      // Agents are an admin's to define; any signed-in person may call the tool that asks one.
      const owner = runtimeUserOver(testApp().http, baseUrl, admin, 'admin');
      const name = await agentTool(owner, answering('Done for Ada.'));
      const bearer = `Bearer ${oauth.tokens()?.access_token ?? ''}`;
      const { session } = await openTaskSession(clients, baseUrl, bearer);
      const execution = await session.callTool(name, { message: 'Hello' });
      expect(execution.kind).toBe('task');
      const { outcome } = await execution.settle();
      if (outcome.status === 'failed') throw outcome.error;
      expect(outcome).toMatchObject({
        status: 'completed',
        result: { structuredContent: { response: 'Done for Ada.' } },
      });
      // The task's run is the person's: theirs to read, not another member's.
      const { structuredContent } = outcome.status === 'completed' ? outcome.result : {};
      const run = `/api/v1/runs/${String((structuredContent as { run_id?: string }).run_id)}`;
      const other = await bearerFor(testApp().app, 'bob', 'bob', 'member');
      expect((await testApp().http.get(run).set('Authorization', bearer)).status).toBe(200);
      expect((await testApp().http.get(run).set('Authorization', other)).status).toBe(404);
    });

    test('a document is fetched once while its Cache-Control keeps it', async () => {
      const clientId = documents.serve('/cached.json', (id) => ({
        json: clientDocument(id),
        headers: { 'Cache-Control': 'max-age=600' },
      }));
      await signIn(clientId);
      await signIn(clientId);
      expect(documents.fetches('/cached.json')).toBe(1);
    });
  },
  { env: { MCP_ANONYMOUS: 'false' } },
);
