/** What a CSV text holds: its header row and how many data rows follow it. */
export interface CsvTable {
  delimiter: ',' | '\t' | ';';
  headers: string[];
  /** Data rows, the header excluded (blank lines are not rows). */
  rows: number;
  columns: number;
}

interface Field {
  value: string;
  quoted: boolean;
}

const DELIMITERS = [',', '\t', ';'] as const;
const MAX_HEADER_CHARS = 64;

/**
 * The table a text holds when it is CSV beyond doubt, else undefined. Prose has commas too
 * (`Hello, world\nSecond line, here` has two columns on two lines), so on top of the format
 * (RFC 4180 quoting, the same column count ≥ 2 on every non-blank record) it takes:
 * - a header and at least 2 data rows;
 * - a header of non-empty, distinct cells of at most 64 characters;
 * - no unquoted field starting with whitespace: prose puts a space after its commas (`a, b`),
 *   CSV writers do not.
 * Comma, tab and semicolon are tried in that order; the first that gives such a table wins.
 */
export function readCsvTable(text: string): CsvTable | undefined {
  for (const delimiter of DELIMITERS) {
    const table = tableOf(text, delimiter);
    if (table) return table;
  }
  return undefined;
}

function tableOf(text: string, delimiter: CsvTable['delimiter']): CsvTable | undefined {
  const records = parseRecords(text, delimiter)?.filter((record) => !isBlank(record));
  if (!records || records.length < 3) return undefined;
  const columns = records[0].length;
  if (columns < 2 || records.some((record) => record.length !== columns)) return undefined;
  const proseLike = records.some((record) =>
    record.some((field) => !field.quoted && /^\s/.test(field.value)),
  );
  if (proseLike) return undefined;
  const headers = records[0].map((field) => field.value.trim());
  const headerLike = headers.every((cell) => cell !== '' && cell.length <= MAX_HEADER_CHARS);
  if (!headerLike || new Set(headers).size !== columns) return undefined;
  return { delimiter, headers, rows: records.length - 1, columns };
}

/**
 * Records of fields, a quoted field holding delimiters, line breaks and `""` for a quote; or
 * undefined when the quoting is broken (an unclosed quote, text after a closing quote, a quote
 * inside an unquoted field). Records end at CRLF, LF or CR.
 */
function parseRecords(text: string, delimiter: string): Field[][] | undefined {
  const records: Field[][] = [];
  let record: Field[] = [];
  let at = 0;
  for (;;) {
    const read =
      text[at] === '"' ? quotedField(text, at, delimiter) : plainField(text, at, delimiter);
    if (!read) return undefined;
    record.push(read.field);
    at = read.end;
    if (text[at] === delimiter) {
      at++;
      continue;
    }
    records.push(record);
    record = [];
    if (at >= text.length) return records;
    at += text.startsWith('\r\n', at) ? 2 : 1;
  }
}

function quotedField(
  text: string,
  start: number,
  delimiter: string,
): { field: Field; end: number } | undefined {
  let value = '';
  for (let at = start + 1; at < text.length; at++) {
    if (text[at] !== '"') {
      value += text[at];
    } else if (text[at + 1] === '"') {
      value += '"';
      at++;
    } else {
      const end = at + 1;
      return isFieldEnd(text, end, delimiter) ? { field: { value, quoted: true }, end } : undefined;
    }
  }
  return undefined;
}

function plainField(
  text: string,
  start: number,
  delimiter: string,
): { field: Field; end: number } | undefined {
  let end = start;
  while (!isFieldEnd(text, end, delimiter)) end++;
  const value = text.slice(start, end);
  return value.includes('"') ? undefined : { field: { value, quoted: false }, end };
}

function isFieldEnd(text: string, at: number, delimiter: string): boolean {
  return at >= text.length || text[at] === delimiter || text[at] === '\n' || text[at] === '\r';
}

/** An empty or whitespace-only line. */
function isBlank(record: Field[]): boolean {
  return record.length === 1 && !record[0].quoted && record[0].value.trim() === '';
}
