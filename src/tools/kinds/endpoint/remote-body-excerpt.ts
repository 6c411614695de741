/**
 * The most of a remote body that error details show: enough to tell why an endpoint failed,
 * too little to read a service through a tool that points at it.
 */
export const REMOTE_BODY_EXCERPT_CHARS = 512;

/** `text` whole when short, else its start and how much was left out. */
export function excerptOf(text: string): string {
  if (text.length <= REMOTE_BODY_EXCERPT_CHARS) return text;
  const omitted = text.length - REMOTE_BODY_EXCERPT_CHARS;
  return `${text.slice(0, REMOTE_BODY_EXCERPT_CHARS)}… (${omitted} more characters)`;
}

/** A remote body for error details: as read (`value`, JSON parsed) when short, else an excerpt of `text`. */
export function bodyForDetails(text: string, value: unknown): unknown {
  return text.length <= REMOTE_BODY_EXCERPT_CHARS ? value : excerptOf(text);
}
