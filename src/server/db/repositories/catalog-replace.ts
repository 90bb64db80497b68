import type { Kysely } from 'kysely';
import { completeProduct, type CatalogFile } from '../../../domain/catalog.ts';
import { qtyToMilli, toMinor } from '../../../domain/money.ts';
import type { Database } from '../schema.ts';
import { recordAudit, type Actor } from './audit-repository.ts';
import type { StoredBanner } from './catalog-read.ts';
import { newVersion, setCatalogVersion } from './catalog-version.ts';

const CHUNK = 200;

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

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

/** A whole catalog's import (an owner's file, a seed): `replace`. */
export function catalogReplace(kysely: Kysely<Database>, fractionDigits: number) {
  return {
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
        await setCatalogVersion(trx, v);
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
  };
}
