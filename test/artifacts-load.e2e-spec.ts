/**
 * `load_artifact` end to end (issue 13, seed 004 row 5.2 beyond its first range): a run's agent
 * (the real Anthropic SDK against the local wire-format server) saves artifacts through a real
 * MCP server's results, then, in later runs of the session, is scripted to read them; the test
 * reads what the model was given back in its next request.
 */
import { expectNoBase64, readOnCall, useArtifactServers } from './support/artifact-runs';
import { PNG, forUserOnly, image, prose, text } from './support/content-mcp-server';

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

describeWithApp('load_artifact with the default settings', {}, (runs) => {
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
