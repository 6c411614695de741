/**
 * Signing in with OAuth 2.1, driven by the official MCP SDK client's own OAuth support: `/mcp`
 * answers a caller without credentials 401 with the challenge that names the protected-resource
 * metadata; the client discovers the authorization server from it, registers dynamically, and
 * sends the person to the consent page, which the test plays (signing in with an API key);
 * the client redeems the code with PKCE and then lists and calls a private tool as that person.
 * On both HTTP adapters, since the authorization server is served on the Node request.
 */
import {
  Client,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import { bearerFor } from './support/api-key';
import { listeningUrl } from './support/mcp-clients';
import { InMemoryOAuthClient, Person } from './support/oauth-clients';
import { describeHttpContract } from './support/test-app';
import { type ToolServer, startHttpToolServer } from './support/tool-servers';

describeHttpContract(
  'OAuth sign-in with the MCP SDK client',
  (testApp) => {
    let baseUrl: string;
    let publicUrl: string;
    let memberKey: string;
    let endpoint: ToolServer;
    const open: Client[] = [];

    /** Connects the SDK client with `oauth` as its provider; rejects as the SDK does. */
    const connect = async (oauth: InMemoryOAuthClient): Promise<Client> => {
      const client = new Client({ name: 'oauth-e2e', version: '1.0.0' });
      const transport = new StreamableHTTPClientTransport(new URL('/mcp', baseUrl), {
        authProvider: oauth,
      });
      await client.connect(transport);
      open.push(client);
      return client;
    };

    /** The whole sign-in: challenged, registered, approved by the member, code redeemed. */
    const signIn = async (oauth = new InMemoryOAuthClient()): Promise<InMemoryOAuthClient> => {
      const transport = new StreamableHTTPClientTransport(new URL('/mcp', baseUrl), {
        authProvider: oauth,
      });
      const client = new Client({ name: 'oauth-e2e', version: '1.0.0' });
      await expect(client.connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
      const callback = await new Person(publicUrl).approve(
        oauth.authorizationUrl as URL,
        memberKey,
      );
      await transport.finishAuth(callback);
      return oauth;
    };

    beforeAll(async () => {
      // Clients must reach the server at its public URL: the resource they are told to ask for.
      baseUrl = (await listeningUrl(testApp())).replace('127.0.0.1', 'localhost');
      publicUrl = baseUrl;
      const admin = await bearerFor(testApp().app, 'admin');
      memberKey = (await bearerFor(testApp().app, 'ada', 'ada', 'member')).slice('Bearer '.length);
      endpoint = await startHttpToolServer();
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
    afterAll(async () => {
      await Promise.all(open.map((client) => client.close()));
      await endpoint.close();
    });

    test('/mcp without credentials is challenged toward the protected-resource metadata', async () => {
      const response = await fetch(`${baseUrl}/mcp`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe(
        `Bearer resource_metadata="${publicUrl}/.well-known/oauth-protected-resource/mcp", scope="tools runs registry"`,
      );
    });

    test('the metadata names the resource, its authorization server and its endpoints', async () => {
      const resource = await testApp().http.get('/.well-known/oauth-protected-resource/mcp');
      expect(resource.status).toBe(200);
      expect(resource.body).toMatchObject({
        resource: `${publicUrl}/mcp`,
        authorization_servers: [publicUrl],
        scopes_supported: ['tools', 'runs', 'registry', 'admin'],
        bearer_methods_supported: ['header'],
      });
      const server = await testApp().http.get('/.well-known/oauth-authorization-server');
      expect(server.body).toMatchObject({
        issuer: publicUrl,
        authorization_endpoint: `${publicUrl}/oauth/authorize`,
        token_endpoint: `${publicUrl}/oauth/token`,
        registration_endpoint: `${publicUrl}/oauth/register`,
        revocation_endpoint: `${publicUrl}/oauth/revoke`,
        jwks_uri: `${publicUrl}/oauth/jwks`,
        code_challenge_methods_supported: ['S256'],
        client_id_metadata_document_supported: true,
        authorization_response_iss_parameter_supported: true,
      });
      expect(server.body.token_endpoint_auth_methods_supported).toContain('none');
      const jwks = await testApp().http.get('/oauth/jwks');
      expect(jwks.body.keys).toEqual([
        expect.objectContaining({ kty: 'EC', crv: 'P-256', alg: 'ES256' }),
      ]);
      expect(jwks.body.keys[0]).not.toHaveProperty('d');
    });

    test('a client signs in as the person who approved it, then lists and calls a private tool', async () => {
      const oauth = await signIn();
      expect(oauth.tokens()).toMatchObject({ token_type: expect.stringMatching(/^bearer$/i) });
      expect(oauth.tokens()?.refresh_token).toEqual(expect.any(String));
      const client = await connect(oauth);
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain('private_quote');
      const result = await client.callTool({ name: 'private_quote', arguments: { q: 1 } });
      expect(result.isError).toBeFalsy();
      expect(JSON.parse(endpoint.requests.at(-1)?.body ?? '')).toEqual({ q: 1 });
    });

    test('the access token is a JWT of the person, for the resource, with its scopes', async () => {
      const oauth = await signIn();
      const token = oauth.tokens()?.access_token ?? '';
      const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<
        string,
        unknown
      >;
      expect(claims).toMatchObject({
        iss: publicUrl,
        aud: `${publicUrl}/mcp`,
        sub: 'ada',
        scope: 'tools runs registry',
        client_id: oauth.clientInformation()?.client_id,
      });
      expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);
      const me = await testApp().http.get('/api/v1/tools').set('Authorization', `Bearer ${token}`);
      expect(me.status).toBe(200);
    });
  },
  { env: { MCP_ANONYMOUS: 'false' } },
);
