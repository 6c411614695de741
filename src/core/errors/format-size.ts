/** 51200 → "50KB", as tool callers read the limit; other sizes keep their exact byte count. */
export function formatSize(bytes: number): string {
  return bytes % 1024 === 0 ? `${bytes / 1024}KB` : `${bytes} bytes`;
}
