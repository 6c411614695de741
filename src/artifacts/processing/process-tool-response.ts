import { itemDrafts, rawDraft } from './artifact-drafts';
import {
  failureContent,
  type ModelContent,
  modelContent,
  type ModelContentParts,
} from './model-content';
import {
  type NormalisationFailure,
  type NormalisedResult,
  normaliseToolResult,
  type SkippedItem,
} from './normalise-tool-result';
import { type SaveOutcome, saveDrafts } from './save-drafts';
import {
  type ArtifactDraft,
  type ModelToolResponse,
  type ToolResponseContext,
  type ToolResponseSettings,
  type ToolResponseStatus,
} from './tool-response';

const NOTHING_SAVED: SaveOutcome = { saved: [], failed: [] };

/**
 * Decides what of a tool result becomes artifacts and what the model receives. `result` is an `mcp`
 * tool's `ToolContentResult` or a builtin or http tool's plain value. A result is saved when its
 * canonical JSON is larger than the save threshold or the return limit, or when it holds anything
 * but text the model may read (an image, audio, a resource, a user-only item); the model gets its
 * text, truncated beyond the return limit, with notes on what was saved. Never throws: a failure is
 * a status the caller reads.
 */
export async function processToolResponse(
  result: unknown,
  context: ToolResponseContext,
): Promise<ModelToolResponse> {
  try {
    const normalisation = normaliseToolResult(result);
    return normalisation.ok
      ? await processResult(normalisation.result, context)
      : await fallBack(normalisation, context);
  } catch (error) {
    // A plain value JSON cannot hold (a BigInt, a cycle) can be neither shown nor saved.
    const message = `the result could not be read: ${messageOf(error)}`;
    return failed(context.toolName, message, []);
  }
}

async function processResult(
  result: NormalisedResult,
  context: ToolResponseContext,
): Promise<ModelToolResponse> {
  const { settings } = context;
  const outcome = mustSave(result, settings)
    ? await saveDrafts(draftsOf(result, context), context)
    : NOTHING_SAVED;
  const status = statusOf(outcome, result.skipped);
  const content = contentOf(modelText(result), settings, outcome, {
    status,
    skipped: result.skipped,
  });
  return respond(status, outcome, result.skipped, content);
}

/** A typed draft per piece, or, with intelligent processing off, the whole result as one. */
function draftsOf(
  result: NormalisedResult,
  { toolName, settings }: ToolResponseContext,
): ArtifactDraft[] {
  return settings.intelligentProcessing
    ? itemDrafts(result, toolName)
    : [rawDraft(result.raw, toolName, {})];
}

/**
 * A result that could not be processed: saved whole as its raw JSON, which the model reads
 * (4.2), or, with the fallback off, nothing saved and the model told why (4.4).
 */
async function fallBack(
  failure: NormalisationFailure,
  context: ToolResponseContext,
): Promise<ModelToolResponse> {
  const { toolName, settings } = context;
  if (!settings.fallbackToRawOnError) return failed(toolName, failure.error, failure.skipped);
  const draft = rawDraft(failure.raw, toolName, { error: failure.error });
  const outcome = await saveDrafts([draft], context);
  const saveError = saveErrorOf(outcome);
  const status = saveError ? 'save_failed' : 'saved';
  const content = contentOf(draft.bytes.toString('utf8'), settings, outcome, {
    status,
    skipped: failure.skipped,
    processingError: failure.error,
  });
  return {
    status,
    ...content,
    artifacts: outcome.saved.map(({ artifact }) => artifact),
    ...(failure.skipped.length > 0 && { skipped: failure.skipped }),
    error: saveError ? `${failure.error}; ${saveError}` : failure.error,
  };
}

/**
 * What the model reads as the result: its visible text items joined by line breaks; with none,
 * the structured content's JSON, so a result that is only structured is not empty to it.
 */
function modelText(result: NormalisedResult): string {
  const texts = result.items.flatMap((item) =>
    item.type === 'text' && !item.userOnly ? [item.text] : [],
  );
  return texts.length === 0 && result.structuredContent
    ? JSON.stringify(result.structuredContent)
    : texts.join('\n');
}

function mustSave(result: NormalisedResult, settings: ToolResponseSettings): boolean {
  return (
    result.sizeBytes > settings.saveThresholdBytes ||
    result.sizeBytes > settings.returnMaxBytes ||
    // Only an artifact keeps what the model does not read as text.
    result.items.some((item) => item.type !== 'text' || item.userOnly)
  );
}

function contentOf(
  text: string,
  settings: ToolResponseSettings,
  outcome: SaveOutcome,
  notes: Pick<ModelContentParts, 'status' | 'skipped' | 'processingError'>,
): ModelContent {
  const textBytes = Buffer.from(text, 'utf8');
  const visible = ({ draft }: { draft: ArtifactDraft }) => !draft.userOnly;
  const saved = outcome.saved.filter(visible);
  return modelContent({
    text,
    returnMaxBytes: settings.returnMaxBytes,
    textArtifact: saved.find(({ draft }) => draft.bytes.equals(textBytes))?.artifact,
    ...notes,
    saved: saved.map(({ artifact }) => artifact),
    failed: outcome.failed.filter(visible),
  });
}

function respond(
  status: ToolResponseStatus,
  outcome: SaveOutcome,
  skipped: SkippedItem[],
  content: ModelContent,
): ModelToolResponse {
  const error = saveErrorOf(outcome);
  return {
    status,
    ...content,
    artifacts: outcome.saved.map(({ artifact }) => artifact),
    ...(skipped.length > 0 && { skipped }),
    ...(error && { error }),
  };
}

function statusOf(outcome: SaveOutcome, skipped: SkippedItem[]): ToolResponseStatus {
  if (outcome.failed.length > 0) return 'save_failed';
  if (skipped.length > 0) return 'partial_success';
  return outcome.saved.length > 0 ? 'saved' : 'returned';
}

function saveErrorOf({ failed }: SaveOutcome): string | undefined {
  if (failed.length === 0) return undefined;
  return failed
    .map(({ draft, message }) => `saving artifact ${JSON.stringify(draft.name)} failed: ${message}`)
    .join('; ');
}

function failed(toolName: string, error: string, skipped: SkippedItem[]): ModelToolResponse {
  return {
    status: 'failed',
    content: failureContent(toolName, error, skipped),
    artifacts: [],
    ...(skipped.length > 0 && { skipped }),
    error,
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
