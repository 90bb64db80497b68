import type { Banner, CatalogFile, Category, Product } from '../../../domain/catalog.ts';
import { completeProduct } from '../../../domain/catalog.ts';
import { fromMinor, minor, qtyToMilli, toMinor } from '../../../domain/money.ts';
import { monotonicFactory } from 'ulid';
import { pooledRandom } from '../random.ts';
import type { Transaction } from 'kysely';
import type { Db } from '../database.ts';
import type { Database } from '../schema.ts';
import { recordAudit, type Actor } from './audit-repository.ts';
import { checkStock, type QuantityProblem } from '../../../domain/quantity.ts';
import {
  priceProblems,
  productCreateMessages,
  productCreateProblems,
  productEditMessages,
  slugOf,
  type FieldProblem,
  type ProductCreate,
  type ProductEdit,
} from '../../../domain/product-edit.ts';

/** What an owner's edit changed, field by field (the audit entry's detail). */
export type ProductChanges = Record<string, { from: unknown; to: unknown }>;

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

const VERSION_KEY = 'catalog_version';
const CHUNK = 200;
/** A product's errors when it has none, as nearly every product: one object for all of them, frozen since they share it. */
const NO_ERRORS: Product['errors'] = Object.freeze({});
const NO_TAGS: readonly string[] = Object.freeze([]);
/** Versions must differ for two changes in the same millisecond. */
const newVersion = monotonicFactory(pooledRandom);

/**
 * Marks the catalog as changed (stock, prices) inside the caller's transaction, so every
 * instance's catalog cache rebuilds on its next check.
 */
export async function bumpCatalogVersion(trx: Transaction<Database>, now: number): Promise<void> {
  await catalogVersionStatement(trx, now).execute();
}

/** The statement of `bumpCatalogVersion`, for a caller that runs it as part of a larger one (a CTE on PostgreSQL). */
export const catalogVersionStatement = (trx: Transaction<Database>, now: number) =>
  trx
    .updateTable('shop_meta')
    .set({ value: newVersion(now) })
    .where('key', '=', VERSION_KEY);

/**
 * A stored product and a file's are the same one, kept (its stock with it) by an import,
 * when they have the same id and the same variantId: the same key. Any other pair is a
 * removal and an addition.
 */
export const productKey = (id: string, variantId: string): string => `${id}\u0000${variantId}`;

/** What an import overwrites on a product it keeps: everything but its id and stock. */
const updatedColumns = [
  'item_id',
  'variant_id',
  'variant_name',
  'sku',
  'title',
  'description',
  'category_id',
  'mrp_minor',
  'regular_minor',
  'special_minor',
  'images',
  'is_fraction',
  'type_id',
  'errors',
  'position',
  'updated_at',
  'tax_rate_hundredths',
  'hsn',
  'weight_step_milli',
  'size_guide',
] as const;

/** A write refused because another row has the same key (PostgreSQL, SQLite). */
const isUniqueViolation = (e: unknown) => {
  const code = (e as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
};

/** `base`, or `base-2`, `base-3` … whichever is not taken yet. */
function freeId(base: string, taken: Set<string>): string {
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  taken.add(id);
  return id;
}

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

/** Tags every one of `productIds` with each of `tags`, making the tags that do not exist yet. */
async function tagProducts(trx: Transaction<Database>, productIds: string[], tags: string[]): Promise<void> {
  if (!tags.length) return;
  await trx
    .insertInto('tags')
    .values(tags.map((name) => ({ id: name, name })))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await trx
    .insertInto('product_tags')
    .values(productIds.flatMap((id) => tags.map((tag) => ({ product_id: id, tag_id: tag }))))
    .execute();
}

export function createCatalogRepository(db: Db, fractionDigits: number) {
  const { kysely } = db;

  async function version(): Promise<string> {
    const row = await kysely.selectFrom('shop_meta').select('value').where('key', '=', VERSION_KEY).executeTakeFirst();
    return row?.value ?? '0';
  }

  async function createOnce(
    create: ProductCreate,
    actor: Actor,
  ): Promise<{ ok: true; itemId: string; variantIds: string[] } | { ok: false; fields: FieldProblem[] }> {
    const now = Date.now();
    return kysely.transaction().execute(async (trx) => {
      const fields = productCreateProblems(create);
      if (!(await trx.selectFrom('categories').select('id').where('id', '=', create.categoryId).executeTakeFirst()))
        fields.unshift({ path: 'categoryId', message: productEditMessages.unknownCategory });
      const given = create.variants.flatMap((v) => (v.variantId === undefined ? [] : [v.variantId]));
      const used = given.length
        ? new Set(
            (
              await trx
                .selectFrom('products')
                .select(['id', 'variant_id'])
                .where((eb) => eb.or([eb('id', 'in', given), eb('variant_id', 'in', given)]))
                .execute()
            ).flatMap((r) => [r.id, r.variant_id]),
          )
        : new Set<string>();
      create.variants.forEach((v, i) => {
        if (v.variantId !== undefined && used.has(v.variantId)) fields.push({ path: `variants.${i}.variantId`, message: productCreateMessages.variantIdUsed });
      });
      if (fields.length) return { ok: false, fields };

      // the ids taken that a made one could meet: those starting with the same words (slugs have no LIKE wildcards)
      const bases = create.variants.map((v) => (v.variantId === undefined ? slugOf(create.title, v.variantName) : null));
      const itemBase = slugOf(create.title);
      const taken = new Set<string>(given);
      for (const base of new Set(bases.filter((b) => b !== null))) {
        const rows = await trx
          .selectFrom('products')
          .select(['id', 'variant_id'])
          .where((eb) => eb.or([eb('id', 'like', `${base}%`), eb('variant_id', 'like', `${base}%`)]))
          .execute();
        for (const r of rows) taken.add(r.id).add(r.variant_id);
      }
      const variantIds = create.variants.map((v, i) => v.variantId ?? freeId(bases[i]!, taken));
      // a new item of its own: an existing item id would group the new variants with another product's
      const items = new Set((await trx.selectFrom('products').select('item_id').where('item_id', 'like', `${itemBase}%`).execute()).map((r) => r.item_id));
      const itemId = freeId(itemBase, items);
      const last = await trx
        .selectFrom('products')
        .select((eb) => eb.fn.max('position').as('position'))
        .executeTakeFirst();
      const position = Number(last?.position ?? -1) + 1;
      const tags = [...new Set(create.tags)].sort();
      const toM = (x: number | null) => (x === null ? null : toMinor(x, fractionDigits));

      await trx
        .insertInto('products')
        .values(
          create.variants.map((v, i) => ({
            id: variantIds[i]!,
            item_id: itemId,
            variant_id: variantIds[i]!,
            variant_name: v.variantName,
            sku: variantIds[i]!,
            title: create.title,
            description: create.description,
            category_id: create.categoryId,
            mrp_minor: toM(v.price.mrp),
            regular_minor: toMinor(v.price.regular, fractionDigits),
            special_minor: toM(v.price.special),
            images: '[]',
            stock_milli: qtyToMilli(v.stock, create.isFraction),
            is_fraction: create.isFraction ? 1 : 0,
            type_id: create.variants.length > 1 ? 'configurable' : 'simple',
            errors: '{}',
            position: position + i,
            updated_at: now,
            tax_rate_hundredths: create.taxRate === null ? null : Math.round(create.taxRate * 100),
            hsn: create.hsn,
            hidden: 0,
            tracks_stock: v.madeToOrder ? 0 : 1,
            sold_out_until: null,
            weight_step_milli: create.weightStep === null ? null : qtyToMilli(create.weightStep, true),
            size_guide: create.sizeGuide || null,
          })),
        )
        .execute();
      await tagProducts(trx, variantIds, tags);
      await bumpCatalogVersion(trx, now);
      const detail = {
        itemId,
        title: create.title,
        categoryId: create.categoryId,
        variants: create.variants.map((v, i) => ({
          variantId: variantIds[i],
          variantName: v.variantName,
          price: v.price,
          stock: v.stock,
          madeToOrder: v.madeToOrder,
        })),
      };
      await recordAudit(trx, { actor, action: 'product.create', subject: `product:${variantIds[0]}`, detail }, now);
      return { ok: true, itemId, variantIds };
    });
  }

  return {
    version,
    /** The currency's decimals the prices are stored with. */
    fractionDigits,

    async isEmpty(): Promise<boolean> {
      const row = await kysely.selectFrom('products').select('id').limit(1).executeTakeFirst();
      return row === undefined;
    },

    /**
     * Replaces the whole catalog in one transaction: either every row lands or none does.
     * Products already in the shop (the same id and variantId: `productKey`) are updated in
     * place rather than deleted and inserted, so with `stock: 'keep'` their live stock stays
     * as orders left it, even for an order taken while the import runs; a product whose
     * isFraction changes takes the file's stock, as its stock's unit changed. With 'file'
     * (the default, for seeds and tests) every product takes the file's stock. Products not in
     * the file are deleted; orders keep their lines, which copy what they need. The banners
     * are the file's (with their schedule, when a shop-front sheet gives one) unless keepBanners.
     * With an actor (the owner's import), its audit entry is written in the same transaction.
     */
    async replace(
      file: Omit<CatalogFile, 'banners'> & { banners: StoredBanner[] },
      options: { keepBanners?: boolean; actor?: Actor; stock?: 'keep' | 'file' } = {},
    ): Promise<void> {
      const now = Date.now();
      const v = newVersion(now);
      const products = file.products.map(completeProduct);
      const tagNames = [...new Set(products.flatMap((p) => p.tags))];
      const wanted = new Set(products.map((p) => productKey(p.id, p.variantId)));
      const categoryIds = new Set(file.categories.map((c) => c.oId));
      await kysely.transaction().execute(async (trx) => {
        const existing = await trx.selectFrom('products').select(['id', 'variant_id']).execute();
        await trx.deleteFrom('product_tags').execute();
        await trx.deleteFrom('tags').execute();
        // first the products that go, so no kept or new one meets their variantId
        for (const ids of chunks(existing.filter((r) => !wanted.has(productKey(r.id, r.variant_id))).map((r) => r.id))) {
          await trx.deleteFrom('products').where('id', 'in', ids).execute();
        }
        if (!options.keepBanners) await trx.deleteFrom('banners').execute();
        const oldCategories = await trx.selectFrom('categories').select('id').execute();
        for (const rows of chunks(file.categories)) {
          await trx
            .insertInto('categories')
            .values(rows.map((c) => ({ id: c.oId, name: c.name, position: c.position, colour: c.colour, image: c.image })))
            .onConflict((oc) =>
              oc.column('id').doUpdateSet((eb) => ({
                name: eb.ref('excluded.name'),
                position: eb.ref('excluded.position'),
                colour: eb.ref('excluded.colour'),
                image: eb.ref('excluded.image'),
              })),
            )
            .execute();
        }
        for (const rows of chunks(products.map((p, position) => ({ p, position })))) {
          await trx
            .insertInto('products')
            .values(
              rows.map(({ p, position }) => ({
                id: p.id,
                item_id: p.itemId,
                variant_id: p.variantId,
                variant_name: p.variantName,
                sku: p.sku,
                title: p.title,
                description: p.description,
                category_id: p.categoryId,
                mrp_minor: p.price.mrp === null ? null : toMinor(p.price.mrp, fractionDigits),
                regular_minor: toMinor(p.price.regular, fractionDigits),
                special_minor: p.price.special === null ? null : toMinor(p.price.special, fractionDigits),
                images: JSON.stringify(p.images),
                stock_milli: qtyToMilli(p.stock, p.isFraction),
                is_fraction: p.isFraction ? 1 : 0,
                type_id: p.type_id,
                errors: JSON.stringify(p.errors),
                position,
                updated_at: now,
                tax_rate_hundredths: p.taxRate === undefined ? null : Math.round(p.taxRate * 100),
                hsn: p.hsn ?? null,
                hidden: p.hidden ? 1 : 0,
                tracks_stock: p.madeToOrder ? 0 : 1,
                sold_out_until: null,
                weight_step_milli: p.weightStep === undefined ? null : qtyToMilli(p.weightStep, true),
                size_guide: p.sizeGuide ?? null,
              })),
            )
            .onConflict((oc) =>
              oc.column('id').doUpdateSet((eb) => ({
                ...Object.fromEntries(updatedColumns.map((c) => [c, eb.ref(`excluded.${c}`)])),
                stock_milli:
                  options.stock === 'keep'
                    ? eb
                        .case()
                        .when('products.is_fraction', '=', eb.ref('excluded.is_fraction'))
                        .then(eb.ref('products.stock_milli'))
                        .else(eb.ref('excluded.stock_milli'))
                        .end()
                    : eb.ref('excluded.stock_milli'),
              })),
            )
            .execute();
        }
        // the categories the file left out, now that no product is in them
        for (const ids of chunks(oldCategories.map((c) => c.id).filter((id) => !categoryIds.has(id)))) {
          await trx.deleteFrom('categories').where('id', 'in', ids).execute();
        }
        for (const rows of chunks(tagNames)) {
          await trx
            .insertInto('tags')
            .values(rows.map((name) => ({ id: name, name })))
            .execute();
        }
        for (const rows of chunks(products.flatMap((p) => [...new Set(p.tags)].map((tag) => ({ product_id: p.id, tag_id: tag }))))) {
          await trx.insertInto('product_tags').values(rows).execute();
        }
        if (!options.keepBanners) {
          for (const rows of chunks(file.banners)) {
            await trx
              .insertInto('banners')
              .values(
                rows.map((b) => ({
                  id: b.id,
                  kind: b.kind,
                  position: b.position,
                  title: b.title,
                  subtitle: b.subtitle,
                  button_text: b.buttonText,
                  image_mobile: b.image.mobile,
                  image_desktop: b.image.desktop,
                  background: b.background,
                  link: JSON.stringify(b.link),
                  show_from: b.showFrom ?? null,
                  show_until: b.showUntil ?? null,
                })),
              )
              .execute();
          }
        }
        await trx
          .insertInto('shop_meta')
          .values({ key: VERSION_KEY, value: v })
          .onConflict((oc) => oc.column('key').doUpdateSet({ value: v }))
          .execute();
        if (options.actor)
          await recordAudit(
            trx,
            {
              actor: options.actor,
              action: 'catalog.import',
              subject: 'catalog',
              detail: {
                products: file.products.length,
                categories: file.categories.length,
                ...(options.keepBanners ? {} : { banners: file.banners.length }),
                stock: options.stock ?? 'file',
              },
            },
            now,
          );
      });
    },

    /** The whole catalog as the API speaks it, ordered as the owner listed it. */
    async read(): Promise<CatalogSnapshot> {
      const [v, categoryRows, tagRows, bannerRows] = await Promise.all([
        version(),
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

    /**
     * The owner's edit of one variant (issue 21), in one transaction with its audit entry:
     * what the product is (title, description, category, tags) is changed on every variant
     * of its item, as the storefront shows them together; name, prices, tax and how it is
     * sold on this variant only. Stock is never written. Null when there is no such
     * variant; the fields' problems (an unknown category, prices out of order, a
     * fractional stock for whole units) and nothing changed.
     */
    async editProduct(
      variantId: string,
      edit: ProductEdit,
      actor: Actor,
    ): Promise<{ ok: true; changes: ProductChanges } | { ok: false; fields: FieldProblem[] } | null> {
      const now = Date.now();
      return kysely.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('products').selectAll().where('variant_id', '=', variantId).executeTakeFirst();
        if (!row) return null;
        const fields: FieldProblem[] = [];
        if (edit.categoryId !== undefined && !(await trx.selectFrom('categories').select('id').where('id', '=', edit.categoryId).executeTakeFirst())) {
          fields.push({ path: 'categoryId', message: productEditMessages.unknownCategory });
        }
        const toM = (x: number | null) => (x === null ? null : toMinor(x, fractionDigits));
        const mrp = edit.price?.mrp !== undefined ? toM(edit.price.mrp) : row.mrp_minor;
        const regular = edit.price?.regular !== undefined ? toMinor(edit.price.regular, fractionDigits) : row.regular_minor;
        const special = edit.price?.special !== undefined ? toM(edit.price.special) : row.special_minor;
        fields.push(...priceProblems({ mrp, regular, special }));
        if (edit.isFraction === false && row.stock_milli % 1000 !== 0) fields.push({ path: 'isFraction', message: productEditMessages.notWholeStock });
        if (fields.length) return { ok: false, fields };

        const oldTags = (await trx.selectFrom('product_tags').select('tag_id').where('product_id', '=', row.id).orderBy('tag_id').execute()).map(
          (t) => t.tag_id,
        );
        const money = (m: number | null) => (m === null ? null : fromMinor(minor(m), fractionDigits));
        const before = {
          title: row.title,
          description: row.description,
          categoryId: row.category_id,
          variantName: row.variant_name,
          'price.mrp': money(row.mrp_minor),
          'price.regular': money(row.regular_minor),
          'price.special': money(row.special_minor),
          taxRate: row.tax_rate_hundredths === null ? null : row.tax_rate_hundredths / 100,
          hsn: row.hsn,
          isFraction: row.is_fraction === 1,
          tags: oldTags,
          weightStep: row.weight_step_milli === null ? null : row.weight_step_milli / 1000,
          sizeGuide: row.size_guide ?? '',
        };
        const tags = edit.tags === undefined ? undefined : [...new Set(edit.tags)].sort();
        const after = {
          ...before,
          ...Object.fromEntries(Object.entries(edit).filter(([k, v]) => k !== 'price' && v !== undefined)),
          'price.mrp': money(mrp),
          'price.regular': money(regular),
          'price.special': money(special),
          ...(tags ? { tags } : {}),
        };
        const changes: ProductChanges = {};
        for (const [key, from] of Object.entries(before)) {
          const to = after[key as keyof typeof after];
          if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
        }
        if (Object.keys(changes).length === 0) return { ok: true, changes };

        const item = {
          title: after.title,
          description: after.description,
          category_id: after.categoryId,
          size_guide: after.sizeGuide || null,
          updated_at: now,
        };
        await trx.updateTable('products').set(item).where('item_id', '=', row.item_id).execute();
        await trx
          .updateTable('products')
          .set({
            variant_name: after.variantName,
            mrp_minor: mrp,
            regular_minor: regular,
            special_minor: special,
            tax_rate_hundredths: after.taxRate === null ? null : Math.round(after.taxRate * 100),
            hsn: after.hsn,
            is_fraction: after.isFraction ? 1 : 0,
            weight_step_milli: after.weightStep === null ? null : qtyToMilli(after.weightStep, true),
          })
          .where('id', '=', row.id)
          .execute();
        if (tags) {
          const ids = (await trx.selectFrom('products').select('id').where('item_id', '=', row.item_id).execute()).map((r) => r.id);
          await trx.deleteFrom('product_tags').where('product_id', 'in', ids).execute();
          await tagProducts(trx, ids, tags);
        }
        await bumpCatalogVersion(trx, now);
        await recordAudit(trx, { actor, action: 'product.edit', subject: `product:${variantId}`, detail: changes }, now);
        return { ok: true, changes };
      });
    },

    /**
     * The owner's new product (issue 21): one row per variant sharing a new item id, with
     * the starting stock given, in one transaction with its audit entry and a new catalog
     * version. Ids left out are made from the title and the variant's name, made unique
     * with -2, -3 …; an id the owner gives that is in use is refused. Every problem (the
     * fields' rules, an unknown category, an id in use) comes back together and nothing
     * is written.
     */
    async createProduct(
      create: ProductCreate,
      actor: Actor,
    ): Promise<{ ok: true; itemId: string; variantIds: string[] } | { ok: false; fields: FieldProblem[] }> {
      // two owners' tabs saving the same name at once on PostgreSQL: the later one meets a
      // unique key and is tried again, now seeing the other's ids
      for (let attempt = 1; ; attempt++) {
        try {
          return await createOnce(create, actor);
        } catch (e) {
          if (!isUniqueViolation(e) || attempt === 3) throw e;
        }
      }
    },

    /**
     * The owner's marks on a variant, or on every variant of its item (issue 21): hidden,
     * made to order (`tracksStock` false), sold out until an instant (null: no longer).
     * One transaction with its audit entry (what changed, old → new, per variant); stock
     * is left as it is. Null when there is no such variant.
     */
    async setMarks(
      variantId: string,
      marks: { hidden?: boolean; tracksStock?: boolean; soldOutUntil?: number | null },
      options: { allVariants: boolean; actor: Actor; now?: number },
    ): Promise<{ variants: string[] } | null> {
      const now = options.now ?? Date.now();
      return kysely.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('products').select(['item_id']).where('variant_id', '=', variantId).executeTakeFirst();
        if (!row) return null;
        let query = trx.selectFrom('products').select(['variant_id', 'hidden', 'tracks_stock', 'sold_out_until']).orderBy('position');
        query = options.allVariants ? query.where('item_id', '=', row.item_id) : query.where('variant_id', '=', variantId);
        const rows = await query.execute();
        const set = {
          ...(marks.hidden === undefined ? {} : { hidden: marks.hidden ? 1 : 0 }),
          ...(marks.tracksStock === undefined ? {} : { tracks_stock: marks.tracksStock ? 1 : 0 }),
          ...(marks.soldOutUntil === undefined ? {} : { sold_out_until: marks.soldOutUntil }),
        };
        const detail: Record<string, ProductChanges> = {};
        for (const r of rows) {
          const changes: ProductChanges = {};
          for (const [column, to] of Object.entries(set)) {
            const from = r[column as keyof typeof set];
            if (from !== to) changes[column] = { from, to };
          }
          if (Object.keys(changes).length) detail[r.variant_id] = changes;
        }
        if (Object.keys(detail).length === 0) return { variants: rows.map((r) => r.variant_id) };
        await trx
          .updateTable('products')
          .set({ ...set, updated_at: now })
          .where('variant_id', 'in', Object.keys(detail))
          .execute();
        await bumpCatalogVersion(trx, now);
        await recordAudit(trx, { actor: options.actor, action: 'product.mark', subject: `product:${variantId}`, detail }, now);
        return { variants: rows.map((r) => r.variant_id) };
      });
    },

    /**
     * Sets a product's stock (units, or kg for fractional products), with an audit entry
     * naming the actor in the same transaction. Null when there is no such product; the
     * quantity rule's problem for a stock it refuses (a fraction of a piece, a weight finer
     * than a gram), and nothing changed.
     */
    async setStock(
      variantId: string,
      stock: number,
      actor: Actor,
    ): Promise<{ ok: true; variantId: string; from: number; to: number } | { ok: false; problem: QuantityProblem } | null> {
      const now = Date.now();
      return kysely.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('products').select(['id', 'is_fraction', 'stock_milli']).where('variant_id', '=', variantId).executeTakeFirst();
        if (!row) return null;
        const check = checkStock(stock, row.is_fraction === 1);
        if (!check.ok) return check;
        const milli = check.milli;
        await trx.updateTable('products').set({ stock_milli: milli, updated_at: now }).where('id', '=', row.id).execute();
        await bumpCatalogVersion(trx, now);
        const change = { ok: true as const, variantId, from: row.stock_milli / 1000, to: milli / 1000 };
        await recordAudit(trx, { actor, action: 'stock.set', subject: `product:${variantId}`, detail: { from: change.from, to: change.to } }, now);
        return change;
      });
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
