import { type ArtifactDraft, type SavedArtifact, type ToolResponseContext } from './tool-response';

/** A draft that could not be stored, and why. */
export interface FailedSave {
  draft: ArtifactDraft;
  message: string;
}

export interface SaveOutcome {
  saved: { draft: ArtifactDraft; artifact: SavedArtifact }[];
  failed: FailedSave[];
}

/**
 * Stores the drafts one after the other, in order (versions follow the result's order). One
 * failing does not stop the others: what did save is still the model's to read.
 */
export async function saveDrafts(
  drafts: ArtifactDraft[],
  store: Pick<ToolResponseContext, 'save'>,
): Promise<SaveOutcome> {
  const outcome: SaveOutcome = { saved: [], failed: [] };
  for (const draft of drafts) {
    try {
      outcome.saved.push({ draft, artifact: await store.save(draft) });
    } catch (error) {
      outcome.failed.push({
        draft,
        message: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return outcome;
}
