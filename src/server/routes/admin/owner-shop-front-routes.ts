import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FieldProblem } from '../../../domain/product-edit.ts';
import {
  bannerCreateSchema,
  bannerEditSchema,
  categoryCreateSchema,
  categoryEditSchema,
  orderSchema,
  scheduleText,
  shopFrontMessages,
} from '../../../domain/shop-front.ts';
import type { CatalogRepository } from '../../db/repositories/catalog-repository.ts';
import type { ShopFrontRepository } from '../../db/repositories/shop-front-repository.ts';
import type { CatalogCache } from '../../services/catalog-cache.ts';
import { errorBody, fieldsBody } from '../../plugins/error-body.ts';

type Options = {
  catalogRepo: CatalogRepository;
  shopFront: ShopFrontRepository;
  catalog: CatalogCache;
  /** The shop's time zone now (a reload may change it). */ timeZone: () => string;
};

const NO_CATEGORY = errorBody('not_found', 'There is no such category.');
const NO_BANNER = errorBody('not_found', 'There is no such banner.');
const idParams = z.object({ id: z.string().min(1).max(120) });

const badRequest = (reply: FastifyReply, fields: FieldProblem[]) => reply.code(400).send(fieldsBody(fields, fields.map((f) => f.message).join(' ')));

type Refused = { ok: false; fields: FieldProblem[] };

/**
 * The owner's shop front (issue 21, decision 037), under /admin/api: categories and
 * banners, listed, created, edited, ordered and deleted. The repository writes each
 * change in one transaction with its audit entry and a new catalog version; the cache's
 * next read then sees it, so shoppers do at once.
 */
export const ownerShopFrontRoutes: FastifyPluginAsync<Options> = async (app, { catalogRepo, shopFront, catalog, timeZone }) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  /** Answers a shop-front write: 400 with the fields it refused, or shoppers see the change at once and `{ success: true, ...answer(done) }`. */
  const answerWrite = <T extends { ok: true }>(reply: FastifyReply, result: T | Refused, answer: (done: T) => object = () => ({})) => {
    if (!result.ok) return badRequest(reply, result.fields);
    catalog.invalidate();
    return { success: true, ...answer(result) };
  };

  /** Every category and banner, banners outside their schedule too, with the schedule as the owner wrote it. */
  typed.get('/shop-front', async () => {
    const { categories, banners, products } = await catalogRepo.read();
    const inUse = new Map<string, number>();
    for (const p of products) inUse.set(p.categoryId, (inUse.get(p.categoryId) ?? 0) + 1);
    return {
      success: true,
      categories: categories.map((c) => ({ id: c.oId, name: c.name, colour: c.colour, image: c.image, position: c.position, products: inUse.get(c.oId) ?? 0 })),
      banners: banners.map(({ showFrom, showUntil, ...b }) => ({
        ...b,
        from: showFrom === undefined ? null : scheduleText(showFrom, 'from', timeZone()),
        until: showUntil === undefined ? null : scheduleText(showUntil, 'until', timeZone()),
      })),
    };
  });

  typed.post('/categories', { schema: { body: categoryCreateSchema } }, async (req, reply) => {
    return answerWrite(reply, await shopFront.createCategory(req.body, req.userId!), (done) => ({ id: done.id }));
  });

  typed.post('/categories/order', { schema: { body: orderSchema } }, async (req, reply) => {
    return answerWrite(reply, await shopFront.orderCategories(req.body.ids, req.userId!));
  });

  for (const method of ['PATCH', 'POST'] as const) {
    typed.route({
      method,
      url: '/categories/:id',
      schema: { params: idParams, body: categoryEditSchema },
      handler: async (req, reply) => {
        const result = await shopFront.editCategory(req.params.id, req.body, req.userId!);
        if (!result) return reply.code(404).send(NO_CATEGORY);
        return answerWrite(reply, result, (done) => ({ changes: done.changes }));
      },
    });
  }

  typed.delete('/categories/:id', { schema: { params: idParams } }, async (req, reply) => {
    const result = await shopFront.deleteCategory(req.params.id, req.userId!);
    if (!result) return reply.code(404).send(NO_CATEGORY);
    if (!result.ok)
      return reply.code(409).send(
        errorBody('category_in_use', shopFrontMessages.categoryInUse(result.products, result.banners), {
          products: result.products,
          banners: result.banners,
        }),
      );
    catalog.invalidate();
    return { success: true };
  });

  typed.post('/banners', { schema: { body: bannerCreateSchema } }, async (req, reply) => {
    return answerWrite(reply, await shopFront.createBanner(req.body, req.userId!), (done) => ({ id: done.id }));
  });

  typed.post('/banners/order', { schema: { body: orderSchema } }, async (req, reply) => {
    return answerWrite(reply, await shopFront.orderBanners(req.body.ids, req.userId!));
  });

  for (const method of ['PATCH', 'POST'] as const) {
    typed.route({
      method,
      url: '/banners/:id',
      schema: { params: idParams, body: bannerEditSchema },
      handler: async (req, reply) => {
        const result = await shopFront.editBanner(req.params.id, req.body, req.userId!);
        if (!result) return reply.code(404).send(NO_BANNER);
        return answerWrite(reply, result, (done) => ({ changes: done.changes }));
      },
    });
  }

  typed.delete('/banners/:id', { schema: { params: idParams } }, async (req, reply) => {
    if (!(await shopFront.deleteBanner(req.params.id, req.userId!))) return reply.code(404).send(NO_BANNER);
    catalog.invalidate();
    return { success: true };
  });
};
