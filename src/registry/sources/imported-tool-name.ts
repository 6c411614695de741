import { createHash } from 'node:crypto';

/** The longest tool name: MCP clients refuse longer ones. */
const MAX_TOOL_NAME = 64;
/** `_` and 8 hex characters of a hash, which keep a cut or clashing name unique. */
const SUFFIX_LENGTH = 9;

/**
 * The name an upstream's tool takes in toolhub: `{source}__{upstream}`, each character outside
 * `[A-Za-z0-9_-]` made `_`. A name past 64 characters is cut and suffixed with a hash of the
 * upstream's own name, so two long names sharing a start stay apart; the same happens when the
 * cleaned name is `taken` (two upstream names that clean alike, `a.b` and `a_b`). The name is
 * fixed when the tool is first imported, so it never changes under the agents that use it.
 */
export function importedToolName(
  source: string,
  upstream: string,
  taken: (name: string) => boolean,
): string {
  const cleaned = `${source}__${upstream}`.replace(/[^A-Za-z0-9_-]/g, '_');
  if (cleaned.length <= MAX_TOOL_NAME && !taken(cleaned)) return cleaned;
  const hash = createHash('sha256').update(upstream).digest('hex').slice(0, 8);
  return `${cleaned.slice(0, MAX_TOOL_NAME - SUFFIX_LENGTH)}_${hash}`;
}
