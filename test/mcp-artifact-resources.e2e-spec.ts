/**
 * Artifacts as MCP resources, with the official clients of both eras: an agent tool's answer
 * links the artifacts its run saved, `resources/read` gives their bytes back to their owner
 * only, `resources/list` pages through the caller's artifacts, and the template is offered.
 */
import { randomUUID } from 'node:crypto';
import { type Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import {
  type Client as ModernClient,
  ProtocolError,
  ProtocolErrorCode,
} from '@modelcontextprotocol/client';
import { ArtifactsService } from '../src/artifacts/artifacts.service';
import { RESOURCES_PAGE_SIZE } from '../src/mcp/artifact-resources';
import { PNG, image, prose, startContentMcpServer, text } from './support/content-mcp-server';
import { type JsonPostServer } from './support/json-post-server';
import { McpClients, callTool, listeningUrl, rejectionOf } from './support/mcp-clients';
import { type RuntimeUser, runtimeUser } from './support/runtime-client';
import { describeHttpContract } from './support/test-app';

const REPORT = prose(3000);
const URI = /^toolhub:\/\/artifacts\/[0-9a-f-]{36}\?version=\d+$/;

interface Link {
  type: 'resource_link';
  uri: string;
  name: string;
  mimeType: string;
  size: number;
}

let tools: JsonPostServer;

beforeAll(async () => {
  tools = await startContentMcpServer({
    report: { content: [text(REPORT), image(PNG, 'image/png')] },
  });
});

afterAll(async () => {
  await tools?.close();
});

/** An agent tool of `user`'s whose runs call `produce {case: 'report'}`, then answer. */
async function reportingAgentTool(user: RuntimeUser): Promise<string> {
  const produce = await user.post('/api/v1/tools', {
    name: 'produce',
    description: 'Answers with a report and a chart',
    parameters: { type: 'object', properties: { case: { type: 'string' } }, required: ['case'] },
    implementation: { type: 'mcp', url: tools.url, tool_name: 'produce' },
    requires_approval: false,
  });
  if (produce.status !== 201) throw new Error(JSON.stringify(produce.body));
  const script = [
    {
      text: 'Producing the report.',
      tool_calls: [{ id: 'toolu_1', name: 'produce', args: { case: 'report' } }],
    },
    { text: 'The report is ready.' },
  ];
  const { agentId } = await user.session({ provider: 'scripted', model: 'scripted', script }, [
    produce.body.id as string,
  ]);
  const tool = await user.post('/api/v1/tools', {
    name: 'write_report',
    description: 'Asks the reporting agent',
    implementation: { type: 'agent', agent_id: agentId },
  });
  if (tool.status !== 201) throw new Error(JSON.stringify(tool.body));
  return 'write_report';
}

function linksOf(result: { content: unknown[] }): Link[] {
  return result.content.filter(
    (block): block is Link => (block as { type: string }).type === 'resource_link',
  );
}

/** The bytes of a `resources/read` content item, text or blob. */
function bytesOf(item: { text?: string; blob?: string }): Buffer {
  return item.text !== undefined ? Buffer.from(item.text) : Buffer.from(item.blob ?? '', 'base64');
}

describeHttpContract('MCP: artifacts as resources', (app) => {
  const clients = new McpClients();
  let base: string;
  let alice: RuntimeUser;
  let bob: RuntimeUser;
  let legacy: Client;
  let modern: ModernClient;
  let bobLegacy: Client;
  let bobModern: ModernClient;
  let anonymous: Client;
  let links: Link[];
  /** The agent tool's answer: its run, its session, what the run saved. */
  let answer: {
    run_id: string;
    session_id: string;
    artifacts: { id: string; version: number; mime_type: string; size_bytes: number }[];
  };

  beforeAll(async () => {
    base = await listeningUrl(app());
    alice = await runtimeUser(app(), 'alice');
    bob = await runtimeUser(app(), 'bob');
    const tool = await reportingAgentTool(alice);
    legacy = (await clients.connectHttp(base, 'alice', { Authorization: alice.auth })).client;
    modern = await clients.connectModern(base, { Authorization: alice.auth });
    bobLegacy = (await clients.connectHttp(base, 'bob', { Authorization: bob.auth })).client;
    bobModern = await clients.connectModern(base, { Authorization: bob.auth });
    anonymous = (await clients.connectHttp(base, 'anonymous')).client;
    const result = await callTool(legacy, tool, { message: 'Write the report' });
    expect(result.isError).toBeFalsy();
    links = linksOf(result);
    answer = result.structuredContent as typeof answer;
  });

  afterAll(() => clients.closeAll());

  test('an agent tool answer links each artifact its run saved, as the answer lists it', () => {
    expect(links.map(({ mimeType, size }) => [mimeType, size]).sort()).toEqual([
      ['image/png', PNG.length],
      ['text/plain', REPORT.length],
    ]);
    expect(links).toEqual(
      answer.artifacts.map(({ id, version, mime_type, size_bytes }) => ({
        type: 'resource_link',
        uri: `toolhub://artifacts/${id}?version=${version}`,
        name: expect.any(String),
        mimeType: mime_type,
        size: size_bytes,
      })),
    );
  });

  test('the 2026-07-28 client gets links too (its call runs the agent in a new session)', async () => {
    const result = await modern.callTool({ name: 'write_report', arguments: { message: 'Hi' } });
    const modernLinks = linksOf(result);
    expect(modernLinks.map(({ mimeType }) => mimeType).sort()).toEqual(['image/png', 'text/plain']);
    for (const link of modernLinks) expect(link.uri).toMatch(URI);
    expect(modernLinks.map(({ uri }) => uri)).not.toContain(links[0].uri);
  });

  test.each([
    ['2025-11-25', () => legacy],
    ['2026-07-28', () => modern],
  ])(
    'resources/read (%s) gives back the bytes: text as text, binary as base64',
    async (_, client) => {
      for (const link of links) {
        const { contents } = await client().readResource({ uri: link.uri });
        expect(contents).toHaveLength(1);
        const [item] = contents as {
          uri: string;
          mimeType: string;
          text?: string;
          blob?: string;
        }[];
        expect(item).toMatchObject({ uri: link.uri, mimeType: link.mimeType });
        if (link.mimeType === 'text/plain') {
          expect(item.text).toBe(REPORT);
        } else {
          expect(item.blob).toBeDefined();
          expect(bytesOf(item)).toEqual(PNG);
        }
      }
    },
  );

  test('without ?version, resources/read gives the newest version', async () => {
    const png = links.find(({ mimeType }) => mimeType === 'image/png')!;
    const { contents } = await legacy.readResource({ uri: png.uri.replace(/\?.*$/, '') });
    expect(bytesOf(contents[0] as { blob: string })).toEqual(PNG);
  });

  test('2026-07-28 results say how long they may be cached: not at all, by this client alone', async () => {
    const read = await modern.readResource({ uri: links[0].uri }, { cacheMode: 'bypass' });
    expect(read).toMatchObject({ ttlMs: 0, cacheScope: 'private' });
    const listed = await modern.listResources({ cursor: undefined }, { cacheMode: 'bypass' });
    expect(listed).toMatchObject({ ttlMs: 0, cacheScope: 'private' });
  });

  describe('a URI the caller cannot read is -32602 with data.uri, whatever the reason', () => {
    const unknown = `toolhub://artifacts/${randomUUID()}?version=0`;
    const cases: [string, () => string][] = [
      ["another user's artifact", () => links[0].uri],
      ['an unknown artifact', () => unknown],
      ['an unknown version', () => links[0].uri.replace(/version=\d+/, 'version=99')],
      ['a malformed id', () => 'toolhub://artifacts/not-an-id'],
      ['another scheme', () => 'https://example.com/report.txt'],
      ['an unknown parameter', () => `${links[0].uri}&format=raw`],
    ];

    test.each(cases)('%s (2025-11-25 client)', async (what, uri) => {
      const reader = what === "another user's artifact" ? bobLegacy : legacy;
      const error = await rejectionOf(reader.readResource({ uri: uri() }));
      expect(error).toBeInstanceOf(McpError);
      expect((error as McpError).code).toBe(ErrorCode.InvalidParams);
      expect((error as McpError).data).toEqual({ uri: uri() });
      expect((error as McpError).message).toContain(`Resource not found: ${uri()}`);
    });

    test("another user's artifact (2026-07-28 client)", async () => {
      const error = await rejectionOf(bobModern.readResource({ uri: links[0].uri }));
      expect(error).toBeInstanceOf(ProtocolError);
      expect((error as ProtocolError).code).toBe(ProtocolErrorCode.InvalidParams);
      expect((error as ProtocolError).data).toEqual({ uri: links[0].uri });
    });

    test('any artifact, to a caller without a key', async () => {
      const error = await rejectionOf(anonymous.readResource({ uri: links[0].uri }));
      expect((error as McpError).code).toBe(ErrorCode.InvalidParams);
    });
  });

  describe('resources/list', () => {
    beforeAll(async () => {
      // Enough more artifacts of alice's for a second page, saved as a run's tool would.
      const artifacts = app().app.get(ArtifactsService);
      for (let i = 0; i < RESOURCES_PAGE_SIZE; i++) {
        await artifacts.save(
          {
            name: `note_${i}.txt`,
            mimeType: 'text/plain',
            bytes: Buffer.from(`note ${i}`),
            kind: 'text',
            metadata: {},
            userOnly: false,
          },
          {
            session: { id: answer.session_id, owner: 'alice' },
            runId: answer.run_id,
            toolUseId: `toolu_note_${i}`,
          },
        );
      }
    });

    test("pages through the caller's artifacts, newest first", async () => {
      const first = await legacy.listResources({});
      expect(first.resources).toHaveLength(RESOURCES_PAGE_SIZE);
      expect(first.nextCursor).toEqual(expect.any(String));
      const second = await legacy.listResources({ cursor: first.nextCursor });
      expect(second.nextCursor).toBeUndefined();
      const all = [...first.resources, ...second.resources];
      // The notes, and what the two runs of the agent tool saved (two artifacts each).
      expect(all).toHaveLength(RESOURCES_PAGE_SIZE + 4);
      expect(new Set(all.map(({ uri }) => uri)).size).toBe(all.length);
      // Newest first: the notes saved last lead; the runs' artifacts come last.
      expect(first.resources[0]).toEqual({
        uri: expect.stringMatching(URI),
        name: `note_${RESOURCES_PAGE_SIZE - 1}.txt`,
        mimeType: 'text/plain',
        size: `note ${RESOURCES_PAGE_SIZE - 1}`.length,
      });
      expect(second.resources.map(({ uri }) => uri)).toEqual(
        expect.arrayContaining(links.map(({ uri }) => uri)),
      );
      // Cursors hold no state: the 2026-07-28 client continues with the same one.
      const modernSecond = await modern.listResources({ cursor: first.nextCursor });
      expect(modernSecond.resources).toEqual(second.resources);
      // Without a cursor it follows every nextCursor itself.
      const modernAll = await modern.listResources(undefined, { cacheMode: 'bypass' });
      expect(modernAll.resources).toEqual(all);
    });

    test('lists none of them to another user, nor to a caller without a key', async () => {
      expect((await bobLegacy.listResources({})).resources).toEqual([]);
      expect((await anonymous.listResources({})).resources).toEqual([]);
    });

    test('a cursor this server did not issue is -32602', async () => {
      const error = await rejectionOf(legacy.listResources({ cursor: 'not-a-cursor' }));
      expect((error as McpError).code).toBe(ErrorCode.InvalidParams);
    });
  });

  test('resources/templates/list offers toolhub://artifacts/{id}', async () => {
    for (const client of [legacy, anonymous]) {
      const { resourceTemplates } = await client.listResourceTemplates();
      expect(resourceTemplates).toEqual([
        expect.objectContaining({ uriTemplate: 'toolhub://artifacts/{id}', name: 'artifact' }),
      ]);
    }
    const { resourceTemplates } = await modern.listResourceTemplates();
    expect(resourceTemplates.map(({ uriTemplate }) => uriTemplate)).toEqual([
      'toolhub://artifacts/{id}',
    ]);
  });

  test('the server declares the resources capability to both eras', () => {
    expect(legacy.getServerCapabilities()?.resources).toBeDefined();
    expect(modern.getServerCapabilities()?.resources).toBeDefined();
  });
});
