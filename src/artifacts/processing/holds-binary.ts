import { isRecord } from './is-record';

/** MCP content items with base64 data: images, audio, embedded blobs. */
export function holdsBinary(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.some(
      (item) =>
        isRecord(item) &&
        (item.type === 'image' ||
          item.type === 'audio' ||
          (item.type === 'resource' && isRecord(item.resource) && 'blob' in item.resource)),
    )
  );
}
