/** Longer names are shortened, keeping their extension. */
const MAX_NAME_CHARS = 100;
/** The tool's part of a generated name, so the `_result_<n>.<ext>` part always fits after it. */
const MAX_TOOL_CHARS = 64;

const EXTENSION = /\.[^.\s]{1,16}$/;
const URI_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/**
 * A name safe as one artifact file name: control characters, `/` and `\` become `_`; runs of
 * dots become one (no `..`); leading and trailing dots and spaces go (no hidden or `.` names);
 * at most `maxChars` characters, the extension kept; `fallback` when nothing is left.
 */
export function sanitiseFileName(
  name: string,
  fallback: string,
  maxChars = MAX_NAME_CHARS,
): string {
  const cleaned = trimDotsAndSpaces(
    Array.from(name, (char) => (isUnsafe(char) ? '_' : char))
      .join('')
      .replace(/\.{2,}/g, '.'),
  );
  return cleaned === '' ? fallback : shorten(cleaned, maxChars);
}

/**
 * The file name a resource is saved under: the URI's last non-empty path segment (scheme, query
 * and fragment left out; `/` and `\` both separate), percent-decoded, then sanitised; `resource`
 * when nothing is left. A host-only URI such as `memo://insights` gives its host.
 */
export function fileNameFromUri(uri: string): string {
  const path = uri.replace(URI_SCHEME, '').split(/[?#]/)[0];
  const segment =
    path
      .split(/[/\\]/)
      .filter((part) => part !== '')
      .pop() ?? '';
  return sanitiseFileName(percentDecoded(segment), 'resource');
}

/**
 * `<tool>_result.<ext>` for the one item of a result, `<tool>_result_<index>.<ext>` when the
 * result has several: the same tool polled again saves under the same names (a new version).
 */
export function resultName(
  toolName: string,
  extension: string,
  itemIndex: number,
  itemCount: number,
): string {
  const suffix = itemCount > 1 ? `_${itemIndex}` : '';
  return `${toolPart(toolName)}_result${suffix}.${extension}`;
}

/** The name of a result's `structuredContent`. */
export function structuredName(toolName: string): string {
  return `${toolPart(toolName)}_structured.json`;
}

/** The name of a result saved whole, as it came. */
export function rawName(toolName: string): string {
  return `${toolPart(toolName)}_raw.json`;
}

/**
 * `name`, or when another piece of the same result took it (two resources named `data.json`),
 * `name` with `_2`, `_3`, ... before its extension. Records the name it returns in `taken`.
 */
export function uniqueName(name: string, taken: Set<string>): string {
  let unique = name;
  for (let n = 2; taken.has(unique); n++) unique = withSuffix(name, `_${n}`);
  taken.add(unique);
  return unique;
}

function toolPart(toolName: string): string {
  return sanitiseFileName(toolName, 'tool', MAX_TOOL_CHARS);
}

function shorten(name: string, maxChars: number): string {
  if (Array.from(name).length <= maxChars) return name;
  const extension = EXTENSION.exec(name)?.[0] ?? '';
  const stem = name.slice(0, name.length - extension.length);
  return cut(stem, maxChars - extension.length) + extension;
}

function withSuffix(name: string, suffix: string): string {
  const extension = EXTENSION.exec(name)?.[0] ?? '';
  const stem = name.slice(0, name.length - extension.length);
  return cut(stem, MAX_NAME_CHARS - suffix.length - extension.length) + suffix + extension;
}

/** The first `maxChars` characters (not UTF-16 units), without dots or spaces at the end. */
function cut(text: string, maxChars: number): string {
  return trimDotsAndSpaces(Array.from(text).slice(0, Math.max(0, maxChars)).join(''));
}

function trimDotsAndSpaces(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isDotOrSpace(text[start])) start++;
  while (end > start && isDotOrSpace(text[end - 1])) end--;
  return text.slice(start, end);
}

function isDotOrSpace(char: string): boolean {
  return char === '.' || char.trim() === '';
}

/** C0 and C1 control characters, DEL, and path separators. */
function isUnsafe(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return code < 0x20 || (code >= 0x7f && code <= 0x9f) || char === '/' || char === '\\';
}

function percentDecoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // a stray `%` is part of the name
  }
}
