/**
 * `load_artifact` end to end, an artifact read in a later turn past its first range: a run's agent
 * (the real Anthropic SDK against the local wire-format server) saves artifacts through a real
 * MCP server's results, then, in later runs of the session, is scripted to read them; the test
 * reads what the model was given back in its next request.
 */
import { ErrorCode, type McpError } from '@modelcontextprotocol/sdk/types.js';
import { expectNoBase64, readOnCall, useArtifactServers } from './support/artifact-runs';
import { PNG, forUserOnly, image, prose, text } from './support/content-mcp-server';
import { McpClients, callTool, listeningUrl, rejectionOf } from './support/mcp-clients';

/** At most this much is read at once by default: LLM_RETURN_MAX_BYTES's default. */
const RETURN_MAX_BYTES = 4096;
/** Prose that differs from `prose` from its first byte: a later version of the same name. */
const REVISED = prose(3000, 'A second look at the figures changed none of the findings. ');

const CASES: Record<string, unknown> = {
  prose3k: { content: [text(prose(3000))] },
  revised3k: { content: [text(REVISED)] },
  prose10k: { content: [text(prose(10_000))] },
  tinyPng: { content: [image(PNG, 'image/png')] },
  userOnly: {
    content: [
      text('For the model.'),
      forUserOnly(text('For the user only: the secret dashboard link.')),
    ],
  },
};

const { describeWithApp } = useArtifactServers(CASES);

describeWithApp('load_artifact with the default settings', {}, (runs, user, app) => {
  const mcp = new McpClients();
  afterAll(() => mcp.closeAll());

  const names = (tools: { name: string }[]) => tools.map(({ name }) => name);

  test('is a tool of agent runs only: REST, MCP and the registry neither list nor call it', async () => {
    const { auth } = user();
    const rest = await app().http.get('/api/tools').set('Authorization', auth);
    expect(names(rest.body.tools)).toContain('produce');
    expect(names(rest.body.tools)).not.toContain('load_artifact');
    const called = await app()
      .http.post('/api/tools/load_artifact')
      .set('Authorization', auth)
      .send({ name: 'produce_result.txt' });
    expect(called.status).toBe(404);
    expect(called.body.error).toEqual({
      code: 'TOOL_NOT_FOUND',
      message: "Tool 'load_artifact' not found",
    });

    const { client } = await mcp.connectHttp(await listeningUrl(app()), 'artifacts', {
      Authorization: auth,
    });
    const listed = names((await client.listTools()).tools);
    expect(listed).toContain('produce');
    expect(listed).not.toContain('load_artifact');
    const error = await rejectionOf(callTool(client, 'load_artifact', { name: 'a.txt' }));
    expect((error as McpError).code).toBe(ErrorCode.InvalidParams);

    const registered = await user().get('/api/v1/tools?limit=100');
    expect(registered.body.total).toBe(registered.body.items.length);
    expect(names(registered.body.items)).toContain('produce');
    expect(names(registered.body.items)).not.toContain('load_artifact');
  });

  test('is offered once the session has artifacts, and what it reads is not saved again', async () => {
    const saved = await runs().run('prose3k');
    expect(saved.offeredTools).toEqual(['produce']);
    expect(saved.artifacts).toHaveLength(1);

    const load = await runs().load(saved.sessionId, { name: 'produce_result.txt' });
    expect(load.offeredTools).toEqual(['produce', 'load_artifact']);
    expect(load.range).toMatchObject({ content: prose(3000), next_offset: null });
    expect(load.toolResult).toMatchObject({ success: true, result: load.range });
    expect(load.toolResult).not.toHaveProperty('artifacts');
    expect(load.toolResult).not.toHaveProperty('processing');
    expect(await runs().artifactsOf(saved.sessionId)).toEqual(saved.artifacts);
  });

  test('reads a truncated result on from the offset its partial note gives, to the end', async () => {
    const truncated = await runs().run('prose10k');
    const { name, offset } = readOnCall(truncated.modelText);
    expect(truncated.modelText.startsWith(prose(offset))).toBe(true);

    const next = await runs().load(truncated.sessionId, { name, offset });
    expect(next.offeredTools).toContain('load_artifact');
    expect(next.modelIsError).toBe(false);
    expect(next.range).toEqual({
      name: 'produce_result.txt',
      version: 0,
      mime_type: 'text/plain',
      size_bytes: 10_000,
      offset,
      content: prose(10_000).slice(offset, offset + RETURN_MAX_BYTES),
      next_offset: offset + RETURN_MAX_BYTES,
    });

    const last = await runs().load(truncated.sessionId, { name, offset: next.range?.next_offset });
    expect(last.range).toMatchObject({
      offset: offset + RETURN_MAX_BYTES,
      content: prose(10_000).slice(offset + RETURN_MAX_BYTES),
      next_offset: null,
    });
  });

  test('reads the version asked for; the newest by default', async () => {
    const first = await runs().run('prose3k');
    const second = await runs().run('revised3k', first.sessionId);
    expect(second.artifacts).toHaveLength(1);
    expect(second.artifacts[0]).toMatchObject({
      name: 'produce_result.txt',
      latest: { version: 1 },
    });

    const older = await runs().load(first.sessionId, {
      name: 'produce_result.txt',
      version: 0,
      offset: 100,
      limit: 200,
    });
    expect(older.range).toMatchObject({
      version: 0,
      size_bytes: 3000,
      offset: 100,
      content: prose(3000).slice(100, 300),
      next_offset: 300,
    });

    const newest = await runs().load(first.sessionId, { name: 'produce_result.txt' });
    expect(newest.range).toMatchObject({ version: 1, content: REVISED, next_offset: null });
  });

  test('an unknown name is an error result to the model, and the run goes on', async () => {
    const saved = await runs().run('prose3k');
    const load = await runs().load(saved.sessionId, { name: 'no_such_report.txt' });
    expect(load.modelIsError).toBe(true);
    expect(load.modelText).toContain('no_such_report.txt');
    expect(load.toolResult).toMatchObject({ success: false, code: 'ARTIFACT_NOT_FOUND' });
    expect(load.frames[load.frames.length - 1].data).toMatchObject({
      type: 'complete',
      reason: 'success',
    });
  });

  test('describes a binary artifact without its bytes: content null', async () => {
    const saved = await runs().run('tinyPng');
    const load = await runs().load(saved.sessionId, { name: 'produce_result.png' });
    expect(load.range).toEqual({
      name: 'produce_result.png',
      version: 0,
      mime_type: 'image/png',
      size_bytes: PNG.length,
      offset: 0,
      content: null,
      next_offset: null,
    });
    expectNoBase64(load, PNG);
  });

  test('cannot read an item saved for the user only, though it reads the others of its result', async () => {
    const saved = await runs().run('userOnly');
    const userOnly = saved.artifacts.find((artifact) => artifact.latest.user_only);
    const shown = saved.artifacts.find((artifact) => !artifact.latest.user_only);
    if (!userOnly || !shown) throw new Error('expected a user-only and a shown artifact');

    const refused = await runs().load(saved.sessionId, { name: userOnly.name });
    expect(refused.modelIsError).toBe(true);
    expect(refused.toolResult).toMatchObject({ success: false, code: 'ARTIFACT_NOT_FOUND' });
    expect(refused.nextRequestJson).not.toContain('secret dashboard');

    const allowed = await runs().load(saved.sessionId, { name: shown.name });
    expect(allowed.range).toMatchObject({ content: 'For the model.', next_offset: null });
  });
});
