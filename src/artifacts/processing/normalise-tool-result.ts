import { ToolContentResult } from '../../tools/tool-content-result';
import { canonicalJson } from './canonical-json';
import { type ContentItem, readContentItem } from './content-items';
import { isRecord } from './is-record';
import { type ModelToolResponse } from './tool-response';

/** A content item left out because it was malformed. */
export type SkippedItem = NonNullable<ModelToolResponse['skipped']>[number];

/** A tool result in the MCP `CallToolResult` shape, its items validated. */
export interface NormalisedResult {
  items: ContentItem[];
  /** How many items `content[]` had, malformed ones included. */
  itemCount: number;
  skipped: SkippedItem[];
  /** Left out when a text item holds the same value: it is counted and saved once. */
  structuredContent?: Record<string, unknown>;
  /**
   * UTF-8 bytes of the canonical JSON of `{content, structuredContent, isError}`: the valid items
   * as sent, `structuredContent` unless left out as above.
   */
  sizeBytes: number;
  /** The result as a whole, saved as it is when intelligent processing is off. */
  raw: unknown;
}

/** Why a result could not be processed; the raw fallback, when on, saves it whole instead. */
export interface NormalisationFailure {
  error: string;
  /** What the raw fallback saves. */
  raw: unknown;
  skipped: SkippedItem[];
}

export type Normalisation =
  { ok: true; result: NormalisedResult } | ({ ok: false } & NormalisationFailure);

/**
 * Reads a tool result as an MCP `CallToolResult`: an `mcp` tool's raw result, validated item by
 * item (a malformed item is skipped with its reason, the others go on); a builtin or http tool's
 * plain value as one text item (the string itself, else its JSON) with, for a plain object, the
 * object as `structuredContent`. A result that is not an object, has no `content` list, or whose
 * items are all malformed (and no `structuredContent`) cannot be processed. Throws only for a
 * plain value JSON cannot hold (a BigInt, a cycle).
 */
export function normaliseToolResult(result: unknown): Normalisation {
  return readCallToolResult(
    result instanceof ToolContentResult ? result.raw : asCallToolResult(result),
  );
}

function asCallToolResult(value: unknown): Record<string, unknown> {
  // JSON has no undefined (a tool that returned nothing): it reads as null.
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? 'null');
  const content = [{ type: 'text', text }];
  return isRecord(value) ? { content, structuredContent: value } : { content };
}

function readCallToolResult(raw: unknown): Normalisation {
  if (!isRecord(raw)) return fail(`the result is not an object (got ${kindOf(raw)})`, raw);
  const content = raw.content;
  if (!Array.isArray(content)) {
    return fail(`its content is not a list (got ${kindOf(content)})`, raw);
  }
  const items: ContentItem[] = [];
  const skipped: SkippedItem[] = [];
  content.forEach((value: unknown, index) => {
    const reading = readContentItem(value, index);
    if (reading.ok) items.push(reading.item);
    else skipped.push({ index, reason: reading.reason });
  });
  const structuredContent = isRecord(raw.structuredContent) ? raw.structuredContent : undefined;
  if (items.length === 0 && skipped.length > 0 && !structuredContent) {
    return fail('every content item is malformed', raw, skipped);
  }
  const kept =
    structuredContent && !repeatsText(structuredContent, items) ? structuredContent : undefined;
  const shape = {
    content: items.map((item): unknown => content[item.index]),
    structuredContent: kept,
    isError: typeof raw.isError === 'boolean' ? raw.isError : undefined,
  };
  return {
    ok: true,
    result: {
      items,
      itemCount: content.length,
      skipped,
      structuredContent: kept,
      // Key order changes no byte: the canonical JSON is as long as any other.
      sizeBytes: Buffer.byteLength(JSON.stringify(shape), 'utf8'),
      raw,
    },
  };
}

/**
 * Whether a text item holds `structured` as JSON (servers repeat structured content as text for
 * older clients), compared by canonical JSON so key order does not matter.
 */
function repeatsText(structured: Record<string, unknown>, items: ContentItem[]): boolean {
  const exact = JSON.stringify(structured);
  let expected: string | undefined;
  return items.some((item) => {
    if (item.type !== 'text') return false;
    // A plain value's text is its JSON, byte for byte: no need to parse it back.
    if (item.text === exact) return true;
    expected ??= canonicalJson(structured);
    try {
      return canonicalJson(JSON.parse(item.text)) === expected;
    } catch {
      return false;
    }
  });
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'array' : typeof value;
}

function fail(error: string, raw: unknown, skipped: SkippedItem[] = []): Normalisation {
  return { ok: false, error, raw, skipped };
}
