import type { Banner, Category, Product } from '../../../domain/catalog.ts';
import { fromMinor, minor } from '../../../domain/money.ts';
import type { Db } from '../database.ts';
import { readCatalogVersion } from './catalog-version.ts';

/** A product as the shop keeps it: with the instant a "sold out today" ends, while one is set. */
export type StoredProduct = Product & { soldOutUntil?: number };

/** A banner as the shop keeps it: with its schedule's instants, when it has one. */
export type StoredBanner = Banner & { showFrom?: number; showUntil?: number };

export type CatalogSnapshot = { version: string; products: StoredProduct[]; categories: Category[]; banners: StoredBanner[] };

/**
 * The catalog shoppers see at `now` (issue 21): hidden products left out, one sold out
 * until a later instant shown with no stock and not made to order, and the owner's marks
 * taken off; banners outside their schedule left out, and the schedule taken off. Its
 * version names the next instant a "sold out today" ends or a banner's window starts or
 * ends, so the catalog and page caches make it afresh then without any write.
 */
export function shopperCatalog(snapshot: CatalogSnapshot, now: number): CatalogSnapshot {
  let changesAt = Infinity;
  const products: Product[] = [];
  for (const stored of snapshot.products) {
    // most products carry neither mark, and are shared with the snapshot rather than copied
    if (!('hidden' in stored) && !('soldOutUntil' in stored)) {
      products.push(stored);
      continue;
    }
    const { hidden, soldOutUntil, ...p } = stored;
    if (hidden) continue;
    if (soldOutUntil !== undefined && soldOutUntil > now) {
      changesAt = Math.min(changesAt, soldOutUntil);
      const { madeToOrder: _, ...soldOut } = p;
      products.push({ ...soldOut, stock: 0 });
    } else products.push(p);
  }
  const banners: Banner[] = [];
  for (const { showFrom, showUntil, ...b } of snapshot.banners) {
    if (showFrom !== undefined && showFrom > now) changesAt = Math.min(changesAt, showFrom);
    else if (showUntil !== undefined && showUntil > now) changesAt = Math.min(changesAt, showUntil);
    if ((showFrom === undefined || showFrom <= now) && (showUntil === undefined || showUntil > now)) banners.push(b);
  }
  return { ...snapshot, version: changesAt === Infinity ? snapshot.version : `${snapshot.version}~${changesAt}`, products, banners };
}

/** A product's errors when it has none, as nearly every product: one object for all of them, frozen since they share it. */
const NO_ERRORS: Product['errors'] = Object.freeze({});
const NO_TAGS: readonly string[] = Object.freeze([]);

/** Reading the catalog: the whole of it as the shop keeps it (read), its version, and whether it has any product. */
export function catalogReads(db: Db, fractionDigits: number) {
  const { kysely } = db;
  return {
    /** The catalog's version (catalog-version.ts): it changes with every write to the catalog or its stock. */
    version: () => readCatalogVersion(kysely),

    async isEmpty(): Promise<boolean> {
      const row = await kysely.selectFrom('products').select('id').limit(1).executeTakeFirst();
      return row === undefined;
    },

    /** The whole catalog as the API speaks it, ordered as the owner listed it. */
    async read(): Promise<CatalogSnapshot> {
      const [v, categoryRows, tagRows, bannerRows] = await Promise.all([
        readCatalogVersion(kysely),
        kysely.selectFrom('categories').selectAll().orderBy('position').orderBy('id').execute(),
        kysely.selectFrom('product_tags').select(['product_id', 'tag_id']).orderBy('product_id').orderBy('tag_id').execute(),
        kysely.selectFrom('banners').selectAll().orderBy('kind').orderBy('position').execute(),
      ]);
      // values many products share (a category, a tag, a type, a variant's name, a size guide)
      // are one string each, not one per product as the rows bring them (decision 063); equal
      // prices and tag lists, which a shop repeats (₹99; a category's tags), are one frozen
      // object each (decision 069)
      const shared = new Map<string, string>();
      const one = (s: string): string => {
        const kept = shared.get(s);
        if (kept !== undefined) return kept;
        shared.set(s, s);
        return s;
      };
      const tagLists = new Map<string, string[]>();
      for (const t of tagRows) {
        const list = tagLists.get(t.product_id);
        if (list) list.push(one(t.tag_id));
        else tagLists.set(t.product_id, [one(t.tag_id)]);
      }
      const sharedLists = new Map<string, readonly string[]>([['', NO_TAGS]]);
      const tagsOf = (productId: string): string[] => {
        const list = tagLists.get(productId) ?? [];
        const key = list.join('\u0000');
        const kept = sharedLists.get(key);
        if (kept !== undefined) return kept as string[];
        sharedLists.set(key, Object.freeze(list));
        return list;
      };
      const price = (m: number | null) => (m === null ? null : fromMinor(minor(m), fractionDigits));
      const sharedPrices = new Map<string, Product['price']>();
      const priceOf = (mrp: number | null, regular: number, special: number | null): Product['price'] => {
        const key = `${mrp}/${regular}/${special}`;
        const kept = sharedPrices.get(key);
        if (kept !== undefined) return kept;
        const made = Object.freeze({ mrp: price(mrp), regular: fromMinor(minor(regular), fractionDigits), special: price(special) });
        sharedPrices.set(key, made);
        return made;
      };
      const productRows = kysely.selectFrom('products').selectAll().orderBy('position');
      // SQLite's rows one at a time (decision 055): 10k rows held at once besides the products
      // made of them would be 10 MB more at the peak, and garbage the heap keeps afterwards
      const rows = db.dialect === 'sqlite' ? productRows.stream() : await productRows.execute();
      const products: StoredProduct[] = [];
      for await (const r of rows) {
        // an id the import made from the variant's (completeProduct) is the same string, not a copy
        const variantId = r.variant_id;
        products.push({
          id: r.id === variantId ? variantId : r.id,
          itemId: r.item_id === variantId ? variantId : r.item_id,
          variantId,
          variantName: one(r.variant_name),
          title: r.title,
          description: r.description,
          categoryId: one(r.category_id),
          price: priceOf(r.mrp_minor, r.regular_minor, r.special_minor),
          images: JSON.parse(r.images) as Product['images'],
          stock: r.stock_milli / 1000,
          isFraction: r.is_fraction === 1,
          sku: r.sku,
          type_id: one(r.type_id) as Product['type_id'],
          errors: r.errors === '{}' ? NO_ERRORS : (JSON.parse(r.errors) as Product['errors']),
          tags: tagsOf(r.id),
          // only when set: a 10k-product catalog does not carry 10k empty fields
          ...(r.tax_rate_hundredths === null ? {} : { taxRate: r.tax_rate_hundredths / 100 }),
          ...(r.hsn === null ? {} : { hsn: one(r.hsn) }),
          ...(r.tracks_stock === 0 ? { madeToOrder: true } : {}),
          ...(r.hidden === 1 ? { hidden: true } : {}),
          ...(r.sold_out_until === null ? {} : { soldOutUntil: r.sold_out_until }),
          ...(r.weight_step_milli === null ? {} : { weightStep: r.weight_step_milli / 1000 }),
          ...(r.size_guide === null ? {} : { sizeGuide: one(r.size_guide) }),
        });
      }
      const categories: Category[] = categoryRows.map((c) => ({ oId: c.id, name: c.name, position: c.position, colour: c.colour, image: c.image }));
      const banners: StoredBanner[] = bannerRows.map((b) => ({
        id: b.id,
        kind: b.kind as Banner['kind'],
        position: b.position,
        title: b.title,
        subtitle: b.subtitle,
        buttonText: b.button_text,
        image: { mobile: b.image_mobile, desktop: b.image_desktop },
        background: b.background,
        link: JSON.parse(b.link) as Banner['link'],
        ...(b.show_from === null ? {} : { showFrom: Number(b.show_from) }),
        ...(b.show_until === null ? {} : { showUntil: Number(b.show_until) }),
      }));
      return { version: v, products, categories, banners };
    },
  };
}
