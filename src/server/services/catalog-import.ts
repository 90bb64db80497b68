import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Actor } from '../db/repositories/audit-repository.ts';
import type { CatalogRepository } from '../db/repositories/catalog-repository.ts';
import { planImport, type ImportPlan } from './catalog-import-plan.ts';
import { catalogFileOf, catalogToCsv, catalogToJson, csvLeavesOut, csvProblems, parseCatalog, type CatalogProblem } from './catalog-file.ts';

export type ImportResult = { ok: true; products: number; categories: number; plan: ImportPlan } | { ok: false; problems: CatalogProblem[] };

/**
 * Imports a JSON or CSV catalog file (by its extension) in one transaction, or nothing at
 * all; audited when an actor (the owner) does it. Products already in the shop keep their
 * live stock unless stockFromFile. With dryRun it only reads: the plan says what an import
 * would change. The plan is worked out from the catalog as read just before the import.
 */
export async function importCatalogFile(
  repo: CatalogRepository,
  file: string,
  actor?: Actor,
  options: { dryRun?: boolean; stockFromFile?: boolean } = {},
): Promise<ImportResult> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    return { ok: false, problems: [{ line: 0, message: `Cannot read ${file}: ${(err as Error).message}` }] };
  }
  const format = file.toLowerCase().endsWith('.csv') ? 'csv' : 'json';
  const parsed = parseCatalog(text, format);
  if (!parsed.ok) return parsed;
  const stockFromFile = options.stockFromFile ?? false;
  const plan = planImport(await repo.read(), parsed.file, { stockFromFile, fractionDigits: repo.fractionDigits });
  // a CSV has no banners: keep the ones the shop has
  if (!options.dryRun) await repo.replace(parsed.file, { keepBanners: format === 'csv', actor, stock: stockFromFile ? 'file' : 'keep' });
  return { ok: true, products: parsed.file.products.length, categories: parsed.file.categories.length, plan };
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
  if (format !== '.json' && format !== '.csv') return { ok: false, problems: [`${path.basename(file)}: name a .json or a .csv file; the extension chooses the format`] };
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
