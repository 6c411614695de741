import { readCsvTable } from './csv-table';
import { isMarkdown } from './markdown-text';
import { isStructuredYaml } from './structured-yaml';

/** How a text item is saved: its type, extension and what was learnt of it. */
export interface TextFormat {
  mimeType: string;
  extension: string;
  metadata: Record<string, unknown>;
}

const MAX_SUMMARY_KEYS = 50;

/**
 * The format of a tool's text, checked strictly in this order so ordinary prose stays plain
 * text: JSON (an object or array), CSV, structured YAML, Markdown, else plain. Only the type is
 * decided here: the text is saved as it is.
 */
export function classifyText(text: string): TextFormat {
  const json = parseJsonStructure(text);
  if (json !== undefined) {
    return { mimeType: 'application/json', extension: 'json', metadata: jsonSummary(json) };
  }
  const table = readCsvTable(text);
  if (table) return { mimeType: 'text/csv', extension: 'csv', metadata: { csv: table } };
  if (isStructuredYaml(text)) {
    return { mimeType: 'application/x-yaml', extension: 'yaml', metadata: {} };
  }
  if (isMarkdown(text)) return { mimeType: 'text/markdown', extension: 'md', metadata: {} };
  return { mimeType: 'text/plain', extension: 'txt', metadata: {} };
}

/** The shape of a JSON object or array: its first keys and key count, or its length. */
export function jsonSummary(value: object): Record<string, unknown> {
  if (Array.isArray(value)) return { json: { type: 'array', length: value.length } };
  const keys = Object.keys(value);
  return {
    json: { type: 'object', keys: keys.slice(0, MAX_SUMMARY_KEYS), key_count: keys.length },
  };
}

/** The object or array a text holds as JSON; scalars (`42`, `"x"`) are not structured data. */
function parseJsonStructure(text: string): object | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return undefined;
  try {
    const value: unknown = JSON.parse(trimmed);
    return typeof value === 'object' && value !== null ? value : undefined;
  } catch {
    return undefined;
  }
}
