import type { Transaction } from 'kysely';
import type { Banner } from '../../../domain/catalog.ts';
import { slugOf, type FieldProblem } from '../../../domain/product-edit.ts';
import { scheduleInstant, shopFrontMessages, type BannerCreate, type BannerEdit, type CategoryCreate, type CategoryEdit } from '../../../domain/shop-front.ts';
import type { Db } from '../database.ts';
import type { Database } from '../schema.ts';
import { recordAudit, type Actor } from './audit-repository.ts';
import { bumpCatalogVersion } from './catalog-version.ts';
import type { ProductChanges } from './owner-product-writes.ts';

type Fail = { ok: false; fields: FieldProblem[] };
type Trx = Transaction<Database>;

/** `base`, or `base-2`, `base-3` … whichever is not taken yet. */
export function freeId(base: string, taken: Set<string>): string {
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  return id;
}

/** Words as an id, or `fallback` when they have no Latin letters or digits (slugOf's own fallback is "product"). */
export const idOf = (words: string, fallback: string) => (/[a-z0-9]/i.test(words.normalize('NFKD')) ? slugOf(words) : fallback);

/** Each field that differs, old → new (the audit entry's detail). */
function changesOf(before: Record<string, unknown>, after: Record<string, unknown>): ProductChanges {
  const changes: ProductChanges = {};
  for (const [key, to] of Object.entries(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(to)) changes[key] = { from: before[key], to };
  }
  return changes;
}

/** Whether `ids` is every one of `existing` once: an order must name them all. */
const isPermutation = (ids: string[], existing: string[]) =>
  ids.length === existing.length && new Set(ids).size === ids.length && existing.every((id) => ids.includes(id));

/**
 * The owner's categories and banners (issue 21, decision 037). Every change is one
 * transaction with its audit entry (`category.*`, `banner.*`) and a new catalog version,
 * so shoppers see it at once; every problem comes back with its field and nothing is written.
 */
/** `timeZone`: the shop's, as the config says now (a reload may change it). */
export function createShopFrontRepository(db: Db, timeZone: () => string) {
  const { kysely } = db;

  async function linkProblems(trx: Trx, link: Banner['link']): Promise<FieldProblem[]> {
    if (link.type !== 'categories') return [];
    const known = new Set((await trx.selectFrom('categories').select('id').where('id', 'in', link.value).execute()).map((r) => r.id));
    return link.value.flatMap((id, i) => (known.has(id) ? [] : [{ path: `link.value.${i}`, message: shopFrontMessages.unknownCategory(id) }]));
  }

  /** The schedule's instants, or its problem: the end must come after the start. */
  function schedule(from: string | null, until: string | null): { from: number | null; until: number | null } | Fail {
    const at = {
      from: from === null ? null : scheduleInstant(from, 'from', timeZone()),
      until: until === null ? null : scheduleInstant(until, 'until', timeZone()),
    };
    if (at.from !== null && at.until !== null && at.until <= at.from)
      return { ok: false, fields: [{ path: 'until', message: shopFrontMessages.untilBeforeFrom }] };
    return at;
  }

  async function order(table: 'categories' | 'banners', ids: string[], actor: Actor): Promise<{ ok: true } | Fail> {
    const now = Date.now();
    return kysely.transaction().execute(async (trx) => {
      const existing = (await trx.selectFrom(table).select('id').orderBy('position').orderBy('id').execute()).map((r) => r.id);
      if (!isPermutation(ids, existing)) return { ok: false, fields: [{ path: 'ids', message: shopFrontMessages.order }] };
      for (const [position, id] of ids.entries()) await trx.updateTable(table).set({ position }).where('id', '=', id).execute();
      await bumpCatalogVersion(trx, now);
      await recordAudit(
        trx,
        { actor, action: `${table === 'categories' ? 'category' : 'banner'}.order`, subject: table, detail: { from: existing, to: ids } },
        now,
      );
      return { ok: true };
    });
  }

  return {
    async createCategory(create: CategoryCreate, actor: Actor): Promise<{ ok: true; id: string } | Fail> {
      const now = Date.now();
      return kysely.transaction().execute(async (trx) => {
        const rows = await trx.selectFrom('categories').select(['id', 'position']).execute();
        const taken = new Set(rows.map((r) => r.id));
        if (create.id !== undefined && taken.has(create.id)) return { ok: false, fields: [{ path: 'id', message: shopFrontMessages.idUsed }] };
        const id = create.id ?? freeId(idOf(create.name, 'category'), taken);
        const position = Math.max(-1, ...rows.map((r) => r.position)) + 1;
        await trx.insertInto('categories').values({ id, name: create.name, colour: create.colour, image: create.image, position }).execute();
        await bumpCatalogVersion(trx, now);
        await recordAudit(
          trx,
          { actor, action: 'category.create', subject: `category:${id}`, detail: { name: create.name, colour: create.colour, image: create.image } },
          now,
        );
        return { ok: true, id };
      });
    },

    /** Null when there is no such category. */
    async editCategory(id: string, edit: CategoryEdit, actor: Actor): Promise<{ ok: true; changes: ProductChanges } | null> {
      const now = Date.now();
      return kysely.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('categories').select(['name', 'colour', 'image']).where('id', '=', id).executeTakeFirst();
        if (!row) return null;
        const changes = changesOf(row, edit);
        if (Object.keys(changes).length === 0) return { ok: true, changes };
        await trx.updateTable('categories').set(edit).where('id', '=', id).execute();
        await bumpCatalogVersion(trx, now);
        await recordAudit(trx, { actor, action: 'category.edit', subject: `category:${id}`, detail: changes }, now);
        return { ok: true, changes };
      });
    },

    /** Refused while a product is in it or a banner links to it (how many of each); null when there is no such category. */
    async deleteCategory(id: string, actor: Actor): Promise<{ ok: true } | { ok: false; products: number; banners: number } | null> {
      const now = Date.now();
      return kysely.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
        if (!row) return null;
        const products = Number(
          (
            await trx
              .selectFrom('products')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('category_id', '=', id)
              .executeTakeFirstOrThrow()
          ).n,
        );
        const links = await trx.selectFrom('banners').select('link').execute();
        const banners = links.filter((b) => {
          const link = JSON.parse(b.link) as Banner['link'];
          return link.type === 'categories' && link.value.includes(id);
        }).length;
        if (products || banners) return { ok: false, products, banners };
        await trx.deleteFrom('categories').where('id', '=', id).execute();
        await bumpCatalogVersion(trx, now);
        await recordAudit(
          trx,
          { actor, action: 'category.delete', subject: `category:${id}`, detail: { name: row.name, colour: row.colour, image: row.image } },
          now,
        );
        return { ok: true };
      });
    },

    orderCategories: (ids: string[], actor: Actor) => order('categories', ids, actor),

    async createBanner(create: BannerCreate, actor: Actor): Promise<{ ok: true; id: string } | Fail> {
      const now = Date.now();
      return kysely.transaction().execute(async (trx) => {
        const fields = await linkProblems(trx, create.link);
        const rows = await trx.selectFrom('banners').select(['id', 'position']).execute();
        const taken = new Set(rows.map((r) => r.id));
        if (create.id !== undefined && taken.has(create.id)) fields.unshift({ path: 'id', message: shopFrontMessages.idUsed });
        const at = schedule(create.from, create.until);
        if ('ok' in at) fields.push(...at.fields);
        if (fields.length || 'ok' in at) return { ok: false, fields };
        const id = create.id ?? freeId(idOf(create.title, create.kind), taken);
        const position = Math.max(-1, ...rows.map((r) => r.position)) + 1;
        await trx
          .insertInto('banners')
          .values({
            id,
            kind: create.kind,
            position,
            title: create.title,
            subtitle: create.subtitle,
            button_text: create.buttonText,
            image_mobile: create.image.mobile,
            image_desktop: create.image.desktop,
            background: create.background,
            link: JSON.stringify(create.link),
            show_from: at.from,
            show_until: at.until,
          })
          .execute();
        await bumpCatalogVersion(trx, now);
        const { id: _, ...detail } = create;
        await recordAudit(trx, { actor, action: 'banner.create', subject: `banner:${id}`, detail }, now);
        return { ok: true, id };
      });
    },

    /** Null when there is no such banner. */
    async editBanner(id: string, edit: BannerEdit, actor: Actor): Promise<{ ok: true; changes: ProductChanges } | Fail | null> {
      const now = Date.now();
      return kysely.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('banners').selectAll().where('id', '=', id).executeTakeFirst();
        if (!row) return null;
        const fields = edit.link ? await linkProblems(trx, edit.link) : [];
        const at = schedule(edit.from === undefined ? null : edit.from, edit.until === undefined ? null : edit.until);
        if ('ok' in at) return { ok: false, fields: [...fields, ...at.fields] };
        const showFrom = edit.from === undefined ? row.show_from : at.from;
        const showUntil = edit.until === undefined ? row.show_until : at.until;
        if (showFrom !== null && showUntil !== null && Number(showUntil) <= Number(showFrom))
          fields.push({ path: 'until', message: shopFrontMessages.untilBeforeFrom });
        if (fields.length) return { ok: false, fields };
        const before = {
          kind: row.kind,
          title: row.title,
          subtitle: row.subtitle,
          buttonText: row.button_text,
          image: { mobile: row.image_mobile, desktop: row.image_desktop },
          background: row.background,
          link: JSON.parse(row.link) as unknown,
          showFrom: row.show_from === null ? null : Number(row.show_from),
          showUntil: row.show_until === null ? null : Number(row.show_until),
        };
        const { from: _f, until: _u, ...rest } = edit;
        const changes = changesOf(before, {
          ...rest,
          ...(edit.from === undefined ? {} : { showFrom: at.from }),
          ...(edit.until === undefined ? {} : { showUntil: at.until }),
        });
        if (Object.keys(changes).length === 0) return { ok: true, changes };
        await trx
          .updateTable('banners')
          .set({
            ...(edit.kind === undefined ? {} : { kind: edit.kind }),
            ...(edit.title === undefined ? {} : { title: edit.title }),
            ...(edit.subtitle === undefined ? {} : { subtitle: edit.subtitle }),
            ...(edit.buttonText === undefined ? {} : { button_text: edit.buttonText }),
            ...(edit.image === undefined ? {} : { image_mobile: edit.image.mobile, image_desktop: edit.image.desktop }),
            ...(edit.background === undefined ? {} : { background: edit.background }),
            ...(edit.link === undefined ? {} : { link: JSON.stringify(edit.link) }),
            show_from: showFrom,
            show_until: showUntil,
          })
          .where('id', '=', id)
          .execute();
        await bumpCatalogVersion(trx, now);
        await recordAudit(trx, { actor, action: 'banner.edit', subject: `banner:${id}`, detail: changes }, now);
        return { ok: true, changes };
      });
    },

    /** False when there is no such banner. */
    async deleteBanner(id: string, actor: Actor): Promise<boolean> {
      const now = Date.now();
      return kysely.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('banners').selectAll().where('id', '=', id).executeTakeFirst();
        if (!row) return false;
        await trx.deleteFrom('banners').where('id', '=', id).execute();
        await bumpCatalogVersion(trx, now);
        await recordAudit(
          trx,
          { actor, action: 'banner.delete', subject: `banner:${id}`, detail: { kind: row.kind, title: row.title, link: JSON.parse(row.link) as unknown } },
          now,
        );
        return true;
      });
    },

    orderBanners: (ids: string[], actor: Actor) => order('banners', ids, actor),
  };
}

export type ShopFrontRepository = ReturnType<typeof createShopFrontRepository>;
