import { readFileSync } from 'node:fs';
import type { CatalogRepository } from '../db/repositories/catalog-repository.ts';
import { parseCatalog, type CatalogProblem } from './catalog-file.ts';

export type ImportResult = { ok: true; products: number; categories: number } | { ok: false; problems: CatalogProblem[] };

/** Imports a JSON or CSV catalog file (by its extension) in one transaction, or nothing at all. */
export async function importCatalogFile(repo: CatalogRepository, file: string): Promise<ImportResult> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    return { ok: false, problems: [{ line: 0, message: `Cannot read ${file}: ${(err as Error).message}` }] };
  }
  const format = file.toLowerCase().endsWith('.csv') ? 'csv' : 'json';
  const parsed = parseCatalog(text, format);
  if (!parsed.ok) return parsed;
  // a CSV has no banners: keep the ones the shop has
  await repo.replace(parsed.file, { keepBanners: format === 'csv' });
  return { ok: true, products: parsed.file.products.length, categories: parsed.file.categories.length };
}
