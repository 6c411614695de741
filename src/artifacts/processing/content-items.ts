import { isRecord } from './is-record';
import { decodeStrictBase64 } from './strict-base64';

interface ItemBase {
  /** Index in the result's `content[]`. */
  index: number;
  /** `annotations.audience` names the user alone: saved, never shown to the model. */
  userOnly: boolean;
}

export interface TextItem extends ItemBase {
  type: 'text';
  text: string;
}

export interface MediaItem extends ItemBase {
  type: 'image' | 'audio';
  /** Decoded, never empty. */
  bytes: Buffer;
  mimeType?: string;
}

export interface ResourceItem extends ItemBase {
  type: 'resource';
  uri: string;
  mimeType?: string;
  /** Embedded text, never empty; neither this nor `blob`: the resource is only referred to. */
  text?: string;
  /** Embedded binary, decoded, never empty. */
  blob?: Buffer;
}

export interface ResourceLinkItem extends ItemBase {
  type: 'resource_link';
  uri: string;
  name?: string;
  mimeType?: string;
  description?: string;
}

/** A valid item of an MCP result's `content[]`, binary data decoded. */
export type ContentItem = TextItem | MediaItem | ResourceItem | ResourceLinkItem;

export type ItemReading = { ok: true; item: ContentItem } | { ok: false; reason: string };

/**
 * Validates one item of `content[]` as an MCP server sent it. Required fields must be there with
 * their type (a text's `text`, an image's or audio's non-empty base64 `data`, a resource's `uri`);
 * optional strings (`mimeType`, `name`, `description`) of another type, or empty, count as absent.
 */
export function readContentItem(value: unknown, index: number): ItemReading {
  if (!isRecord(value)) return malformed('the item is not an object');
  const base = { index, userOnly: isUserOnly(value.annotations) };
  switch (value.type) {
    case 'text':
      return typeof value.text === 'string'
        ? { ok: true, item: { ...base, type: 'text', text: value.text } }
        : malformed('the text item has no text string');
    case 'image':
    case 'audio':
      return readMedia(value.type, value, base);
    case 'resource':
      return readResource(value.resource, base);
    case 'resource_link':
      return readResourceLink(value, base);
    default:
      return malformed(
        typeof value.type === 'string'
          ? `unknown content type ${JSON.stringify(value.type)}`
          : 'the item has no type',
      );
  }
}

function readMedia(
  type: MediaItem['type'],
  value: Record<string, unknown>,
  base: ItemBase,
): ItemReading {
  if (typeof value.data !== 'string') return malformed(`the ${type} item has no data string`);
  // An image or audio item is there only for its bytes: with none it holds no image or sound.
  // (A resource is different: with empty contents it is only referred to by its URI.)
  if (value.data === '') return malformed(`the ${type} data is empty`);
  const decoded = decodeStrictBase64(value.data);
  if (!decoded.ok) return malformed(`the ${type} data is not valid base64: ${decoded.reason}`);
  const mimeType = optionalString(value.mimeType);
  return { ok: true, item: { ...base, type, bytes: decoded.bytes, mimeType } };
}

function readResource(resource: unknown, base: ItemBase): ItemReading {
  if (!isRecord(resource)) return malformed('the resource item has no resource object');
  const { uri, text, blob } = resource;
  if (typeof uri !== 'string' || uri === '') return malformed('the resource has no uri');
  if (text !== undefined && typeof text !== 'string') {
    return malformed('the resource text is not a string');
  }
  if (blob !== undefined && typeof blob !== 'string') {
    return malformed('the resource blob is not a string');
  }
  if (text !== undefined && blob !== undefined) {
    return malformed('the resource has both text and blob');
  }
  const mimeType = optionalString(resource.mimeType);
  // MCP requires `text` or `blob` of embedded contents, so a server that has only the URI sends
  // one of them empty: empty contents are none, the resource only referred to. Whitespace is
  // content (a file of one line break), kept as sent.
  if (blob === undefined || blob === '') {
    const embedded = text === '' ? undefined : text;
    return { ok: true, item: { ...base, type: 'resource', uri, mimeType, text: embedded } };
  }
  const decoded = decodeStrictBase64(blob);
  if (!decoded.ok) return malformed(`the resource blob is not valid base64: ${decoded.reason}`);
  return { ok: true, item: { ...base, type: 'resource', uri, mimeType, blob: decoded.bytes } };
}

function readResourceLink(value: Record<string, unknown>, base: ItemBase): ItemReading {
  if (typeof value.uri !== 'string' || value.uri === '') {
    return malformed('the resource link has no uri');
  }
  return {
    ok: true,
    item: {
      ...base,
      type: 'resource_link',
      uri: value.uri,
      name: optionalString(value.name),
      mimeType: optionalString(value.mimeType),
      description: optionalString(value.description),
    },
  };
}

/** `audience` lists the user and no one else (not the assistant, i.e. the model). */
function isUserOnly(annotations: unknown): boolean {
  if (!isRecord(annotations) || !Array.isArray(annotations.audience)) return false;
  const audience: unknown[] = annotations.audience;
  return audience.length > 0 && audience.every((role) => role === 'user');
}

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function malformed(reason: string): ItemReading {
  return { ok: false, reason };
}
