import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tableCodesAsked } from '../../../domain/checkout-rules.ts';
import type { ShopConfig } from '../../../domain/shop-config.ts';
import { TABLE_CODE, type DineTableRepository } from '../../db/repositories/dine-table-repository.ts';
import { errorBody, fieldsBody } from '../../plugins/error-body.ts';
import { publicOrigin } from '../../public-origin.ts';
import { tableQrSheet } from '../../services/table-qr.ts';
import { shopUpiQr } from '../../services/shop-upi-qr.ts';
import type { OpenBill, TableBillRepository } from '../../db/repositories/table-bill-repository.ts';
import { fromMinor, toMinor, type Minor } from '../../../domain/money.ts';
import { takenPayments } from '../../../domain/order-channels.ts';

type Options = {
  shop: () => ShopConfig;
  publicUrl: string | undefined;
  dineTables: DineTableRepository;
  tableBills: TableBillRepository;
  fractionDigits: number;
  clock: () => number;
};

const NO_TABLES = errorBody('no_tables', 'The shop config has no dineSpaces: there are no tables to print codes for.');
const NO_TABLE = errorBody('not_found', 'The shop config has no table with this id.');
const NO_BILL = errorBody('not_found', 'There is no such bill.');
const BILL_CLOSED = errorBody('bill_closed', 'This bill is settled already: nothing more to pay on it.');

const billParams = z.object({ id: z.string().min(1).max(40) });

/** How the staff take a bill's money at the table or the counter. */
const settleBody = z.object({
  paymentType: z.enum(takenPayments),
  /** What the staff were shown still to pay: a bill that changed since is not settled. */
  due: z.number().nonnegative().max(1e9),
  paymentReference: z.string().trim().max(64).optional(),
});

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
export const ownerTableRoutes: FastifyPluginAsync<Options> = async (
  app,
  { shop: shopNow, publicUrl, dineTables, tableBills, fractionDigits: digits, clock },
) => {
  const money = (m: Minor) => fromMinor(m, digits);
  const billView = (bill: OpenBill) => ({
    id: bill.id,
    openedAt: bill.openedAt,
    total: money(bill.total),
    due: money(bill.due),
    rounds: bill.rounds.map((r) => ({ ...r, total: money(r.total) })),
  });

  /** The shop's tables, each with its code and its open bill (the rounds so far, what they come to, what is still to pay). */
  app.get('/tables', async () => {
    const shop = shopNow();
    const ids = shop.dineSpaces.map((s) => s.id);
    const [codes, bills] = await Promise.all([codesOf(shop, dineTables), tableBills.openBills(ids)]);
    return {
      codesAsked: tableCodesAsked(shop),
      tables: shop.dineSpaces.map((s) => {
        const bill = bills.find((b) => b.spaceId === s.id);
        return { id: s.id, name: s.name, code: codes.get(s.id) ?? null, bill: bill ? billView(bill) : null };
      }),
    };
  });

  /**
   * Settles a table's bill once (issue 41): every round still unpaid paid as taken — cash, UPI to
   * the shop's QR, card — and served, the bill closed with one tax invoice. `due` is what the staff
   * were shown: a bill a round joined since is refused as changed, with the bill as it is now.
   */
  app.withTypeProvider<ZodTypeProvider>().post('/bills/:id/settle', { schema: { params: billParams, body: settleBody } }, async (req, reply) => {
    const { paymentType, due, paymentReference } = req.body;
    const result = await tableBills.settle(
      req.params.id,
      { taken: paymentType, reference: paymentReference || null, due: toMinor(due, digits), actor: req.userId! },
      clock(),
    );
    if (result.ok) return { settled: true, paid: money(result.bill.due), total: money(result.bill.total), invoiced: result.invoiced };
    switch (result.reason) {
      case 'not_found':
        return reply.code(404).send(NO_BILL);
      case 'bill_closed':
        return reply.code(409).send(BILL_CLOSED);
      case 'bill_changed':
        return reply
          .code(409)
          .send(
            errorBody(
              'bill_changed',
              `The bill changed since you looked: ${shopNow().localeConfig.currencySign}${money(result.bill.due)} is to pay now. Check it and settle again.`,
              { bill: billView(result.bill) },
            ),
          );
      case 'round_not_accepted':
        return reply
          .code(409)
          .send(
            errorBody(
              'round_not_accepted',
              `Accept or reject ${result.numbers.map((n) => `#${n}`).join(', ')} first: the bill is settled once every round is taken.`,
              { numbers: result.numbers },
            ),
          );
    }
  });

  /** Moves an open bill to another table (the party moved): that table's next rounds join it. */
  app
    .withTypeProvider<ZodTypeProvider>()
    .post('/bills/:id/move', { schema: { params: billParams, body: z.object({ spaceId: z.string().max(60) }) } }, async (req, reply) => {
      const shop = shopNow();
      const to = shop.dineSpaces.find((s) => s.id === req.body.spaceId);
      if (!to) return reply.code(400).send(fieldsBody([{ path: 'spaceId', message: 'The shop config has no table with this id.' }]));
      const result = await tableBills.move(req.params.id, to.id, req.userId!, clock());
      if (result.ok) return { moved: true, table: to.name };
      if (result.reason === 'not_found') return reply.code(404).send(NO_BILL);
      if (result.reason === 'bill_closed') return reply.code(409).send(BILL_CLOSED);
      return reply.code(409).send(errorBody('table_busy', `${to.name} has an open bill of its own: settle it first.`));
    });

  /** The shop's UPI QR for what a bill still has to pay, for the table to scan. */
  app.withTypeProvider<ZodTypeProvider>().get('/bills/:id/upi', { schema: { params: billParams } }, async (req, reply) => {
    const shop = shopNow();
    const bill = await tableBills.openBill(req.params.id);
    if (!bill) return reply.code(404).send(NO_BILL);
    const upi = await shopUpiQr(shop, bill.due, digits, clock());
    if (!upi) return reply.code(404).send(errorBody('no_upi', 'The shop config has no UPI id (payment.upi) to be paid to.'));
    return { due: money(bill.due), ...upi };
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
