/**
 * What becomes of a tool result inside a run: the pieces stored as artifacts, and the one shape the
 * model receives. The processor is pure: storing is the caller's `save`.
 */

/** One piece of a tool result to store as an artifact of the run's session. */
export interface ArtifactDraft {
  /** The artifact's file name in its session, sanitised; saving a name again adds a version. */
  name: string;
  mimeType: string;
  /** Exactly the tool's bytes (text as UTF-8, binary decoded from base64). */
  bytes: Buffer;
  /** What it came from. */
  kind: 'text' | 'image' | 'audio' | 'resource' | 'resource_link' | 'structured' | 'raw';
  /** Index in the result's `content[]`; absent for `structuredContent` and the raw fallback. */
  itemIndex?: number;
  /**
   * What was learnt of it: a JSON structure summary, CSV rows/columns/headers, declared and
   * detected binary types (with `type_mismatch`), a resource's URI, ...
   */
  metadata: Record<string, unknown>;
  /** Marked `audience: ["user"]`: saved, never shown or listed to the model. */
  userOnly: boolean;
}

/** A stored artifact version, as runs and the model refer to it. */
export interface SavedArtifact {
  id: string;
  name: string;
  version: number;
  mime_type: string;
  size_bytes: number;
}

/**
 * How processing ended:
 * - `returned`: small text, nothing saved, the model got it in full (1.1);
 * - `saved`: every piece saved; the model got the text in full or truncated (1.2–1.4, 3.1, 4.1);
 * - `partial_success`: malformed items skipped (`skipped`), the others saved; the model reads
 *   `Status: partial_success` above the skipped items (4.3);
 * - `save_failed`: storing failed; the model got the content and the reason (`error`) (3.2);
 * - `failed`: the result could not be processed and raw fallback is off: nothing saved, the
 *   model got `error` (4.4).
 */
export type ToolResponseStatus =
  'returned' | 'saved' | 'partial_success' | 'save_failed' | 'failed';

/** What the model receives for one tool result, and what became of it. */
export interface ModelToolResponse {
  status: ToolResponseStatus;
  /** The text the model reads: the result (whole or truncated) and notes on what was saved. */
  content: string;
  /** The artifacts saved from this result (including user-only ones). */
  artifacts: SavedArtifact[];
  /** Set when `content` holds only the first part of the result's text. */
  truncated?: { shownBytes: number; totalBytes: number };
  /** Items left out because they were malformed. */
  skipped?: { index: number; reason: string }[];
  /** Why saving or processing failed. */
  error?: string;
}

/** The settings processing follows (environment, see `ArtifactsConfig`). */
export interface ToolResponseSettings {
  /** Results whose canonical JSON is larger are saved (ARTIFACT_SAVE_THRESHOLD_BYTES). */
  saveThresholdBytes: number;
  /** The most the model is given of a result; larger ones are saved and truncated. */
  returnMaxBytes: number;
  /** Off: a result to save is saved whole, as one raw `.json` artifact. */
  intelligentProcessing: boolean;
  /** Off: a result that cannot be processed saves nothing and the model gets an error. */
  fallbackToRawOnError: boolean;
}

/** The context of one tool result. */
export interface ToolResponseContext {
  toolName: string;
  settings: ToolResponseSettings;
  /** Stores one piece; throws when it cannot. */
  save(draft: ArtifactDraft): Promise<SavedArtifact>;
}
