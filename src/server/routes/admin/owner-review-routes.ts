import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OwnerReview, ReviewRepository } from '../../db/repositories/review-repository.ts';
import type { CatalogCache } from '../../services/catalog-cache.ts';
import { errorBody } from '../../plugins/error-body.ts';

type Options = { reviews: ReviewRepository; catalog: CatalogCache };

/**
 * The owner's reviews (issue 20), under /admin/api: the newest reviews of every product,
 * hidden ones too, and hiding or showing one, audited. A hidden review leaves the
 * product's public list, count and average.
 */
export const ownerReviewRoutes: FastifyPluginAsync<Options> = async (app, { reviews, catalog }) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  /** With the product's title (an item no longer in the catalog by its id) and a page to see it on. */
  const withProduct = async (r: OwnerReview) => {
    const product = (await catalog.get()).data.products.find((p) => p.itemId === r.itemId);
    return { ...r, productTitle: product?.title ?? r.itemId, variantId: product?.variantId ?? null };
  };

  typed.get('/reviews', async () => ({ success: true, reviews: await Promise.all((await reviews.recent()).map(withProduct)) }));

  typed.post(
    '/reviews/:id/hidden',
    { schema: { params: z.object({ id: z.string().min(1).max(64) }), body: z.object({ hidden: z.boolean() }) } },
    async (req, reply) => {
      const review = await reviews.setHidden(req.params.id, req.body.hidden, req.userId!);
      if (!review) return reply.code(404).send(errorBody('not_found', 'There is no such review.'));
      req.log.info({ reviewId: review.id, hidden: review.hidden }, 'review hidden or shown by the owner');
      return { success: true, review: await withProduct(review) };
    },
  );
};
