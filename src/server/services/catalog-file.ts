import { parse as parseCsv } from 'csv-parse/sync';
import { findNodeAtLocation, parseTree, type ParseError, printParseErrorCode } from 'jsonc-parser';
import { catalogFileSchema, productInputSchema, type CatalogFile } from '../../domain/catalog.ts';

/**
 * Reads an owner's catalog file (JSON, or CSV with the columns below) into a checked
 * CatalogFile. Problems are reported with the line they are on, all at once, so the
 * owner can fix the file in one go; nothing is imported unless the whole file is good.
 */

export type CatalogProblem = { line: number; message: string };
export type CatalogParse = { ok: true; file: CatalogFile } | { ok: false; problems: CatalogProblem[] };

/** CSV columns, one row per product (variant). Categories come from categoryId/categoryName. */
export const csvColumns = [
  'variantId', 'itemId', 'variantName', 'title', 'description', 'categoryId', 'categoryName', 'categoryColour',
  'mrp', 'regular', 'special', 'stock', 'isFraction', 'sku', 'type_id', 'tags', 'images',
] as const;

export function parseCatalog(text: string, format: 'json' | 'csv'): CatalogParse {
  return format === 'csv' ? parseCatalogCsv(text) : parseCatalogJson(text);
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** `price.regular: Too small…` — the field inside the row, then zod's message. */
function describe(path: readonly PropertyKey[], message: string): string {
  const field = path.filter((p) => typeof p !== 'symbol').join('.');
  return field ? `${field}: ${message}` : message;
}

export function parseCatalogJson(text: string): CatalogParse {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
  if (errors.length > 0 || !tree) {
    const first = errors[0];
    return { ok: false, problems: [{ line: first ? lineAt(text, first.offset) : 1, message: `Not valid JSON (${first ? printParseErrorCode(first.error) : 'empty file'})` }] };
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
      problems.push({ line: lineAt(text, node?.offset ?? 0), message: `${row}${describe(typeof index === 'number' ? field : issue.path, issue.message)}` });
    }
    return { ok: false, problems };
  }
  problems.push(...crossCheck(result.data, (kind, index) => lineAt(text, findNodeAtLocation(tree, [kind, index])?.offset ?? 0)));
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
    const at = { line: lineOf('products', i) };
    if (variants.has(p.variantId)) problems.push({ ...at, message: `product ${p.variantId}: variantId is used twice` });
    variants.add(p.variantId);
    if (!categories.has(p.categoryId)) problems.push({ ...at, message: `product ${p.variantId}: category ${p.categoryId} does not exist` });
    if (!p.isFraction && !Number.isInteger(p.stock)) problems.push({ ...at, message: `product ${p.variantId}: stock must be a whole number unless the product is sold by weight (isFraction)` });
    if (p.stock < 0) problems.push({ ...at, message: `product ${p.variantId}: stock cannot be negative` });
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
