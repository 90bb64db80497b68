import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Actor } from '../db/repositories/audit-repository.ts';
import type { CatalogRepository } from '../db/repositories/catalog-repository.ts';
import { planImport, planShopFront, type ImportPlan, type ShopFrontPlan } from './catalog-import-plan.ts';
import { parseShopFront, type ShopFrontParse } from './shop-front-file.ts';
import { keepShopCategories, parseCatalog } from './catalog-file.ts';
import { catalogFileOf, catalogToCsv, catalogToJson, csvLeavesOut, csvProblems } from './catalog-file-export.ts';
import type { CatalogProblem } from './sheet-reading.ts';

export type ImportResult =
  | { ok: true; products: number; categories: number; plan: ImportPlan; shopFront?: { banners: number; plan: ShopFrontPlan } }
  | { ok: false; problems: CatalogProblem[]; shopFrontProblems?: CatalogProblem[] };

const formatOf = (file: string) => (file.toLowerCase().endsWith('.csv') ? 'csv' : 'json');

function readText(file: string): { ok: true; text: string } | { ok: false; problems: CatalogProblem[] } {
  try {
    return { ok: true, text: readFileSync(file, 'utf8') };
  } catch (err) {
    return { ok: false, problems: [{ line: 0, message: `Cannot read ${file}: ${(err as Error).message}` }] };
  }
}

/**
 * Imports a JSON or CSV catalog file (by its extension) in one transaction, or nothing at
 * all; audited when an actor (the owner) does it. Products already in the shop keep their
 * live stock unless stockFromFile. With dryRun it only reads: the plan says what an import
 * would change. The plan is worked out from the catalog as read just before the import.
 * With a shopFront sheet (shop-front-file.ts; its schedules in the shop's timeZone), its categories and
 * banners are the shop's, in the same transaction; both files' problems come back together.
 */
export async function importCatalogFile(
  repo: CatalogRepository,
  file: string,
  actor?: Actor,
  options: { dryRun?: boolean; stockFromFile?: boolean; shopFront?: { file: string; timeZone: string } } = {},
): Promise<ImportResult> {
  const read = readText(file);
  const format = formatOf(file);
  const parsed = read.ok ? parseCatalog(read.text, format) : read;
  let front: ShopFrontParse | undefined;
  if (options.shopFront) {
    const { file: sheetFile, timeZone } = options.shopFront;
    const sheet = readText(sheetFile);
    const categories = parsed.ok ? parsed.file.categories : null;
    front = sheet.ok ? parseShopFront(sheet.text, formatOf(sheetFile), { categories, timeZone }) : sheet;
  }
  if (!parsed.ok || (front && !front.ok))
    return { ok: false, problems: parsed.ok ? [] : parsed.problems, ...(front && !front.ok ? { shopFrontProblems: front.problems } : {}) };
  const stockFromFile = options.stockFromFile ?? false;
  const current = await repo.read();
  // the sheet says what the categories are; a CSV alone, only what its cells say (keepShopCategories)
  const catalog = front
    ? { ...parsed.file, categories: front.categories, banners: front.banners }
    : parsed.stated
      ? { ...parsed.file, categories: keepShopCategories(current.categories, parsed.file.categories, parsed.stated) }
      : parsed.file;
  const plan = planImport(current, catalog, { stockFromFile, fractionDigits: repo.fractionDigits });
  // a CSV has no banners: keep the ones the shop has, unless the sheet gives them
  if (!options.dryRun) await repo.replace(catalog, { keepBanners: format === 'csv' && !front, actor, stock: stockFromFile ? 'file' : 'keep' });
  return {
    ok: true,
    products: catalog.products.length,
    categories: catalog.categories.length,
    plan,
    ...(front ? { shopFront: { banners: catalog.banners.length, plan: planShopFront(current, catalog) } } : {}),
  };
}

/** What an export wrote: counts of what the file holds, and what a CSV could not (csvLeavesOut). */
export type ExportResult = { ok: true; products: number; categories: number; leftOut: string[] } | { ok: false; problems: string[] };

/**
 * Writes the shop's catalog, with the current stock, to a JSON or CSV file (by its
 * extension) that importCatalogFile reads back as the same catalog. The file is written
 * beside its final name and then renamed over it, so a reader never sees half a file and
 * a failed export leaves the old file as it was.
 */
export async function exportCatalogFile(repo: CatalogRepository, file: string): Promise<ExportResult> {
  const format = path.extname(file).toLowerCase();
  if (format !== '.json' && format !== '.csv')
    return { ok: false, problems: [`${path.basename(file)}: name a .json or a .csv file; the extension chooses the format`] };
  const catalog = catalogFileOf(await repo.read());
  let text: string;
  let leftOut: string[] = [];
  if (format === '.csv') {
    const problems = csvProblems(catalog);
    if (problems.length > 0) return { ok: false, problems: [...problems, 'Export to a .json file instead: it holds everything.'] };
    text = catalogToCsv(catalog);
    leftOut = csvLeavesOut(catalog);
  } else {
    text = catalogToJson(catalog);
  }
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, text);
    renameSync(temporary, file);
  } catch (err) {
    rmSync(temporary, { force: true });
    return { ok: false, problems: [`Cannot write ${file}: ${(err as Error).message}`] };
  }
  const categories = format === '.csv' ? new Set(catalog.products.map((p) => p.categoryId)).size : catalog.categories.length;
  return { ok: true, products: catalog.products.length, categories, leftOut };
}
