import { parse as parseCsv, type CsvError } from 'csv-parse/sync';
import { stringify as stringifyCsv } from 'csv-stringify/sync';
import { findNodeAtLocation, parseTree, type ParseError, printParseErrorCode } from 'jsonc-parser';
import { catalogFileSchema, productInputSchema, productTypes, type Banner, type CatalogFile, type Category, type Product } from '../../domain/catalog.ts';

/**
 * Reads an owner's catalog file (JSON, or CSV with the columns below) into a checked
 * CatalogFile. Problems are reported with the line they are on, all at once, so the
 * owner can fix the file in one go; nothing is imported unless the whole file is good.
 * Also writes one (export-catalog), in the same two formats, so that what is written
 * imports again as the same catalog (decision 025).
 */

export type CatalogProblem = { line: number; message: string };
/** `stated`, from a CSV only: per category, the name and colour its rows wrote (a CSV has no other category fields). */
export type CatalogParse =
  { ok: true; file: CatalogFile; stated?: Map<string, { name?: string; colour?: string }> } | { ok: false; problems: CatalogProblem[] };

/** CSV columns, one row per product (variant). Categories come from categoryId/categoryName. */
export const csvColumns = [
  'variantId',
  'itemId',
  'variantName',
  'title',
  'description',
  'categoryId',
  'categoryName',
  'categoryColour',
  'mrp',
  'regular',
  'special',
  'stock',
  'isFraction',
  'sku',
  'type_id',
  'tags',
  'images',
  'taxRate',
  'hsn',
  'weightStep',
  'sizeGuide',
] as const;

export function parseCatalog(text: string, format: 'json' | 'csv'): CatalogParse {
  return format === 'csv' ? parseCatalogCsv(text) : parseCatalogJson(text);
}

/** The line (from 1) of each offset in `text`: the line starts are found once, then each lookup is a binary search. */
export function lineFinder(text: string): (offset: number) => number {
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
function describe(path: readonly PropertyKey[], message: string): string {
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
  return `${row}${describe(typeof index === 'number' ? field : path, message)}`;
}

export function parseCatalogJson(text: string): CatalogParse {
  const read = readJson(text);
  if (!read.ok) return read;
  const result = catalogFileSchema.safeParse(read.data);
  if (!result.success)
    return { ok: false, problems: result.error.issues.map((issue) => ({ line: read.lineOf(issue.path), message: jsonProblem(issue.path, issue.message) })) };
  const problems = crossCheck(result.data, (kind, index) => read.lineOf([kind, index]));
  return problems.length > 0 ? { ok: false, problems } : { ok: true, file: result.data };
}

/** Rules that span rows: unique ids, known categories, whole stock for whole-unit products. */
function crossCheck(file: CatalogFile, lineOf: (kind: 'products' | 'categories', index: number) => number): CatalogProblem[] {
  const problems: CatalogProblem[] = [];
  const categories = new Set<string>();
  file.categories.forEach((c, i) => {
    if (categories.has(c.oId)) problems.push({ line: lineOf('categories', i), message: `category ${c.oId}: the id is used twice` });
    categories.add(c.oId);
  });
  const variants = new Set<string>();
  const ids = new Set<string>();
  file.products.forEach((p, i) => {
    // the line is looked up only for a product with a problem
    const problem = (message: string) => problems.push({ line: lineOf('products', i), message: `product ${p.variantId}: ${message}` });
    const repeated = variants.has(p.variantId);
    if (repeated) problem('variantId is used twice');
    variants.add(p.variantId);
    // an id given apart from the variantId (JSON) names one product too
    const id = p.id ?? p.variantId;
    if (ids.has(id) && !repeated) problem(`id ${id} is used twice`);
    ids.add(id);
    if (!categories.has(p.categoryId)) problem(`category ${p.categoryId} does not exist`);
    if (!p.isFraction && !Number.isInteger(p.stock)) problem('stock must be a whole number unless the product is sold by weight (isFraction)');
    if (p.stock < 0) problem('stock cannot be negative');
  });
  return problems;
}

/** A cell holding a list, its items separated by ";" (tags, images, a banner's categories). */
export const listCell = (s: string | undefined) =>
  (s ?? '')
    .split(';')
    .map((x) => x.trim())
    .filter(Boolean);

/**
 * The delimiter of a CSV, from its header line: ";" when it holds more of them than of ","
 * (a spreadsheet set to a decimal comma writes ";"), else ",". Column names hold neither.
 */
export function csvDelimiter(text: string): ';' | ',' {
  const header = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const count = (c: string) => header.split(c).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

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

/** What to write in a CSV column, in plain words, for a cell the importer cannot take. */
const csvHints: Record<string, string> = {
  variantId: 'give each product an id of letters, digits, ".", "_", "~" or "-", e.g. bread-500g',
  title: "write the product's name",
  categoryId: "name the product's category, e.g. breads",
  mrp: 'write the price as a number, e.g. 180',
  regular: 'write the price as a number, e.g. 180',
  special: 'write the price as a number, e.g. 180',
  stock: 'write how many are in stock as a number, e.g. 20 (kg for products sold by weight, e.g. 2.5)',
  taxRate: 'write the tax rate in percent, e.g. 5 or 18',
  isFraction: 'write true for a product sold by weight, false (or nothing) for one sold in units',
  type_id: `write one of ${productTypes.join(', ')}`,
  hsn: 'an HSN or SAC code is 4 to 8 digits',
  tags: 'write the tags separated by ";", each at most 60 characters',
  weightStep: 'write the kg the − and + buttons move, from 0.01 to 100 with at most 2 decimals, e.g. 0.25 (or nothing for 0.25)',
  sizeGuide: 'write the size guide in at most 5000 characters, or nothing',
};
const numberColumns = ['mrp', 'regular', 'special', 'stock', 'taxRate', 'weightStep'] as const;
const moneyColumns: readonly string[] = ['mrp', 'regular', 'special'];
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

/**
 * Reads a CSV catalog (readCsv), one row per product. Every problem is reported, each with
 * the line its row starts on and a hint in plain words, rows the CSV reader cannot split
 * included; the file imports only with none.
 */
export function parseCatalogCsv(text: string): CatalogParse {
  const read = readCsv(text);
  if (!read.ok) return read;
  const { header, rows, problems } = read;
  const missing = ['variantId', 'title', 'categoryId', 'regular', 'stock'].filter((c) => !header.includes(c));
  if (rows.length > 0 && missing.length > 0)
    return {
      ok: false,
      problems: [{ line: 1, message: `Missing columns: ${missing.join(', ')}. The header row names them, e.g. ${csvColumns.slice(0, 6).join(',')}` }],
    };
  if (rows.length === 0 && problems.length === 0)
    return { ok: false, problems: [{ line: 1, message: 'The file has no products: write one row per product under the header row' }] };

  const products: CatalogFile['products'] = [];
  const lines: number[] = [];
  const categories = new Map<string, CatalogFile['categories'][number]>();
  const stated = new Map<string, { name?: string; colour?: string }>();
  for (const { row, line } of rows) {
    const rowProblems = new Map<string, string>();
    const problem = (column: string, hint = csvHints[column] ?? 'not valid') => {
      if (!rowProblems.has(column)) rowProblems.set(column, hint);
    };
    const numbers: Partial<Record<(typeof numberColumns)[number], number | null>> = {};
    for (const column of numberColumns) {
      const n = readNumber(row[column], moneyColumns.includes(column));
      if (n === 'invalid') problem(column);
      else if (n === 'negative') problem(column, moneyColumns.includes(column) ? 'a price cannot be below zero' : 'it cannot be below zero');
      else numbers[column] = n;
    }
    const fraction = (row.isFraction ?? '').toLowerCase();
    if (!['', 'true', 'false', '1', '0', 'yes', 'no'].includes(fraction)) problem('isFraction');
    const catId = row.categoryId ?? '';
    if (catId && !categories.has(catId)) {
      categories.set(catId, { oId: catId, name: row.categoryName || catId, position: categories.size + 1, colour: row.categoryColour || '#607d8b', image: '' });
      stated.set(catId, { ...(row.categoryName ? { name: row.categoryName } : {}), ...(row.categoryColour ? { colour: row.categoryColour } : {}) });
    }
    const images = listCell(row.images).map((url, position) => ({ id: `${row.variantId}-${position}`, position, url, thumbnail: url }));
    const candidate = {
      variantId: row.variantId,
      itemId: row.itemId || undefined,
      variantName: row.variantName ?? '',
      title: row.title,
      description: row.description ?? '',
      categoryId: catId,
      price: { mrp: numbers.mrp ?? null, regular: numbers.regular, special: numbers.special ?? null },
      images,
      stock: numbers.stock,
      isFraction: ['true', '1', 'yes'].includes(fraction),
      sku: row.sku || undefined,
      type_id: row.type_id || undefined,
      tags: listCell(row.tags),
      taxRate: numbers.taxRate ?? undefined,
      hsn: row.hsn || undefined,
      weightStep: numbers.weightStep ?? undefined,
      sizeGuide: row.sizeGuide || undefined,
    };
    const parsed = productInputSchema.safeParse(candidate);
    if (!parsed.success) {
      // the cell the issue is about: price.regular is the regular column, images.0.url the images column
      for (const issue of parsed.error.issues) {
        const column = String(issue.path[0] === 'price' ? issue.path[1] : issue.path[0]);
        problem(column, csvHints[column] ?? describe(issue.path.slice(1), issue.message));
      }
    }
    for (const [column, hint] of rowProblems) problems.push({ line, message: `${row.variantId || 'a row without variantId'}, ${column}: ${hint}` });
    if (parsed.success && rowProblems.size === 0) {
      products.push(parsed.data);
      lines.push(line);
    }
  }
  const file: CatalogFile = { categories: [...categories.values()], products, banners: [] };
  // the rules across rows, on the rows that are good: a repeated id is reported even beside a bad row
  problems.push(...crossCheck(file, (kind, index) => (kind === 'products' ? lines[index]! : 1)));
  return problems.length > 0 ? { ok: false, problems: problems.sort((a, b) => a.line - b.line) } : { ok: true, file, stated };
}

/**
 * A CSV's categories laid over the shop's (issue 21): a CSV says of a category only its id
 * and, when those cells are filled, its name and colour. So a category the shop has keeps
 * its picture, its place and whatever the file left blank; one the file does not name stays
 * (the owner deletes categories on /admin); a new one comes after the shop's, in the file's
 * order. Importing an edited price list then never strips the shop front.
 */
export function keepShopCategories(shop: Category[], fromCsv: Category[], stated: Map<string, { name?: string; colour?: string }>): Category[] {
  const kept = new Map(shop.map((c) => [c.oId, c]));
  let last = Math.max(0, ...shop.map((c) => c.position));
  for (const c of fromCsv) {
    const have = kept.get(c.oId);
    const said = stated.get(c.oId) ?? {};
    kept.set(c.oId, have ? { ...have, ...said } : { ...c, position: ++last });
  }
  return [...kept.values()];
}

/** The shop's catalog (the repository's read()) as an import file: every field, prices as decimals, the current stock. */
export function catalogFileOf(catalog: {
  products: Array<Product & { soldOutUntil?: number }>;
  categories: Category[];
  banners: Array<Banner & { showFrom?: number; showUntil?: number }>;
}): CatalogFile {
  // "sold out today" is a mark for the day, not part of the catalog; a banner's schedule is set on /admin, and the file has no place for it
  return {
    categories: catalog.categories,
    products: catalog.products.map(({ soldOutUntil: _, ...p }) => p),
    banners: catalog.banners.map(({ showFrom: _f, showUntil: _u, ...b }) => b),
  };
}

/** The catalog as the JSON import-catalog reads (`demo/catalog.json`'s shape), nothing left out. */
export function catalogToJson(file: CatalogFile): string {
  return `${JSON.stringify(file, null, 2)}\n`;
}

const joined = (items: string[]) => items.join(';');
/** A list cell reads back as the same list only if no item holds the separator or is trimmed or dropped by the reader. */
const listSafe = (item: string) => item !== '' && !item.includes(';') && item === item.trim();

/**
 * Why this catalog cannot be written as CSV without changing it: a tag or image address
 * that holds ";" (the list separator) or starts or ends with a space. Empty when it can.
 */
export function csvProblems(file: CatalogFile): string[] {
  const problems: string[] = [];
  for (const p of file.products) {
    for (const tag of p.tags)
      if (!listSafe(tag)) problems.push(`product ${p.variantId}: the tag "${tag}" holds ";" or spaces at an end, which a CSV list cannot`);
    for (const image of p.images)
      if (!listSafe(image.url)) problems.push(`product ${p.variantId}: the image "${image.url}" holds ";" or spaces at an end, which a CSV list cannot`);
  }
  return problems;
}

/**
 * What the CSV leaves out that the shop has, for the owner to read (JSON keeps all of
 * it): banners, categories with no products, category images, image thumbnails and ids,
 * product ids other than the variantId, and products' errors. Empty when nothing.
 */
export function csvLeavesOut(file: CatalogFile): string[] {
  const used = new Set(file.products.map((p) => p.categoryId));
  const images = file.products.flatMap((p) =>
    [...p.images].sort((a, b) => a.position - b.position).map((image, position) => ({ image, position, variantId: p.variantId })),
  );
  const counts: [number, string, string][] = [
    [file.banners.length, 'banner', 'banners'],
    [file.categories.filter((c) => !used.has(c.oId)).length, 'category with no products', 'categories with no products'],
    [file.categories.filter((c) => used.has(c.oId) && c.image !== '').length, 'category image', 'category images'],
    [
      file.categories.filter((c) => used.has(c.oId) && c.name === '').length,
      'empty category name (it becomes the id)',
      'empty category names (they become the id)',
    ],
    [
      images.filter(({ image }) => image.thumbnail !== image.url).length,
      'image thumbnail (the image itself is used)',
      'image thumbnails (the image itself is used)',
    ],
    [images.filter(({ image, position, variantId }) => image.id !== `${variantId}-${position}`).length, 'image id', 'image ids'],
    [
      file.products.filter((p) => p.id !== undefined && p.id !== p.variantId).length,
      'product id other than its variantId',
      'product ids other than the variantId',
    ],
    [file.products.filter((p) => Object.keys(p.errors).length > 0).length, "product's errors", "products' errors"],
    [file.products.filter((p) => p.hidden).length, 'hidden product (it shows again)', 'hidden products (they show again)'],
    [
      file.products.filter((p) => p.madeToOrder).length,
      'made-to-order mark (the product keeps stock again)',
      'made-to-order marks (the products keep stock again)',
    ],
  ];
  return counts.filter(([n]) => n > 0).map(([n, one, many]) => `${n} ${n === 1 ? one : many}`);
}

const cell = (n: number | null) => (n === null ? '' : String(n));

/**
 * The catalog as CSV with the importer's columns, a header row and a byte-order mark
 * (spreadsheets then read it as UTF-8). Rows go category by category, in the categories'
 * order and each category's products in theirs, so the import rebuilds both orders.
 * Cells are written as they are: none is changed against formula injection (decision 025).
 * Throws a RangeError when csvProblems() finds something.
 */
export function catalogToCsv(file: CatalogFile): string {
  const problems = csvProblems(file);
  if (problems.length > 0) throw new RangeError(problems.join('; '));
  const categories = [...file.categories].sort((a, b) => a.position - b.position);
  const rank = new Map(categories.map((c, i) => [c.oId, { category: c, i }]));
  const rows = file.products
    .map((p, i) => ({ p, i, at: rank.get(p.categoryId) }))
    .sort((a, b) => (a.at?.i ?? Infinity) - (b.at?.i ?? Infinity) || a.i - b.i)
    .map(({ p, at }): Record<(typeof csvColumns)[number], string> => ({
      variantId: p.variantId,
      itemId: p.itemId ?? '',
      variantName: p.variantName,
      title: p.title,
      description: p.description,
      categoryId: p.categoryId,
      categoryName: at?.category.name ?? '',
      categoryColour: at?.category.colour ?? '',
      mrp: cell(p.price.mrp),
      regular: cell(p.price.regular),
      special: cell(p.price.special),
      stock: cell(p.stock),
      isFraction: String(p.isFraction),
      sku: p.sku ?? '',
      type_id: p.type_id,
      tags: joined(p.tags),
      images: joined([...p.images].sort((a, b) => a.position - b.position).map((image) => image.url)),
      taxRate: cell(p.taxRate ?? null),
      hsn: p.hsn ?? '',
      weightStep: cell(p.weightStep ?? null),
      sizeGuide: p.sizeGuide ?? '',
    }));
  // the reader trims unquoted cells: a cell with a space at an end is quoted to keep it
  return stringifyCsv(rows, { header: true, columns: [...csvColumns], bom: true, quoted_match: /^\s|\s$/ });
}
