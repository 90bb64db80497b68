import type { Transaction } from 'kysely';
import type { Product } from '../../../domain/catalog.ts';
import type { Db } from '../database.ts';
import type { Database } from '../schema.ts';
import { recordAudit, type Actor } from './audit-repository.ts';
import { bumpCatalogVersion } from './catalog-version.ts';

type Image = Product['images'][number];

/** The most photos one variant holds: a gallery, not an album. */
const MAX_IMAGES = 20;

/** A change refused, with the owner's words for why. */
export type ImageProblem = { ok: false; error: 'not_found' | 'too_many' | 'bad_order'; message: string };

const problems = {
  noProduct: { ok: false, error: 'not_found', message: 'There is no such product.' },
  noImage: { ok: false, error: 'not_found', message: 'The product has no such photo.' },
  tooMany: { ok: false, error: 'too_many', message: `A product holds at most ${MAX_IMAGES} photos: remove one first.` },
  badOrder: { ok: false, error: 'bad_order', message: "Name each of the product's photos once, in the new order." },
} as const satisfies Record<string, ImageProblem>;

/** Positions 0, 1, 2 … in the list's order, so the catalog's order is the list's. */
const renumbered = (images: Image[]): Image[] => images.map((image, position) => ({ ...image, position }));
/** The images in their shown order (by position, then as stored). */
const inOrder = (images: Image[]): Image[] =>
  images
    .map((image, i) => ({ image, i }))
    .sort((a, b) => a.image.position - b.image.position || a.i - b.i)
    .map(({ image }) => image);

/**
 * A variant's photos (issue 21, decision 036): added, removed, reordered, each in one
 * transaction with its audit entry and a new catalog version, so shoppers see it at once.
 * Photos belong to the variant, as the catalog keeps them (a red and a navy tee differ).
 * The stored original stays in the media store when a photo is removed: keys are never
 * reused, and an export made before may still name it.
 */
export function createProductImageRepository(db: Db) {
  /** Reads the variant's images, changes them, and writes them back with the audit entry; the row is locked on PostgreSQL so two uploads at once both land. */
  async function change<T>(
    variantId: string,
    actor: Actor,
    edit: (images: Image[]) => { ok: true; images: Image[]; action: string; detail: Record<string, unknown>; result: T } | ImageProblem,
  ): Promise<{ ok: true; images: Image[]; result: T } | ImageProblem> {
    const now = Date.now();
    return db.kysely.transaction().execute(async (trx: Transaction<Database>) => {
      const row = await trx
        .selectFrom('products')
        .select(['id', 'images'])
        .where('variant_id', '=', variantId)
        .$if(db.dialect === 'postgres', (q) => q.forUpdate())
        .executeTakeFirst();
      if (!row) return problems.noProduct;
      const outcome = edit(inOrder(JSON.parse(row.images) as Image[]));
      if (!outcome.ok) return outcome;
      const images = renumbered(outcome.images);
      await trx
        .updateTable('products')
        .set({ images: JSON.stringify(images), updated_at: now })
        .where('id', '=', row.id)
        .execute();
      await bumpCatalogVersion(trx, now);
      await recordAudit(trx, { actor, action: outcome.action, subject: `product:${variantId}`, detail: outcome.detail }, now);
      return { ok: true, images, result: outcome.result };
    });
  }

  return {
    /** Whether the variant exists and may take one more photo (checked again when it is added). */
    async room(variantId: string): Promise<true | ImageProblem> {
      const row = await db.kysely.selectFrom('products').select('images').where('variant_id', '=', variantId).executeTakeFirst();
      if (!row) return problems.noProduct;
      return (JSON.parse(row.images) as Image[]).length >= MAX_IMAGES ? problems.tooMany : true;
    },

    /** Appends a photo (its original at `url`) as the variant's last. */
    add: (variantId: string, image: { id: string; url: string; thumbnail: string }, actor: Actor) =>
      change(variantId, actor, (images) =>
        images.length >= MAX_IMAGES
          ? problems.tooMany
          : {
              ok: true,
              images: [...images, { ...image, position: images.length }],
              action: 'product.image.add',
              detail: { id: image.id, url: image.url },
              result: image.id,
            },
      ),

    /** Takes the photo `imageId` off the variant. */
    remove: (variantId: string, imageId: string, actor: Actor) =>
      change(variantId, actor, (images) => {
        const gone = images.find((i) => i.id === imageId);
        if (!gone) return problems.noImage;
        return { ok: true, images: images.filter((i) => i !== gone), action: 'product.image.remove', detail: { id: gone.id, url: gone.url }, result: gone.id };
      }),

    /** Puts the variant's photos in the order of `ids`, which must name each of them once. */
    order: (variantId: string, ids: string[], actor: Actor) =>
      change(variantId, actor, (images) => {
        const byId = new Map(images.map((i) => [i.id, i]));
        if (ids.length !== images.length || new Set(ids).size !== ids.length || !ids.every((id) => byId.has(id))) return problems.badOrder;
        return {
          ok: true,
          images: ids.map((id) => byId.get(id)!),
          action: 'product.image.order',
          detail: { from: images.map((i) => i.id), to: ids },
          result: ids,
        };
      }),
  };
}

export type ProductImageRepository = ReturnType<typeof createProductImageRepository>;
