import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ReviewRepository } from '../../../db/repositories/review-repository.ts';
import type { UserRepository } from '../../../db/repositories/user-repository.ts';
import { requireUser } from '../../../plugins/user-session.ts';
import type { AccessTokens } from '../../../services/access-tokens.ts';
import type { CatalogCache } from '../../../services/catalog-cache.ts';

const reviewSchema = z.object({ id: z.string(), author: z.string(), rating: z.number(), text: z.string(), createdAt: z.number() });

/** GET /api/products/:variantId/reviews: the reviews of the product's item (all its variants share them). */
export const reviewRoutes: FastifyPluginAsync<{ reviews: ReviewRepository; catalog: CatalogCache; accessTokens: AccessTokens; users: UserRepository }> = async (app, { reviews, catalog, accessTokens, users }) => {
  /**
   * POST /api/products/:variantId/reviews {rating, text}: a logged-in shopper reviews the
   * product's item; writing again replaces their review. The name shown is the account's.
   */
  app.withTypeProvider<ZodTypeProvider>().post(
    '/products/:variantId/reviews',
    {
      preHandler: requireUser(accessTokens),
      schema: {
        params: z.object({ variantId: z.string().min(1).max(120) }),
        body: z.object({ rating: z.number().int().min(1, 'Choose 1 to 5 stars.').max(5, 'Choose 1 to 5 stars.'), text: z.string().trim().min(1, 'Please write a few words.').max(2000, 'Reviews are at most 2000 characters.') }),
      },
    },
    async (req, reply) => {
      const { data } = await catalog.get();
      const product = data.products.find((p) => p.variantId === req.params.variantId);
      const user = await users.byId(req.userId!);
      if (!product || !user) return reply.code(404).send({ error: 'not_found', message: 'There is no such product.' });
      await reviews.save({ itemId: product.itemId, userId: user.id, authorName: user.name, rating: req.body.rating, text: req.body.text });
      return { success: true };
    },
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    '/products/:variantId/reviews',
    {
      schema: {
        params: z.object({ variantId: z.string().min(1).max(120) }),
        response: {
          200: z.object({ count: z.number(), average: z.number().nullable(), reviews: z.array(reviewSchema) }),
          404: z.object({ error: z.string(), message: z.string() }),
        },
      },
    },
    async (req, reply) => {
      const { data } = await catalog.get();
      const product = data.products.find((p) => p.variantId === req.params.variantId);
      if (!product) return reply.code(404).send({ error: 'not_found', message: 'There is no such product.' });
      return reviews.forItem(product.itemId);
    },
  );
};
