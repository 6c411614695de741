import { saveDrafts } from './save-drafts';
import { type ArtifactDraft, type SavedArtifact } from './tool-response';

const draft = (name: string): ArtifactDraft => ({
  name,
  mimeType: 'text/plain',
  bytes: Buffer.from(name),
  kind: 'text',
  metadata: {},
  userOnly: false,
});

const artifact = (name: string): SavedArtifact => ({
  id: `id-${name}`,
  name,
  version: 1,
  mime_type: 'text/plain',
  size_bytes: name.length,
});

describe('saveDrafts', () => {
  it('saves every draft in order', async () => {
    const order: string[] = [];
    const outcome = await saveDrafts([draft('a'), draft('b')], {
      save: async (d) => {
        order.push(d.name);
        await Promise.resolve();
        return artifact(d.name);
      },
    });
    expect(order).toEqual(['a', 'b']);
    expect(outcome.saved.map((s) => s.artifact.id)).toEqual(['id-a', 'id-b']);
    expect(outcome.failed).toEqual([]);
  });

  it('goes on after a failure and keeps its message', async () => {
    const drafts = [draft('a'), draft('b'), draft('c')];
    const outcome = await saveDrafts(drafts, {
      save: (d) => {
        if (d.name === 'a') return Promise.reject(new Error('disk full'));
        if (d.name === 'b') throw 'quota'; // eslint-disable-line @typescript-eslint/only-throw-error
        return Promise.resolve(artifact(d.name));
      },
    });
    expect(outcome.failed).toEqual([
      { draft: drafts[0], message: 'disk full' },
      { draft: drafts[1], message: 'quota' },
    ]);
    expect(outcome.saved).toEqual([{ draft: drafts[2], artifact: artifact('c') }]);
  });
});
