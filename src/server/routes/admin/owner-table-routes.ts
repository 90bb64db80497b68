import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tableCodesAsked } from '../../../domain/checkout-rules.ts';
import type { ShopConfig } from '../../../domain/shop-config.ts';
import { TABLE_CODE, type DineTableRepository } from '../../db/repositories/dine-table-repository.ts';
import { errorBody } from '../../plugins/error-body.ts';
import { publicOrigin } from '../../public-origin.ts';
import { tableQrSheet } from '../../services/table-qr.ts';

type Options = { shop: () => ShopConfig; publicUrl: string | undefined; dineTables: DineTableRepository };

const NO_TABLES = errorBody('no_tables', 'The shop config has no dineSpaces: there are no tables to print codes for.');
const NO_TABLE = errorBody('not_found', 'The shop config has no table with this id.');

/** The codes the shop's tables print and a storefront order must carry, when it asks for them. */
async function codesOf(shop: ShopConfig, dineTables: DineTableRepository): Promise<Map<string, string>> {
  return tableCodesAsked(shop) ? dineTables.codes(shop.dineSpaces.map((s) => s.id)) : new Map();
}

/**
 * The shop's tables on /admin (issue 41): each with its code (when the shop asks for codes), a new
 * code for one (the owner's four digits, else random: the old one orders nothing from then on), and
 * the sheet of their QR codes with the codes to print, as the command line's `table-qr` writes it,
 * linking to PUBLIC_URL (else the address the owner's browser used).
 */
export const ownerTableRoutes: FastifyPluginAsync<Options> = async (app, { shop: shopNow, publicUrl, dineTables }) => {
  app.get('/tables', async () => {
    const shop = shopNow();
    const codes = await codesOf(shop, dineTables);
    return { codesAsked: tableCodesAsked(shop), tables: shop.dineSpaces.map((s) => ({ id: s.id, name: s.name, code: codes.get(s.id) ?? null })) };
  });

  app.withTypeProvider<ZodTypeProvider>().post(
    '/tables/:id/code',
    {
      schema: {
        params: z.object({ id: z.string().max(60) }),
        body: z.object({ code: z.string().regex(TABLE_CODE, 'A table code is four digits, like 0427.').optional() }).nullish(),
      },
    },
    async (req, reply) => {
      if (!shopNow().dineSpaces.some((s) => s.id === req.params.id)) return reply.code(404).send(NO_TABLE);
      const code = await dineTables.changeCode(req.params.id, req.userId!, req.body?.code);
      return { id: req.params.id, code };
    },
  );

  app.get('/tables/qr-sheet.svg', async (req, reply) => {
    const shop = shopNow();
    const sheet = await tableQrSheet(shop, publicOrigin(req, publicUrl), await codesOf(shop, dineTables));
    if (!sheet) return reply.code(404).send(NO_TABLES);
    return reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('content-disposition', 'attachment; filename="table-codes.svg"')
      .header('cache-control', 'no-store')
      .send(sheet);
  });
};
