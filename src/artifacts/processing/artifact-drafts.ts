import { fileNameFromUri, rawName, resultName, structuredName, uniqueName } from './artifact-names';
import { describeBinary } from './binary-type';
import { classifyText, jsonSummary } from './classify-text';
import { type ContentItem, type MediaItem, type ResourceItem } from './content-items';
import { type NormalisedResult } from './normalise-tool-result';
import { type ArtifactDraft } from './tool-response';

/** A draft but for what every item adds the same way: its index and audience. */
type Piece = Omit<ArtifactDraft, 'itemIndex' | 'userOnly'>;

/**
 * One draft per item of the result, each typed by its content, then one for its structured
 * content; names stay unique within the result.
 */
export function itemDrafts(result: NormalisedResult, toolName: string): ArtifactDraft[] {
  const drafts = result.items.map((item): ArtifactDraft => ({
    ...pieceOf(item, toolName, result.itemCount),
    itemIndex: item.index,
    userOnly: item.userOnly,
  }));
  if (result.structuredContent) {
    drafts.push({
      name: structuredName(toolName),
      mimeType: 'application/json',
      bytes: Buffer.from(JSON.stringify(result.structuredContent), 'utf8'),
      kind: 'structured',
      metadata: jsonSummary(result.structuredContent),
      userOnly: false,
    });
  }
  const taken = new Set<string>();
  return drafts.map((draft) => ({ ...draft, name: uniqueName(draft.name, taken) }));
}

/** The whole result as its JSON, one artifact (intelligent processing off, or the fallback). */
export function rawDraft(
  raw: unknown,
  toolName: string,
  metadata: Record<string, unknown>,
): ArtifactDraft {
  return {
    name: rawName(toolName),
    mimeType: 'application/json',
    // JSON has no undefined: a result that is nothing is saved as null.
    bytes: Buffer.from(JSON.stringify(raw) ?? 'null', 'utf8'),
    kind: 'raw',
    metadata,
    userOnly: false,
  };
}

function pieceOf(item: ContentItem, toolName: string, itemCount: number): Piece {
  switch (item.type) {
    case 'text': {
      const format = classifyText(item.text);
      return {
        name: resultName(toolName, format.extension, item.index, itemCount),
        mimeType: format.mimeType,
        bytes: Buffer.from(item.text, 'utf8'),
        kind: 'text',
        metadata: format.metadata,
      };
    }
    case 'image':
    case 'audio':
      return mediaPiece(item, toolName, itemCount);
    case 'resource':
      return resourcePiece(item);
    case 'resource_link':
      return {
        ...reference(item.uri),
        kind: 'resource_link',
        metadata: definedOnly({
          uri: item.uri,
          name: item.name,
          description: item.description,
          declared_type: item.mimeType,
        }),
      };
  }
}

function mediaPiece(item: MediaItem, toolName: string, itemCount: number): Piece {
  const type = describeBinary(item.bytes, item.mimeType);
  return {
    name: resultName(toolName, type.extension, item.index, itemCount),
    mimeType: type.mimeType,
    bytes: item.bytes,
    kind: item.type,
    metadata: type.metadata,
  };
}

/**
 * A resource under the name its URI gives: its embedded text (of its declared type, else
 * text/plain), its embedded blob (typed by its bytes), or, with neither, a reference to it.
 */
function resourcePiece(item: ResourceItem): Piece {
  const base = { name: fileNameFromUri(item.uri), kind: 'resource' as const };
  if (item.text !== undefined) {
    return {
      ...base,
      mimeType: item.mimeType ?? 'text/plain',
      bytes: Buffer.from(item.text, 'utf8'),
      metadata: { uri: item.uri },
    };
  }
  if (item.blob) {
    const type = describeBinary(item.blob, item.mimeType);
    return {
      ...base,
      mimeType: type.mimeType,
      bytes: item.blob,
      metadata: { uri: item.uri, ...type.metadata },
    };
  }
  return {
    ...reference(item.uri),
    kind: 'resource',
    metadata: definedOnly({ uri: item.uri, declared_type: item.mimeType }),
  };
}

/**
 * What stands for content that is only pointed to, never fetched: a `text/uri-list` of its one
 * URI as sent, under the name the URI gives. MCP asks for no scheme, so a bare path such as
 * `reports/q3.pdf` is kept as it is.
 */
function reference(uri: string): Pick<ArtifactDraft, 'name' | 'mimeType' | 'bytes'> {
  return { name: fileNameFromUri(uri), mimeType: 'text/uri-list', bytes: Buffer.from(uri, 'utf8') };
}

/** Metadata without the optional fields the item did not have. */
function definedOnly(metadata: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(metadata).filter(([, value]) => value !== undefined));
}
