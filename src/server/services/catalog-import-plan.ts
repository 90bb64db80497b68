import { completeProduct, type CatalogFile, type Category, type Product } from '../../domain/catalog.ts';
import { qtyToMilli, toMinor } from '../../domain/money.ts';
import type { StoredBanner } from '../db/repositories/catalog-read.ts';
import { productKey } from '../db/repositories/catalog-replace.ts';

/**
 * What an import of `file` does to the shop's catalog, worked out before it is done: the
 * summary `--dry-run` prints instead of importing, and a real import prints after.
 * It follows the repository's replace(): products match by productKey, kept ones keep
 * their live stock unless stockFromFile (or their isFraction changes).
 */

type Named = { variantId: string; title: string };
type PriceField = 'regular' | 'special' | 'mrp';
/** What an import overwrites besides price and stock, in the words of the CSV's columns. */
const otherFields = [
  'title',
  'variantName',
  'description',
  'categoryId',
  'images',
  'tags',
  'sku',
  'type_id',
  'isFraction',
  'weightStep',
  'taxRate',
  'hsn',
  'sizeGuide',
  'madeToOrder',
  'hidden',
] as const satisfies readonly (keyof Product)[];
type OtherField = (typeof otherFields)[number];
/** A field as the owner's file writes it: pictures by their addresses (a CSV has no thumbnails or ids), tags in any order. */
const written = (p: Product, field: OtherField): unknown =>
  field === 'images' ? p.images.map((i) => i.url) : field === 'tags' ? [...p.tags].sort() : (p[field] ?? null);
const same = (a: Product, b: Product, field: OtherField) => JSON.stringify(written(a, field)) === JSON.stringify(written(b, field));
export type ImportPlan = {
  products: number;
  categories: number;
  added: (Named & { stock: number })[];
  removed: Named[];
  prices: (Named & { changes: { field: PriceField; from: number | null; to: number | null }[] })[];
  stock: (Named & { from: number; to: number })[];
  /** Products in the shop and in the file whose other fields (title, pictures, category …) the import changes. */
  changed: (Named & { fields: OtherField[] })[];
  /** The `/media/…` pictures the file names, each with the first product that names it: the command checks they are in MEDIA_DIR. */
  pictures: { url: string; variantId: string }[];
  /** Products in the shop and in the file whose live stock the import keeps. */
  stockKept: number;
};

export function planImport(
  current: { products: Product[]; categories: Category[] },
  file: CatalogFile,
  options: { stockFromFile: boolean; fractionDigits: number },
): ImportPlan {
  const money = (n: number | null) => (n === null ? null : toMinor(n, options.fractionDigits));
  const before = new Map(current.products.map((p) => [productKey(p.id, p.variantId), p]));
  const products = file.products.map(completeProduct);
  const kept = new Set<string>();
  const plan: ImportPlan = {
    products: products.length,
    categories: file.categories.length,
    added: [],
    removed: [],
    prices: [],
    stock: [],
    changed: [],
    pictures: [],
    stockKept: 0,
  };
  const pictures = new Map<string, string>();
  for (const p of products) {
    const key = productKey(p.id, p.variantId);
    const old = before.get(key);
    const named = { variantId: p.variantId, title: p.title };
    for (const { url } of p.images) if (url.startsWith('/media/') && !pictures.has(url)) pictures.set(url, p.variantId);
    if (!old) {
      plan.added.push({ ...named, stock: p.stock });
      continue;
    }
    kept.add(key);
    const changes = (['regular', 'special', 'mrp'] as const)
      .filter((f) => money(old.price[f]) !== money(p.price[f]))
      .map((field) => ({ field, from: old.price[field], to: p.price[field] }));
    if (changes.length > 0) plan.prices.push({ ...named, changes });
    const fields = otherFields.filter((f) => !same(old, p, f));
    if (fields.length > 0) plan.changed.push({ ...named, fields });
    if (options.stockFromFile || old.isFraction !== p.isFraction) {
      if (qtyToMilli(old.stock, true) !== qtyToMilli(p.stock, true)) plan.stock.push({ ...named, from: old.stock, to: p.stock });
    } else {
      plan.stockKept += 1;
    }
  }
  plan.pictures = [...pictures].map(([url, variantId]) => ({ url, variantId }));
  plan.removed = current.products.filter((p) => !kept.has(productKey(p.id, p.variantId))).map((p) => ({ variantId: p.variantId, title: p.title }));
  return plan;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const price = (n: number | null) => (n === null ? 'none' : String(n));
/** At most `limit` lines, then how many more there are. */
const shortened = (details: string[], limit: number) =>
  details.length > limit ? [...details.slice(0, limit), `  … and ${details.length - limit} more`] : details;
const fieldName: Record<PriceField, string> = { regular: '', special: 'special ', mrp: 'MRP ' };

/** The plan for a shop owner to read: the counts, then at most `limit` changes, one a line, and how many more. */
export function describePlan(plan: ImportPlan, limit = 20): string[] {
  const counts = `${plan.added.length} added, ${plan.removed.length} removed, ${plural(plan.prices.length, 'price change', 'price changes')}, ${plural(plan.stock.length, 'stock change', 'stock changes')}, ${plural(plan.changed.length, 'other change', 'other changes')}.`;
  const name = (p: Named) => `${p.variantId} (${p.title})`;
  const details = [
    ...plan.added.map((p) => `  added    ${name(p)}, stock ${p.stock}`),
    ...plan.removed.map((p) => `  removed  ${name(p)}`),
    ...plan.prices.map((p) => `  price    ${name(p)}: ${p.changes.map((c) => `${fieldName[c.field]}${price(c.from)} → ${price(c.to)}`).join(', ')}`),
    ...plan.stock.map((p) => `  stock    ${name(p)}: ${p.from} → ${p.to}`),
    ...plan.changed.map((p) => `  changed  ${name(p)}: ${p.fields.join(', ')}`),
  ];
  const kept =
    plan.stockKept > 0
      ? [`Live stock is kept for the ${plural(plan.stockKept, 'product', 'products')} already in the shop (--stock-from-file takes the file's).`]
      : [];
  return [counts, ...shortened(details, limit), ...kept];
}

type FieldChange = { field: string; from: string; to: string };
/** What a shop-front sheet changes (import-catalog --shop-front): categories and banners matched by id. */
export type ShopFrontPlan = {
  categories: { added: Category[]; changed: (Category & { changes: FieldChange[] })[]; removed: Category[] };
  banners: { added: StoredBanner[]; changed: (StoredBanner & { fields: string[] })[]; removed: StoredBanner[] };
};
type ShopFrontState = { categories: Category[]; banners: StoredBanner[] };

const categoryFields = ['name', 'colour', 'image', 'position'] as const;
/** A banner's fields by the names the JSON and the owner's page give them; the schedule as from / until. */
const bannerFields = {
  kind: 'kind',
  title: 'title',
  subtitle: 'subtitle',
  buttonText: 'buttonText',
  image: 'image',
  background: 'background',
  link: 'link',
  showFrom: 'from',
  showUntil: 'until',
  position: 'position',
} as const;

export function planShopFront(current: ShopFrontState, next: ShopFrontState): ShopFrontPlan {
  const categoriesBefore = new Map(current.categories.map((c) => [c.oId, c]));
  const bannersBefore = new Map(current.banners.map((b) => [b.id, b]));
  const nextCategories = new Set(next.categories.map((c) => c.oId));
  const nextBanners = new Set(next.banners.map((b) => b.id));
  const plan: ShopFrontPlan = {
    categories: { added: [], changed: [], removed: current.categories.filter((c) => !nextCategories.has(c.oId)) },
    banners: { added: [], changed: [], removed: current.banners.filter((b) => !nextBanners.has(b.id)) },
  };
  const shown = (v: string | number) => (v === '' ? 'none' : String(v));
  for (const c of next.categories) {
    const old = categoriesBefore.get(c.oId);
    if (!old) plan.categories.added.push(c);
    const changes = old ? categoryFields.filter((f) => old[f] !== c[f]).map((field) => ({ field, from: shown(old[field]), to: shown(c[field]) })) : [];
    if (changes.length > 0) plan.categories.changed.push({ ...c, changes });
  }
  for (const b of next.banners) {
    const old = bannersBefore.get(b.id);
    if (!old) plan.banners.added.push(b);
    const fields = old
      ? Object.entries(bannerFields)
          .filter(([f]) => JSON.stringify(old[f as keyof StoredBanner] ?? null) !== JSON.stringify(b[f as keyof StoredBanner] ?? null))
          .map(([, name]) => name)
      : [];
    if (fields.length > 0) plan.banners.changed.push({ ...b, fields });
  }
  return plan;
}

/** The shop-front plan for the owner to read: the counts, then at most `limit` changes, one a line. */
export function describeShopFrontPlan(plan: ShopFrontPlan, limit = 20): string[] {
  const { categories: c, banners: b } = plan;
  const counts = `Shop front: ${plural(c.added.length, 'category', 'categories')} added, ${c.changed.length} changed, ${c.removed.length} removed; ${plural(b.added.length, 'banner', 'banners')} added, ${b.changed.length} changed, ${b.removed.length} removed.`;
  const category = (x: Category) => `${x.oId} (${x.name})`;
  const banner = (x: StoredBanner) => (x.title ? `${x.id} (${x.title})` : x.id);
  const details = [
    ...c.added.map((x) => `  category added    ${category(x)}`),
    ...c.changed.map((x) => `  category changed  ${category(x)}: ${x.changes.map((ch) => `${ch.field} ${ch.from} → ${ch.to}`).join(', ')}`),
    ...c.removed.map((x) => `  category removed  ${category(x)}`),
    ...b.added.map((x) => `  banner added      ${banner(x)}`),
    ...b.changed.map((x) => `  banner changed    ${banner(x)}: ${x.fields.join(', ')}`),
    ...b.removed.map((x) => `  banner removed    ${banner(x)}`),
  ];
  return [counts, ...shortened(details, limit)];
}
