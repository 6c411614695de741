import { type SkippedItem } from './normalise-tool-result';
import { type FailedSave } from './save-drafts';
import {
  type ModelToolResponse,
  type SavedArtifact,
  type ToolResponseStatus,
} from './tool-response';
import { truncateUtf8 } from './truncate-utf8';

export interface ModelContentParts {
  /** The result's text as the model should read it, whole. */
  text: string;
  /** The most of `text` the model is given, in bytes; the notes below come on top. */
  returnMaxBytes: number;
  /** A saved artifact whose bytes are exactly `text`: where a truncated text reads on. */
  textArtifact?: SavedArtifact;
  /** Set when the result could not be processed and `text` is its raw JSON. */
  processingError?: string;
  /** How processing ended, as the event records it. */
  status: ToolResponseStatus;
  skipped: SkippedItem[];
  /** The saved artifacts the model may know of (not the user-only ones). */
  saved: SavedArtifact[];
  /** The pieces the model may know of that could not be saved. */
  failed: FailedSave[];
}

export type ModelContent = Pick<ModelToolResponse, 'content' | 'truncated'>;

const SKIPPED_TITLE = 'Skipped malformed content items:';

/**
 * What the model reads of a result: its text, whole or cut to `returnMaxBytes` on a character
 * boundary, then notes, each in its own paragraph: how much was shown and where the rest is; how
 * the result was read; malformed items left out, headed by the status when it is
 * `partial_success`; pieces that could not be saved; the saved artifacts with how to read them.
 * A small text with nothing to note is given exactly as it is.
 */
export function modelContent(parts: ModelContentParts): ModelContent {
  const totalBytes = Buffer.byteLength(parts.text, 'utf8');
  const shown = truncateUtf8(parts.text, parts.returnMaxBytes);
  const shownBytes = Buffer.byteLength(shown, 'utf8');
  const truncated = shownBytes < totalBytes ? { shownBytes, totalBytes } : undefined;
  const sections = [
    shown,
    truncated && partialNote(truncated, parts),
    parts.processingError &&
      `[The result could not be processed (${parts.processingError}); it is given and saved as its raw JSON.]`,
    list(skippedTitle(parts.status), parts.skipped, skippedLine),
    list(
      'Saving failed; these were not stored and cannot be read with load_artifact:',
      parts.failed,
      failedLine,
    ),
    list(
      'Saved artifacts, read with load_artifact {name, version?, offset?, limit?} (offset and limit in bytes):',
      parts.saved,
      savedLine,
    ),
  ];
  const content = sections.filter((section) => section).join('\n\n');
  return truncated ? { content, truncated } : { content };
}

/** What the model reads when the result could not be processed and nothing was saved. */
export function failureContent(toolName: string, error: string, skipped: SkippedItem[]): string {
  return [
    `Error: the result of tool ${JSON.stringify(toolName)} could not be processed: ${error}. Nothing was saved.`,
    list(SKIPPED_TITLE, skipped, skippedLine),
  ]
    .filter((section) => section)
    .join('\n\n');
}

function partialNote(
  { shownBytes, totalBytes }: { shownBytes: number; totalBytes: number },
  { textArtifact, saved, failed }: ModelContentParts,
): string {
  const head = `[Partial result: the first ${shownBytes} of ${totalBytes} bytes are shown.`;
  if (textArtifact) {
    const call = { name: textArtifact.name, version: textArtifact.version, offset: shownBytes };
    return `${head} Read the rest with load_artifact ${JSON.stringify(call)}.]`;
  }
  if (failed.length > 0) {
    return `${head} Saving failed (see below), so the rest may not be readable.]`;
  }
  return saved.length > 0
    ? `${head} The whole result is in the saved artifacts below.]`
    : `${head}]`;
}

/**
 * The heading of the skipped items: a result with items left out and the rest kept is only part
 * of what the tool said, and the model is told so by the status the event records.
 */
function skippedTitle(status: ToolResponseStatus): string {
  return status === 'partial_success' ? `Status: partial_success\n${SKIPPED_TITLE}` : SKIPPED_TITLE;
}

function list<T>(title: string, entries: T[], line: (entry: T) => string): string {
  return entries.length === 0 ? '' : [title, ...entries.map(line)].join('\n');
}

function skippedLine({ index, reason }: SkippedItem): string {
  return `- item ${index}: ${reason}`;
}

function failedLine({ draft, message }: FailedSave): string {
  return `- ${JSON.stringify(draft.name)} (${draft.mimeType}, ${draft.bytes.length} bytes): ${message}`;
}

function savedLine(artifact: SavedArtifact): string {
  return `- ${JSON.stringify(artifact.name)} version ${artifact.version}, ${artifact.mime_type}, ${artifact.size_bytes} bytes`;
}
