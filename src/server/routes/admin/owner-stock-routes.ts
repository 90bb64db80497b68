import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { quantityMessages } from '../../../domain/quantity.ts';
import type { CatalogRepository } from '../../db/repositories/catalog-repository.ts';
import type { CatalogCache } from '../../services/catalog-cache.ts';
import { errorBody, fieldsBody } from '../../plugins/error-body.ts';

type Options = { catalogRepo: CatalogRepository; catalog: CatalogCache };

/** A product as the owner's stock list shows it. */
export type StockLine = { variantId: string; title: string; variantName: string; stock: number; isFraction: boolean };

const SHOWN = 50;

/**
 * The owner's stock (issue 8), under /admin/api: products matching a search, fewest in
 * stock first (what needs restocking), read from the catalog cache; and setting one
 * product's stock, audited in the same transaction. The storefront sees it at once.
 */
export const ownerStockRoutes: FastifyPluginAsync<Options> = async (app, { catalogRepo, catalog }) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/stock', { schema: { querystring: z.object({ q: z.string().trim().max(100).optional() }) } }, async (req) => {
    const words = (req.query.q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const { products } = (await catalog.get()).data;
    const found = products
      .filter((p) => {
        const text = `${p.title} ${p.variantName} ${p.variantId} ${p.sku ?? ''}`.toLowerCase();
        return words.every((w) => text.includes(w));
      })
      .sort((a, b) => a.stock - b.stock || a.title.localeCompare(b.title));
    const lines: StockLine[] = found
      .slice(0, SHOWN)
      .map((p) => ({ variantId: p.variantId, title: p.title, variantName: p.variantName, stock: p.stock, isFraction: p.isFraction }));
    return { success: true, products: lines, total: found.length };
  });

  typed.post(
    '/stock/:variantId',
    {
      schema: {
        params: z.object({ variantId: z.string().min(1).max(100) }),
        body: z.object({ stock: z.number().min(0, 'Stock cannot be negative.').max(1_000_000, 'At most 1000000.') }),
      },
    },
    async (req, reply) => {
      const change = await catalogRepo.setStock(req.params.variantId, req.body.stock, req.userId!);
      if (!change) return reply.code(404).send(errorBody('not_found', 'There is no such product.'));
      if (!change.ok) {
        const message = change.problem === 'not_whole' ? 'Whole units only: this product is not sold by weight.' : quantityMessages[change.problem];
        return reply.code(400).send(fieldsBody([{ path: 'stock', message }], message));
      }
      catalog.invalidate();
      req.log.info(change, 'stock set by the owner');
      return { success: true, variantId: change.variantId, stock: change.to };
    },
  );
};
