import { catalogFileSchema, productInputSchema, productTypes, type CatalogFile, type Category } from '../../domain/catalog.ts';
import { fieldMessage, jsonProblem, listCell, readCsv, readJson, readNumber, type CatalogProblem } from './sheet-reading.ts';

/**
 * Reads an owner's catalog file (JSON, or CSV with the columns below) into a checked
 * CatalogFile. Problems are reported with the line they are on, all at once, so the
 * owner can fix the file in one go; nothing is imported unless the whole file is good.
 * catalog-file-export.ts writes one, in the same two formats (decision 025).
 */

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

function parseCatalogJson(text: string): CatalogParse {
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

/**
 * Reads a CSV catalog (readCsv), one row per product. Every problem is reported, each with
 * the line its row starts on and a hint in plain words, rows the CSV reader cannot split
 * included; the file imports only with none.
 */
function parseCatalogCsv(text: string): CatalogParse {
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
        problem(column, csvHints[column] ?? fieldMessage(issue.path.slice(1), issue.message));
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
