type BlockKind = 'map' | 'seq';

interface Block {
  indent: number;
  kind: BlockKind;
  /** A sequence at its parent key's own indent (`key:\n- a`): the next key closes it. */
  compact: boolean;
}

/** Plain keys: identifiers, paths and dotted names (`app.kubernetes.io/name`), no spaces. */
const PLAIN_KEY = /^[\w$][\w$./-]*:(?:[ \t]|$)/;
/** `|` or `>` with an optional indentation and chomping indicator, in either order. */
const BLOCK_SCALAR = /^[|>](?:[1-9][+-]?|[+-][1-9]?)?[ \t]*(?:#.*)?$/;
/** First characters a plain scalar cannot have (anchors, aliases, tags and reserved ones). */
const BAD_PLAIN_START = /^(?:[,\]}&*!%@`]|[-?:](?:[ \t]|$))/;

/**
 * Whether a text is structured YAML, told by a small strict recogniser (no YAML parser is a
 * dependency): block mappings (`key: value`, plain or quoted keys without spaces) and sequences
 * (`- item`), nested by consistent space indentation, with plain, quoted, one-line flow (`[a, b]`)
 * or block (`|`, `>`) values. It must hold at least 2 entries over at least 2 lines, or start with
 * `---` and hold one. A flat mapping whose keys are all capitalised (`Error: …` over `Cause: …`)
 * reads as the labelled lines of a message unless it starts with `---`. What it does not understand (anchors, aliases, tags, multi-line plain or
 * flow scalars, `- - x`) is not YAML here; such text stays plain.
 * `#` lines are comments only beside a mapping or after `---`: `# Todo` over a bare `- item`
 * list is a Markdown heading.
 */
export function isStructuredYaml(text: string): boolean {
  const shape = new YamlShape();
  return text.split(/\r?\n/).every((line) => shape.read(line)) && shape.isStructured();
}

class YamlShape {
  private blocks: Block[] = [];
  /** The entry whose value is a block on the next lines, when the previous line left it empty. */
  private opened?: { indent: number; kind: BlockKind };
  /** Inside a `|` or `>` scalar: its lines are indented deeper than this. */
  private scalarIndent?: number;
  private entries = 0;
  private lines = 0;
  private documentStart = false;
  private mapping = false;
  private comments = false;
  /** Anything but one flat mapping: a sequence, or a block inside another. */
  private nested = false;
  /** A mapping key that does not start with a capital letter (lower case, a digit, a quote…). */
  private uncapitalisedKey = false;

  /** Takes one line; false when it cannot be YAML of the shape recognised. */
  read(line: string): boolean {
    if (this.scalarIndent !== undefined) {
      if (line.trim() === '' || indentOf(line) > this.scalarIndent) return true;
      this.scalarIndent = undefined;
    }
    const trimmed = line.trim();
    if (trimmed === '') return true;
    if (trimmed.startsWith('#')) {
      this.comments = true;
      return true;
    }
    if (line.trimEnd() === '---' || line.trimEnd() === '...') return this.marker(line.trimEnd());
    const indent = indentOf(line);
    if (line[indent] === '\t') return false; // YAML indents with spaces only
    this.lines++;
    const body = line.slice(indent).trimEnd();
    return this.place(indent, isSequenceItem(body) ? 'seq' : 'map') && this.entry(indent, body);
  }

  isStructured(): boolean {
    if (this.documentStart) return this.entries >= 1;
    if (this.comments && !this.mapping) return false;
    // `Error: …` over `Cause: …`, `Total: 5` over `Failed: 0`: labelled lines of a message.
    if (this.mapping && !this.nested && !this.uncapitalisedKey) return false;
    return this.entries >= 2 && this.lines >= 2;
  }

  /** `---` starts a document (the text's first, or the next one); `...` ends one. */
  private marker(line: string): boolean {
    if (line === '---' && this.lines === 0) this.documentStart = true;
    this.blocks = [];
    this.opened = undefined;
    return true;
  }

  /** Fits a line at `indent` into the open blocks: the next one down, or one already open. */
  private place(indent: number, kind: BlockKind): boolean {
    const opened = this.opened;
    this.opened = undefined;
    const compact = opened?.kind === 'map' && indent === opened.indent && kind === 'seq';
    this.nested ||= kind === 'seq';
    if ((opened && indent > opened.indent) || compact || this.blocks.length === 0) {
      this.blocks.push({ indent, kind, compact });
      this.nested ||= this.blocks.length > 1;
      return true;
    }
    while (this.blocks.length > 1 && closes(this.blocks[this.blocks.length - 1], indent, kind)) {
      this.blocks.pop();
    }
    const top = this.blocks[this.blocks.length - 1];
    return top.indent === indent && top.kind === kind;
  }

  /** Reads a placed line: `- item`, `- key: value` or `key: value`. */
  private entry(indent: number, body: string): boolean {
    this.entries++;
    if (!isSequenceItem(body)) {
      const value = mappingValue(body);
      this.mapping ||= value !== undefined;
      this.uncapitalisedKey ||= !/^[A-Z]/.test(body);
      return value !== undefined && this.value(indent, value, 'map');
    }
    const rest = body.slice(1).trimStart();
    if (isSequenceItem(rest)) return false;
    const value = mappingValue(rest);
    if (value === undefined) return this.value(indent, rest, 'seq');
    // `- key: value` opens a mapping at the key's column; more keys of it follow there.
    const column = indent + body.length - rest.length;
    this.blocks.push({ indent: column, kind: 'map', compact: false });
    this.entries++;
    this.mapping = true;
    this.nested = true;
    return this.value(column, value, 'map');
  }

  private value(indent: number, value: string, kind: BlockKind): boolean {
    if (value === '' || value.startsWith('#')) {
      this.opened = { indent, kind };
      return true;
    }
    if (value.startsWith('|') || value.startsWith('>')) {
      this.scalarIndent = indent;
      return BLOCK_SCALAR.test(value);
    }
    return isScalar(value);
  }
}

/** Whether the open block `top` ends before a line at `indent`. */
function closes(top: Block, indent: number, kind: BlockKind): boolean {
  return top.indent > indent || (top.compact && top.indent === indent && top.kind !== kind);
}

function isSequenceItem(body: string): boolean {
  return body === '-' || body.startsWith('- ');
}

/** The value after `key:`, trimmed, or undefined when the text is not a mapping entry. */
function mappingValue(body: string): string | undefined {
  if (body.startsWith('"') || body.startsWith("'")) {
    const end = quotedEnd(body, 0);
    const after = body.slice(end + 1);
    if (end < 0 || body[end] !== ':' || !/^(?:[ \t]|$)/.test(after)) return undefined;
    return after.trim();
  }
  const key = PLAIN_KEY.exec(body);
  return key ? body.slice(key[0].length).trim() : undefined;
}

/** A one-line value: quoted, a flow collection, or a plain scalar, a comment allowed after. */
function isScalar(value: string): boolean {
  if (value.startsWith('"') || value.startsWith("'")) return endsThere(value, quotedEnd(value, 0));
  if (value.startsWith('[') || value.startsWith('{')) return endsThere(value, flowEnd(value));
  const plain = value.split(/[ \t]#/)[0].trimEnd();
  // `a: b: c` and `a: - b` are not YAML: a plain scalar holds no `: ` and starts with no indicator.
  return !BAD_PLAIN_START.test(plain) && !/:(?:[ \t]|$)/.test(plain);
}

/** Whether only spaces and a comment follow `end` (-1: the value never closed). */
function endsThere(value: string, end: number): boolean {
  return end >= 0 && /^(?:[ \t]+#.*)?[ \t]*$/.test(value.slice(end));
}

/** The index after the quoted scalar starting at `start`, or -1 when it is not closed. */
function quotedEnd(text: string, start: number): number {
  const quote = text[start];
  for (let at = start + 1; at < text.length; at++) {
    if (quote === '"' && text[at] === '\\') {
      at++;
    } else if (text[at] === quote) {
      if (quote === "'" && text[at + 1] === "'") at++;
      else return at + 1;
    }
  }
  return -1;
}

/** The index after the flow collection `[...]` or `{...}` starting the text, or -1. */
function flowEnd(text: string): number {
  let depth = 0;
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (char === '"' || char === "'") {
      const end = quotedEnd(text, at);
      if (end < 0) return -1;
      at = end - 1;
    } else if (char === '[' || char === '{') {
      depth++;
    } else if (char === ']' || char === '}') {
      depth--;
      if (depth === 0) return at + 1;
    }
  }
  return -1;
}

/** Leading spaces: a tab is no indentation in YAML. */
function indentOf(line: string): number {
  let indent = 0;
  while (line[indent] === ' ') indent++;
  return indent;
}
