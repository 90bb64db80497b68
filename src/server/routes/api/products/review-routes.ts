import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ReviewRepository } from '../../../db/repositories/review-repository.ts';
import type { UserRepository } from '../../../db/repositories/user-repository.ts';
import { requireUser } from '../../../plugins/user-session.ts';
import type { AccessTokens } from '../../../services/access-tokens.ts';
import type { CatalogCache } from '../../../services/catalog-cache.ts';
import { errorBody } from '../../../plugins/error-body.ts';

const reviewSchema = z.object({ id: z.string(), author: z.string(), rating: z.number(), text: z.string(), createdAt: z.number() });
const params = z.object({ variantId: z.string().min(1).max(120) });
const NO_PRODUCT = { error: 'not_found', message: 'There is no such product.' } as const;
const BUYERS_ONLY = errorBody('not_a_buyer', 'Only shoppers who received this product can review it.');

/** The reviews of a product's item (all its variants share them): read by anyone, written by shoppers who received it. */
export const reviewRoutes: FastifyPluginAsync<{ reviews: ReviewRepository; catalog: CatalogCache; accessTokens: AccessTokens; users: UserRepository }> = async (
  app,
  { reviews, catalog, accessTokens, users },
) => {
  /**
   * Whether the user has received (delivered, served or picked up) an order of any variant
   * of the product's item: only they may review it, so one account cannot flood a product
   * with stars it never bought.
   */
  async function mayReview(variantId: string, userId: string) {
    const { data } = await catalog.get();
    const product = data.products.find((p) => p.variantId === variantId);
    if (!product) return null;
    const variants = data.products.filter((p) => p.itemId === product.itemId).map((p) => p.variantId);
    return { product, allowed: await reviews.hasReceived(userId, variants) };
  }

  /**
   * POST /api/products/:variantId/reviews {rating, text}: a logged-in shopper who received
   * the product reviews its item; writing again replaces their review. The name shown is
   * the account's.
   */
  app.withTypeProvider<ZodTypeProvider>().post(
    '/products/:variantId/reviews',
    {
      preHandler: requireUser(accessTokens),
      schema: {
        params,
        body: z.object({
          rating: z.number().int().min(1, 'Choose 1 to 5 stars.').max(5, 'Choose 1 to 5 stars.'),
          text: z.string().trim().min(1, 'Please write a few words.').max(2000, 'Reviews are at most 2000 characters.'),
        }),
      },
    },
    async (req, reply) => {
      const user = await users.byId(req.userId!);
      const check = user && (await mayReview(req.params.variantId, user.id));
      if (!user || !check) return reply.code(404).send(NO_PRODUCT);
      if (!check.allowed) return reply.code(403).send(BUYERS_ONLY);
      await reviews.save({ itemId: check.product.itemId, userId: user.id, authorName: user.name, rating: req.body.rating, text: req.body.text });
      return { success: true };
    },
  );

  /** GET /api/products/:variantId/reviews/eligibility: whether the logged-in shopper may review it (the review form is offered only then). */
  app.withTypeProvider<ZodTypeProvider>().get(
    '/products/:variantId/reviews/eligibility',
    {
      preHandler: requireUser(accessTokens),
      schema: { params, response: { 200: z.object({ canReview: z.boolean() }), 404: z.object({ error: z.string(), message: z.string() }) } },
    },
    async (req, reply) => {
      const check = await mayReview(req.params.variantId, req.userId!);
      if (!check) return reply.code(404).send(NO_PRODUCT);
      return reply.header('cache-control', 'no-store').send({ canReview: check.allowed });
    },
  );

  /** GET /api/products/:variantId/reviews: the shown reviews (the owner may hide one), newest first, with their count and average. */
  app.withTypeProvider<ZodTypeProvider>().get(
    '/products/:variantId/reviews',
    {
      schema: {
        params,
        response: {
          200: z.object({ count: z.number(), average: z.number().nullable(), reviews: z.array(reviewSchema) }),
          404: z.object({ error: z.string(), message: z.string() }),
        },
      },
    },
    async (req, reply) => {
      const { data } = await catalog.get();
      const product = data.products.find((p) => p.variantId === req.params.variantId);
      if (!product) return reply.code(404).send(NO_PRODUCT);
      return reviews.forItem(product.itemId);
    },
  );
};
