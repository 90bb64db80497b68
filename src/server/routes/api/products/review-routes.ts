import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ReviewRepository } from '../../../db/repositories/review-repository.ts';
import type { CatalogCache } from '../../../services/catalog-cache.ts';

const reviewSchema = z.object({ id: z.string(), author: z.string(), rating: z.number(), text: z.string(), createdAt: z.number() });

/** GET /api/products/:variantId/reviews: the reviews of the product's item (all its variants share them). */
export const reviewRoutes: FastifyPluginAsync<{ reviews: ReviewRepository; catalog: CatalogCache }> = async (app, { reviews, catalog }) => {
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
