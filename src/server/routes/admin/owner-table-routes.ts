import type { FastifyPluginAsync } from 'fastify';
import type { ShopConfig } from '../../../domain/shop-config.ts';
import { errorBody } from '../../plugins/error-body.ts';
import { publicOrigin } from '../../public-origin.ts';
import { tableQrSheet } from '../../services/table-qr.ts';

type Options = { shop: () => ShopConfig; publicUrl: string | undefined };

const NO_TABLES = errorBody('no_tables', 'The shop config has no dineSpaces: there are no tables to print codes for.');

/**
 * The shop's tables on /admin (issue 41): the sheet of their QR codes to print, as the command
 * line's `table-qr` writes it, linking to PUBLIC_URL (else the address the owner's browser used).
 */
export const ownerTableRoutes: FastifyPluginAsync<Options> = async (app, { shop: shopNow, publicUrl }) => {
  app.get('/tables/qr-sheet.svg', async (req, reply) => {
    const sheet = await tableQrSheet(shopNow(), publicOrigin(req, publicUrl));
    if (!sheet) return reply.code(404).send(NO_TABLES);
    return reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('content-disposition', 'attachment; filename="table-codes.svg"')
      .header('cache-control', 'no-store')
      .send(sheet);
  });
};
