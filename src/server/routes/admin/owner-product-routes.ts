import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { productEditSchema } from '../../../domain/product-edit.ts';
import type { CatalogRepository } from '../../db/repositories/catalog-repository.ts';
import type { UserRepository } from '../../db/repositories/user-repository.ts';
import type { AccessTokens } from '../../services/access-tokens.ts';
import type { CatalogCache } from '../../services/catalog-cache.ts';
import { requireOwner } from './owner-order-routes.ts';

type Options = { accessTokens: AccessTokens; users: UserRepository; catalogRepo: CatalogRepository; catalog: CatalogCache; fractionDigits: number };

const NOT_FOUND = { success: false, error: 'not_found', message: 'There is no such product.' } as const;
const variantParams = z.object({ variantId: z.string().min(1).max(120) });

/**
 * The owner's products (issue 21, decision 034), under /admin/api: editing a variant's
 * fields. Each change is one transaction with its audit entry and a new catalog version,
 * so shoppers see it at once; stock is left as it is.
 */
export const ownerProductRoutes: FastifyPluginAsync<Options> = async (app, { accessTokens, users, catalogRepo, catalog, fractionDigits }) => {
  app.addHook('preValidation', requireOwner(accessTokens, users));
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const editSchema = productEditSchema(fractionDigits);

  for (const method of ['PATCH', 'POST'] as const) {
    typed.route({
      method,
      url: '/products/:variantId',
      schema: { params: variantParams, body: editSchema },
      handler: async (req, reply) => {
        const result = await catalogRepo.editProduct(req.params.variantId, req.body, req.userId!);
        if (!result) return reply.code(404).send(NOT_FOUND);
        if (!result.ok) return reply.code(400).send({ success: false, error: 'bad_request', message: result.fields.map((f) => f.message).join(' '), fields: result.fields });
        catalog.invalidate();
        req.log.info({ variantId: req.params.variantId, changed: Object.keys(result.changes) }, 'product edited by the owner');
        return { success: true, variantId: req.params.variantId, changes: result.changes };
      },
    });
  }
};
