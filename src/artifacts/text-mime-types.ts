const TEXT_TYPES = new Set(['application/json', 'application/x-yaml', 'text/uri-list']);

/** Whether bytes of `mimeType` are text (UTF-8) rather than binary. */
export function isTextMimeType(mimeType: string): boolean {
  return mimeType.startsWith('text/') || TEXT_TYPES.has(mimeType);
}
