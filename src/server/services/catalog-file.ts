import { parse as parseCsv } from 'csv-parse/sync';
import { stringify as stringifyCsv } from 'csv-stringify/sync';
import { findNodeAtLocation, parseTree, type ParseError, printParseErrorCode } from 'jsonc-parser';
import { catalogFileSchema, productInputSchema, type Banner, type CatalogFile, type Category, type Product } from '../../domain/catalog.ts';

/**
 * Reads an owner's catalog file (JSON, or CSV with the columns below) into a checked
 * CatalogFile. Problems are reported with the line they are on, all at once, so the
 * owner can fix the file in one go; nothing is imported unless the whole file is good.
 * Also writes one (export-catalog), in the same two formats, so that what is written
 * imports again as the same catalog (decision 025).
 */

export type CatalogProblem = { line: number; message: string };
export type CatalogParse = { ok: true; file: CatalogFile } | { ok: false; problems: CatalogProblem[] };

/** CSV columns, one row per product (variant). Categories come from categoryId/categoryName. */
export const csvColumns = [
  'variantId', 'itemId', 'variantName', 'title', 'description', 'categoryId', 'categoryName', 'categoryColour',
  'mrp', 'regular', 'special', 'stock', 'isFraction', 'sku', 'type_id', 'tags', 'images', 'taxRate', 'hsn',
] as const;

export function parseCatalog(text: string, format: 'json' | 'csv'): CatalogParse {
  return format === 'csv' ? parseCatalogCsv(text) : parseCatalogJson(text);
}

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
function describe(path: readonly PropertyKey[], message: string): string {
  const field = path.filter((p) => typeof p !== 'symbol').join('.');
  return field ? `${field}: ${message}` : message;
}

export function parseCatalogJson(text: string): CatalogParse {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
  const lineAt = lineFinder(text);
  if (errors.length > 0 || !tree) {
    const first = errors[0];
    return { ok: false, problems: [{ line: first ? lineAt(first.offset) : 1, message: `Not valid JSON (${first ? printParseErrorCode(first.error) : 'empty file'})` }] };
  }
  const data: unknown = JSON.parse(text);
  const result = catalogFileSchema.safeParse(data);
  const problems: CatalogProblem[] = [];
  if (!result.success) {
    for (const issue of result.error.issues) {
      // the nearest node that exists gives the line: the field itself, or the row that lacks it
      let path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
      let node = findNodeAtLocation(tree, path);
      while (!node && path.length > 0) {
        path = path.slice(0, -1);
        node = findNodeAtLocation(tree, path);
      }
      const [list, index, ...field] = issue.path;
      const row = typeof index === 'number' ? `${String(list)}[${index}] ` : '';
      problems.push({ line: lineAt(node?.offset ?? 0), message: `${row}${describe(typeof index === 'number' ? field : issue.path, issue.message)}` });
    }
    return { ok: false, problems };
  }
  problems.push(...crossCheck(result.data, (kind, index) => lineAt(findNodeAtLocation(tree, [kind, index])?.offset ?? 0)));
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
  file.products.forEach((p, i) => {
    // the line is looked up only for a product with a problem
    const problem = (message: string) => problems.push({ line: lineOf('products', i), message: `product ${p.variantId}: ${message}` });
    if (variants.has(p.variantId)) problem('variantId is used twice');
    variants.add(p.variantId);
    if (!categories.has(p.categoryId)) problem(`category ${p.categoryId} does not exist`);
    if (!p.isFraction && !Number.isInteger(p.stock)) problem('stock must be a whole number unless the product is sold by weight (isFraction)');
    if (p.stock < 0) problem('stock cannot be negative');
  });
  return problems;
}

const number = (s: string | undefined) => (s === undefined || s.trim() === '' ? null : Number(s));
const list = (s: string | undefined) => (s ?? '').split(';').map((x) => x.trim()).filter(Boolean);

export function parseCatalogCsv(text: string): CatalogParse {
  let rows: Record<string, string>[];
  try {
    rows = parseCsv(text, { columns: true, skip_empty_lines: true, trim: true, bom: true }) as Record<string, string>[];
  } catch (err) {
    const line = (err as { lines?: number }).lines ?? 1;
    return { ok: false, problems: [{ line, message: `Not valid CSV: ${(err as Error).message}` }] };
  }
  const header = Object.keys(rows[0] ?? {});
  const missing = ['variantId', 'title', 'categoryId', 'regular', 'stock'].filter((c) => !header.includes(c));
  if (rows.length > 0 && missing.length > 0) return { ok: false, problems: [{ line: 1, message: `Missing columns: ${missing.join(', ')}` }] };

  const problems: CatalogProblem[] = [];
  const products: CatalogFile['products'] = [];
  const categories = new Map<string, CatalogFile['categories'][number]>();
  rows.forEach((row, i) => {
    const line = i + 2; // the header is line 1
    const catId = row.categoryId ?? '';
    if (catId && !categories.has(catId)) {
      categories.set(catId, { oId: catId, name: row.categoryName || catId, position: categories.size + 1, colour: row.categoryColour || '#607d8b', image: '' });
    }
    const images = list(row.images).map((url, position) => ({ id: `${row.variantId}-${position}`, position, url, thumbnail: url }));
    const candidate = {
      variantId: row.variantId,
      itemId: row.itemId || undefined,
      variantName: row.variantName ?? '',
      title: row.title,
      description: row.description ?? '',
      categoryId: catId,
      price: { mrp: number(row.mrp), regular: number(row.regular), special: number(row.special) },
      images,
      stock: number(row.stock),
      isFraction: ['true', '1', 'yes'].includes((row.isFraction ?? '').toLowerCase()),
      sku: row.sku || undefined,
      type_id: row.type_id || undefined,
      tags: list(row.tags),
      taxRate: number(row.taxRate) ?? undefined,
      hsn: row.hsn || undefined,
    };
    const parsed = productInputSchema.safeParse(candidate);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) problems.push({ line, message: `${row.variantId || 'row'} ${describe(issue.path, issue.message)}` });
    } else {
      products.push(parsed.data);
    }
  });
  if (problems.length > 0) return { ok: false, problems };
  const file: CatalogFile = { categories: [...categories.values()], products, banners: [] };
  const crossProblems = crossCheck(file, (kind, index) => (kind === 'products' ? index + 2 : 1));
  return crossProblems.length > 0 ? { ok: false, problems: crossProblems } : { ok: true, file };
}

/** The shop's catalog (the repository's read()) as an import file: every field, prices as decimals, the current stock. */
export function catalogFileOf(catalog: { products: Array<Product & { soldOutUntil?: number }>; categories: Category[]; banners: Banner[] }): CatalogFile {
  // "sold out today" is a mark for the day, not part of the catalog
  return { categories: catalog.categories, products: catalog.products.map(({ soldOutUntil: _, ...p }) => p), banners: catalog.banners };
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
    for (const tag of p.tags) if (!listSafe(tag)) problems.push(`product ${p.variantId}: the tag "${tag}" holds ";" or spaces at an end, which a CSV list cannot`);
    for (const image of p.images) if (!listSafe(image.url)) problems.push(`product ${p.variantId}: the image "${image.url}" holds ";" or spaces at an end, which a CSV list cannot`);
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
  const images = file.products.flatMap((p) => [...p.images].sort((a, b) => a.position - b.position).map((image, position) => ({ image, position, variantId: p.variantId })));
  const counts: [number, string, string][] = [
    [file.banners.length, 'banner', 'banners'],
    [file.categories.filter((c) => !used.has(c.oId)).length, 'category with no products', 'categories with no products'],
    [file.categories.filter((c) => used.has(c.oId) && c.image !== '').length, 'category image', 'category images'],
    [file.categories.filter((c) => used.has(c.oId) && c.name === '').length, 'empty category name (it becomes the id)', 'empty category names (they become the id)'],
    [images.filter(({ image }) => image.thumbnail !== image.url).length, 'image thumbnail (the image itself is used)', 'image thumbnails (the image itself is used)'],
    [images.filter(({ image, position, variantId }) => image.id !== `${variantId}-${position}`).length, 'image id', 'image ids'],
    [file.products.filter((p) => p.id !== undefined && p.id !== p.variantId).length, 'product id other than its variantId', 'product ids other than the variantId'],
    [file.products.filter((p) => Object.keys(p.errors).length > 0).length, "product's errors", "products' errors"],
    [file.products.filter((p) => p.hidden).length, 'hidden product (it shows again)', 'hidden products (they show again)'],
    [file.products.filter((p) => p.madeToOrder).length, 'made-to-order mark (the product keeps stock again)', 'made-to-order marks (the products keep stock again)'],
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
    }));
  // the reader trims unquoted cells: a cell with a space at an end is quoted to keep it
  return stringifyCsv(rows, { header: true, columns: [...csvColumns], bom: true, quoted_match: /^\s|\s$/ });
}
