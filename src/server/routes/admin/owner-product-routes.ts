import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { instantOf, localDate } from '../../../domain/booking.ts';
import { addDays } from '../../../domain/calendar-dates.ts';
import type { Category } from '../../../domain/catalog.ts';
import { productCreateSchema, productEditSchema } from '../../../domain/product-edit.ts';
import type { StoredProduct } from '../../db/repositories/catalog-read.ts';
import type { CatalogRepository } from '../../db/repositories/catalog-repository.ts';
import type { CatalogCache } from '../../services/catalog-cache.ts';
import { errorBody, fieldsBody } from '../../plugins/error-body.ts';

type Options = {
  catalogRepo: CatalogRepository;
  catalog: CatalogCache;
  fractionDigits: number;
  /** The shop's time zone now (a reload may change it). */ timeZone: () => string;
  clock: () => number;
};

/** A variant as the owner's product list shows it: the catalog's fields and the owner's marks. */
export type OwnerProduct = Omit<StoredProduct, 'hidden' | 'madeToOrder' | 'soldOutUntil'> & {
  hidden: boolean;
  madeToOrder: boolean;
  soldOutUntil: number | null;
};

const SHOWN = 50;

/** The shop's next midnight after `now`: when a product sold out today is back. */
const nextMidnight = (now: number, timeZone: string) => instantOf(addDays(localDate(now, timeZone), 1), '00:00', timeZone);

const NOT_FOUND = errorBody('not_found', 'There is no such product.');
const variantParams = z.object({ variantId: z.string().min(1).max(120) });

/**
 * The owner's products (issue 21, decision 035), under /admin/api: creating one with its
 * variants, editing a variant's fields. Each change is one transaction with its audit entry and a new catalog version,
 * so shoppers see it at once; stock is left as it is.
 */
export const ownerProductRoutes: FastifyPluginAsync<Options> = async (app, { catalogRepo, catalog, fractionDigits, timeZone, clock }) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const editSchema = productEditSchema(fractionDigits);
  const createSchema = productCreateSchema(fractionDigits);

  /**
   * Every variant, hidden ones too, read from the database rather than the shoppers'
   * catalog; those matching the words and category, in the owner's order, 50 at most.
   */
  typed.get(
    '/products',
    { schema: { querystring: z.object({ q: z.string().trim().max(100).optional(), category: z.string().max(120).optional() }) } },
    async (req) => {
      const words = (req.query.q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      const { products, categories } = await catalogRepo.read();
      const now = clock();
      const found = products.filter((p) => {
        if (req.query.category && p.categoryId !== req.query.category) return false;
        const text = `${p.title} ${p.variantName} ${p.variantId} ${p.sku} ${p.tags.join(' ')}`.toLowerCase();
        return words.every((w) => text.includes(w));
      });
      const shown: OwnerProduct[] = found.slice(0, SHOWN).map((p) => ({
        ...p,
        hidden: p.hidden === true,
        madeToOrder: p.madeToOrder === true,
        soldOutUntil: p.soldOutUntil !== undefined && p.soldOutUntil > now ? p.soldOutUntil : null,
      }));
      return { success: true, products: shown, total: found.length, categories: categories.map((c: Category) => ({ id: c.oId, name: c.name })) };
    },
  );

  /**
   * Hides or shows, stops or starts tracking stock, marks sold out until the shop's next
   * midnight (or no longer): this variant, or with `allVariants` every variant of its item.
   */
  typed.post(
    '/products/:variantId/marks',
    {
      schema: {
        params: variantParams,
        body: z
          .object({
            hidden: z.boolean().optional(),
            tracksStock: z.boolean().optional(),
            soldOutToday: z.boolean().optional(),
            allVariants: z.boolean().default(false),
          })
          .strict(),
      },
    },
    async (req, reply) => {
      const { hidden, tracksStock, soldOutToday, allVariants } = req.body;
      const now = clock();
      const marks = {
        ...(hidden === undefined ? {} : { hidden }),
        ...(tracksStock === undefined ? {} : { tracksStock }),
        ...(soldOutToday === undefined ? {} : { soldOutUntil: soldOutToday ? nextMidnight(now, timeZone()) : null }),
      };
      const result = await catalogRepo.setMarks(req.params.variantId, marks, { allVariants, actor: req.userId!, now });
      if (!result) return reply.code(404).send(NOT_FOUND);
      catalog.invalidate();
      req.log.info({ variantId: req.params.variantId, marks, variants: result.variants }, 'product marked by the owner');
      return { success: true, variants: result.variants, ...('soldOutUntil' in marks ? { soldOutUntil: marks.soldOutUntil } : {}) };
    },
  );

  /** A new product with 1–20 variants and their starting stock; shoppers see it at once. */
  typed.post('/products', { schema: { body: createSchema } }, async (req, reply) => {
    const result = await catalogRepo.createProduct(req.body, req.userId!);
    if (!result.ok) return reply.code(400).send(fieldsBody(result.fields, result.fields.map((f) => f.message).join(' ')));
    catalog.invalidate();
    req.log.info({ itemId: result.itemId, variantIds: result.variantIds }, 'product created by the owner');
    return { success: true, itemId: result.itemId, variantIds: result.variantIds };
  });

  for (const method of ['PATCH', 'POST'] as const) {
    typed.route({
      method,
      url: '/products/:variantId',
      schema: { params: variantParams, body: editSchema },
      handler: async (req, reply) => {
        const result = await catalogRepo.editProduct(req.params.variantId, req.body, req.userId!);
        if (!result) return reply.code(404).send(NOT_FOUND);
        if (!result.ok) return reply.code(400).send(fieldsBody(result.fields, result.fields.map((f) => f.message).join(' ')));
        catalog.invalidate();
        req.log.info({ variantId: req.params.variantId, changed: Object.keys(result.changes) }, 'product edited by the owner');
        return { success: true, variantId: req.params.variantId, changes: result.changes };
      },
    });
  }
};
