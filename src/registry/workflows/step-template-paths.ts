/**
 * A step's key, which templates name it by (`steps.<key>.output`). It starts with a letter, so
 * it can never be read as a step index.
 */
export const STEP_KEY_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;

/**
 * Where a template path starts reading: the workflow input, an earlier step's output, or in a
 * map's steps the item and its index.
 */
export type PathSource =
  | { kind: 'input' }
  | { kind: 'previous' }
  | { kind: 'step'; step: number | string }
  | { kind: 'item' }
  | { kind: 'index' };

/** A `{{ path }}` of a template. */
export interface TemplatePath {
  /** As written between the braces, without the spaces around it. */
  text: string;
  source: PathSource;
  /** The object keys and array indexes read, in order, inside the source's value. */
  segments: string[];
}

/** A template string cut into its literal text and its paths, in order. */
export type TemplateParts = (string | TemplatePath)[];

export type ParsedTemplateString = { parts: TemplateParts } | { problem: string };

/** A step index or array index: a non-negative integer without leading zeros. */
export const INDEX_PATTERN = /^(0|[1-9][0-9]*)$/;
// Any key an output may have, except what would make the path itself ambiguous.
const SEGMENT = /^[^\s.{}]+$/u;
const ROOTS = 'input, previous.output or steps.<index|key>.output';

/** Cuts a template string into text and paths, or says why it is not a valid template. */
export function parseTemplateString(text: string): ParsedTemplateString {
  const parts: TemplateParts = [];
  let from = 0;
  for (;;) {
    const open = text.indexOf('{{', from);
    if (open < 0) {
      if (from < text.length) parts.push(text.slice(from));
      return { parts };
    }
    const close = text.indexOf('}}', open + 2);
    if (close < 0) return { problem: `'{{' at character ${open} is never closed by '}}'` };
    if (open > from) parts.push(text.slice(from, open));
    const path = parsePath(text.slice(open + 2, close));
    if (typeof path === 'string') return { problem: path };
    parts.push(path);
    from = close + 2;
  }
}

/** The path between a pair of braces, or what is wrong with it. */
function parsePath(between: string): TemplatePath | string {
  const text = between.trim();
  if (text === '') return `'{{${between}}}' names no path; write one of ${ROOTS}`;
  const segments = text.split('.');
  if (!segments.every((segment) => SEGMENT.test(segment))) {
    return `'{{ ${text} }}' is not a path: names joined by single dots, without spaces or braces`;
  }
  const [root, ...rest] = segments;
  switch (root) {
    case 'input':
      return { text, source: { kind: 'input' }, segments: rest };
    case 'item':
      return { text, source: { kind: 'item' }, segments: rest };
    case 'index':
      return rest.length === 0
        ? { text, source: { kind: 'index' }, segments: [] }
        : `'{{ ${text} }}' must read index alone`;
    case 'previous':
      return rest[0] === 'output'
        ? { text, source: { kind: 'previous' }, segments: rest.slice(1) }
        : `'{{ ${text} }}' must read previous.output`;
    case 'steps': {
      const [step, output, ...inside] = rest;
      const reference = INDEX_PATTERN.test(step ?? '') ? Number(step) : step;
      const named = typeof reference === 'number' || STEP_KEY_PATTERN.test(reference ?? '');
      return named && output === 'output'
        ? { text, source: { kind: 'step', step: reference }, segments: inside }
        : `'{{ ${text} }}' must read steps.<index|key>.output`;
    }
    default:
      return `'{{ ${text} }}' starts with '${root}'; a path starts with ${ROOTS}`;
  }
}
