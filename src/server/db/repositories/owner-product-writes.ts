import type { Kysely, Transaction } from 'kysely';
import { fromMinor, minor, qtyToMilli, toMinor } from '../../../domain/money.ts';
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
import type { Database } from '../schema.ts';
import { recordAudit, type Actor } from './audit-repository.ts';
import { bumpCatalogVersion } from './catalog-version.ts';
import { isUniqueViolation } from '../unique-violation.ts';

/** What an owner's edit changed, field by field (the audit entry's detail). */
export type ProductChanges = Record<string, { from: unknown; to: unknown }>;

/** `base`, or `base-2`, `base-3` … whichever is not taken yet. */
function freeId(base: string, taken: Set<string>): string {
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  taken.add(id);
  return id;
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

/** The owner's writes to products (issue 21): a new product, an edit of one variant, the marks on it. Stock is owner-stock-writes.ts's. */
export function ownerProductWrites(kysely: Kysely<Database>, fractionDigits: number) {
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
  };
}
