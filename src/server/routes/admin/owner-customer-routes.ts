import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fromMinor } from '../../../domain/money.ts';
import type { ShopConfig } from '../../../domain/shop-config.ts';
import type { CustomerRepository } from '../../db/repositories/customer-repository.ts';
import { customersCsv } from '../../services/customer-csv.ts';

type Options = { shop: () => ShopConfig; fractionDigits: number; customers: CustomerRepository };

const SHOWN = 200;

/**
 * The shop's customers (issue 21), under /admin/api: shoppers with accounts and guests who
 * left an e-mail address or a phone number, with what they ordered and when; the whole list
 * as CSV for a spreadsheet. Names and numbers are personal data: never kept by a cache.
 */
export const ownerCustomerRoutes: FastifyPluginAsync<Options> = async (app, { shop: shopNow, fractionDigits: digits, customers }) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/customers',
    { schema: { querystring: z.object({ q: z.string().trim().max(100, 'Search with at most 100 characters.').optional() }) } },
    async (req, reply) => {
      const list = await customers.list({ q: req.query.q, limit: SHOWN });
      reply.header('cache-control', 'no-store');
      return { success: true, customers: list.map((c) => ({ ...c, spent: fromMinor(c.spent, digits) })) };
    },
  );

  typed.get('/customers.csv', async (_req, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="customers.csv"')
      .header('cache-control', 'no-store')
      .send(customersCsv(await customers.list(), shopNow())),
  );
};
