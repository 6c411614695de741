const ATX_HEADING = /^ {0,3}#{1,6}[ \t]+\S/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const LIST_ITEM = /^ {0,3}(?:[-*+]|\d{1,9}[.)])[ \t]+\S/;
/** A table's `|---|:--:|` row: dashes with optional alignment colons, between pipes. */
const TABLE_SEPARATOR = /^ *\|? *:?-+:? *(?:\| *:?-+:? *)*\|? *$/;
const LINK = /\[[^\]\n]+\]\([^()\s]+\)/;
/** Markdown that only counts beside a list: `**bold**`, `__bold__`, `` `code` ``. */
const INLINE = /\*\*[^*\n]+\*\*|__[^_\n]+__|`[^`\n]+`/;

/**
 * Whether a text is clearly Markdown: an ATX heading (`# Title`), a closed fenced code block, a
 * table with its `|---|` separator row, a link `[text](url)`, or a list of at least 2 items with
 * bold or inline code. A lone `*` or `:` (`3 * 4 = 12`, `Note: call me later`) is prose.
 */
export function isMarkdown(text: string): boolean {
  const lines = text.split(/\r?\n/);
  return (
    lines.some((line) => ATX_HEADING.test(line)) ||
    hasFencedBlock(lines) ||
    lines.some((line, i) => i > 0 && isTableSeparator(line) && lines[i - 1].includes('|')) ||
    LINK.test(text) ||
    (lines.filter((line) => LIST_ITEM.test(line)).length >= 2 && INLINE.test(text))
  );
}

/** An opening fence and, on a later line, a closing one of the same character, as long or longer. */
function hasFencedBlock(lines: string[]): boolean {
  return lines.some((line, i) => {
    const fence = FENCE.exec(line)?.[1];
    if (fence === undefined) return false;
    const closing = new RegExp(`^ {0,3}${fence[0]}{${fence.length},}[ \\t]*$`);
    return lines.slice(i + 1).some((later) => closing.test(later));
  });
}

function isTableSeparator(line: string): boolean {
  return line.includes('|') && TABLE_SEPARATOR.test(line);
}
