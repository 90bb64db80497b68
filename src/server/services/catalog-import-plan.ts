import { completeProduct, type CatalogFile, type Category, type Product } from '../../domain/catalog.ts';
import { qtyToMilli, toMinor } from '../../domain/money.ts';
import { productKey } from '../db/repositories/catalog-repository.ts';

/**
 * What an import of `file` does to the shop's catalog, worked out before it is done: the
 * summary `--dry-run` prints instead of importing, and a real import prints after.
 * It follows the repository's replace(): products match by productKey, kept ones keep
 * their live stock unless stockFromFile (or their isFraction changes).
 */

type Named = { variantId: string; title: string };
type PriceField = 'regular' | 'special' | 'mrp';
export type ImportPlan = {
  products: number;
  categories: number;
  added: (Named & { stock: number })[];
  removed: Named[];
  prices: (Named & { changes: { field: PriceField; from: number | null; to: number | null }[] })[];
  stock: (Named & { from: number; to: number })[];
  /** Products in the shop and in the file whose live stock the import keeps. */
  stockKept: number;
};

export function planImport(current: { products: Product[]; categories: Category[] }, file: CatalogFile, options: { stockFromFile: boolean; fractionDigits: number }): ImportPlan {
  const money = (n: number | null) => (n === null ? null : toMinor(n, options.fractionDigits));
  const before = new Map(current.products.map((p) => [productKey(p.id, p.variantId), p]));
  const products = file.products.map(completeProduct);
  const kept = new Set<string>();
  const plan: ImportPlan = { products: products.length, categories: file.categories.length, added: [], removed: [], prices: [], stock: [], stockKept: 0 };
  for (const p of products) {
    const key = productKey(p.id, p.variantId);
    const old = before.get(key);
    const named = { variantId: p.variantId, title: p.title };
    if (!old) {
      plan.added.push({ ...named, stock: p.stock });
      continue;
    }
    kept.add(key);
    const changes = (['regular', 'special', 'mrp'] as const).filter((f) => money(old.price[f]) !== money(p.price[f])).map((field) => ({ field, from: old.price[field], to: p.price[field] }));
    if (changes.length > 0) plan.prices.push({ ...named, changes });
    if (options.stockFromFile || old.isFraction !== p.isFraction) {
      if (qtyToMilli(old.stock, true) !== qtyToMilli(p.stock, true)) plan.stock.push({ ...named, from: old.stock, to: p.stock });
    } else {
      plan.stockKept += 1;
    }
  }
  plan.removed = current.products.filter((p) => !kept.has(productKey(p.id, p.variantId))).map((p) => ({ variantId: p.variantId, title: p.title }));
  return plan;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const price = (n: number | null) => (n === null ? 'none' : String(n));
const fieldName: Record<PriceField, string> = { regular: '', special: 'special ', mrp: 'MRP ' };

/** The plan for a shop owner to read: the counts, then at most `limit` changes, one a line, and how many more. */
export function describePlan(plan: ImportPlan, limit = 20): string[] {
  const counts = `${plan.added.length} added, ${plan.removed.length} removed, ${plural(plan.prices.length, 'price change', 'price changes')}, ${plural(plan.stock.length, 'stock change', 'stock changes')}.`;
  const name = (p: Named) => `${p.variantId} (${p.title})`;
  const details = [
    ...plan.added.map((p) => `  added    ${name(p)}, stock ${p.stock}`),
    ...plan.removed.map((p) => `  removed  ${name(p)}`),
    ...plan.prices.map((p) => `  price    ${name(p)}: ${p.changes.map((c) => `${fieldName[c.field]}${price(c.from)} → ${price(c.to)}`).join(', ')}`),
    ...plan.stock.map((p) => `  stock    ${name(p)}: ${p.from} → ${p.to}`),
  ];
  const shown = details.length > limit ? [...details.slice(0, limit), `  … and ${details.length - limit} more`] : details;
  const kept = plan.stockKept > 0 ? [`Live stock is kept for the ${plural(plan.stockKept, 'product', 'products')} already in the shop (--stock-from-file takes the file's).`] : [];
  return [counts, ...shown, ...kept];
}
