import { parse as parseCsv, type CsvError } from 'csv-parse/sync';
import { findNodeAtLocation, parseTree, type ParseError, printParseErrorCode } from 'jsonc-parser';

/**
 * Reading the files an owner writes in a spreadsheet or an editor (the catalog, the shop
 * front sheet): JSON or CSV, with the line (from 1) every problem is on, and the cells as a
 * spreadsheet writes them (lists, numbers with grouping or a decimal comma).
 */

/** A problem of an owner's file, with the line (from 1) it is on. */
export type CatalogProblem = { line: number; message: string };

/** The line (from 1) of each offset in `text`: the line starts are found once, then each lookup is a binary search. */
function lineFinder(text: string): (offset: number) => number {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset) => {
    let [lo, hi] = [0, starts.length - 1];
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}

/** `price.regular: Too small…` — the field inside the row, then zod's message. */
export function fieldMessage(path: readonly PropertyKey[], message: string): string {
  const field = path.filter((p) => typeof p !== 'symbol').join('.');
  return field ? `${field}: ${message}` : message;
}

/** A JSON file's data, and the line (from 1) of the value at a path in it: the nearest that exists, so a missing field points at its row. */
export type JsonRead = { ok: true; data: unknown; lineOf: (path: readonly PropertyKey[]) => number } | { ok: false; problems: CatalogProblem[] };

export function readJson(text: string): JsonRead {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
  const lineAt = lineFinder(text);
  if (errors.length > 0 || !tree) {
    const first = errors[0];
    return {
      ok: false,
      problems: [{ line: first ? lineAt(first.offset) : 1, message: `Not valid JSON (${first ? printParseErrorCode(first.error) : 'empty file'})` }],
    };
  }
  const lineOf = (at: readonly PropertyKey[]) => {
    let path = at.filter((p): p is string | number => typeof p !== 'symbol');
    let node = findNodeAtLocation(tree, path);
    while (!node && path.length > 0) {
      path = path.slice(0, -1);
      node = findNodeAtLocation(tree, path);
    }
    return lineAt(node?.offset ?? 0);
  };
  return { ok: true, data: JSON.parse(text) as unknown, lineOf };
}

/** `categories[2] colour: Use a colour…`: the row of the list an issue is in, then the field and the message. */
export function jsonProblem(path: readonly PropertyKey[], message: string): string {
  const [list, index, ...field] = path;
  const row = typeof index === 'number' ? `${String(list)}[${index}] ` : '';
  return `${row}${fieldMessage(typeof index === 'number' ? field : path, message)}`;
}

/**
 * The delimiter of a CSV, from its header line: ";" when it holds more of them than of ","
 * (a spreadsheet set to a decimal comma writes ";"), else ",". Column names hold neither.
 */
function csvDelimiter(text: string): ';' | ',' {
  const header = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const count = (c: string) => header.split(c).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/** What csv-parse's errors mean for the owner, by their code. */
const csvErrorHints: Record<string, string> = {
  CSV_RECORD_INCONSISTENT_COLUMNS:
    'this line has a different number of cells than the header: put a cell that holds the delimiter in double quotes, e.g. "1,250"',
  CSV_RECORD_INCONSISTENT_FIELDS_LENGTH:
    'this line has a different number of cells than the header: put a cell that holds the delimiter in double quotes, e.g. "1,250"',
  CSV_INVALID_CLOSING_QUOTE: 'a quoted cell must end with its quote right before the delimiter; write a quote inside it twice ("")',
  CSV_QUOTE_NOT_CLOSED: 'a quote is opened and never closed',
};

/** A row of a CSV under its header row: its cells by column, and the line (from 1) it starts on. */
export type CsvRow = { row: Record<string, string>; line: number };
export type CsvRead = { ok: true; header: string[]; rows: CsvRow[]; problems: CatalogProblem[] } | { ok: false; problems: CatalogProblem[] };

/**
 * The rows of a CSV an owner's spreadsheet wrote: "," or ";" delimited (csvDelimiter), a
 * header row, cells trimmed. A line the reader cannot split is a problem with its line and a
 * plain hint, and the other rows are still read, so every problem is reported at once.
 */
export function readCsv(text: string): CsvRead {
  const problems: CatalogProblem[] = [];
  let header: string[] = [];
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parseCsv(text, {
      columns: (names: string[]) => (header = names),
      skip_empty_lines: true,
      trim: true,
      bom: true,
      delimiter: csvDelimiter(text),
      info: true,
      skip_records_with_error: true,
      on_skip: (err: CsvError | undefined) => {
        if (err) problems.push({ line: (err as CsvError & { lines?: number }).lines ?? 1, message: csvErrorHints[err.code] ?? err.message });
      },
    }) as { record: Record<string, string>; info: { lines: number } }[];
  } catch (err) {
    const line = (err as { lines?: number }).lines ?? 1;
    return { ok: false, problems: [{ line, message: `Not valid CSV: ${(err as Error).message}` }] };
  }
  // csv-parse counts to the row's end: a cell holding line breaks started lines before
  const rows = records.map(({ record, info }) => ({
    row: record,
    line: info.lines - Object.values(record).reduce((n, cell) => n + cell.split('\n').length - 1, 0),
  }));
  return { ok: true, header, rows, problems };
}

/** A cell holding a list, its items separated by ";" (tags, images, a banner's categories). */
export const listCell = (s: string | undefined) =>
  (s ?? '')
    .split(';')
    .map((x) => x.trim())
    .filter(Boolean);

/**
 * A number as an owner's spreadsheet writes it: `1250`, `1250.5`, `1,250`, `1,25,000`
 * (Indian grouping), `₹1,250.00` (money only: ₹, Rs or INR before it), or with a decimal
 * comma, `1250,50`. A comma followed by three digits groups thousands; a last comma
 * followed by one or two digits is a decimal comma (so `1,250` is always one thousand two
 * hundred and fifty: write three decimals with a point). Null for an empty cell.
 */
export function readNumber(cell: string | undefined, money: boolean): number | null | 'negative' | 'invalid' {
  let s = (cell ?? '').trim();
  if (money) s = s.replace(/^(?:\u20b9|rs\.?|inr)\s*/i, ''); // \u20b9 is ₹, written so the server's bundle stays ASCII (decision 066)
  if (s === '') return null;
  const negative = s.startsWith('-');
  if (negative) s = s.slice(1);
  if (/^\d{1,3}(?:,\d{2,3})*,\d{3}(?:\.\d+)?$/.test(s)) s = s.replaceAll(',', '');
  else if (/^\d+,\d{1,2}$/.test(s)) s = s.replace(',', '.');
  if (!/^\d+(?:\.\d+)?$/.test(s)) return 'invalid';
  return negative && Number(s) !== 0 ? 'negative' : Number(s);
}
