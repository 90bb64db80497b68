import { stringify as stringifyCsv } from 'csv-stringify/sync';
import type { Banner, CatalogFile, Category, Product } from '../../domain/catalog.ts';
import { csvColumns } from './catalog-file.ts';

/**
 * Writes the shop's catalog as a file (export-catalog), in the two formats catalog-file.ts
 * reads, so that what is written imports again as the same catalog (decision 025).
 */

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
