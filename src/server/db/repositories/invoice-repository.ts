import type { Transaction } from 'kysely';
import { financialYear, gstStateCode, gstStateName, invoiceNumber, taxInvoice, type InvoiceParty, type TaxInvoice } from '../../../domain/gst.ts';
import { hasTaxInvoice } from '../../../domain/order-lifecycle.ts';
import { addMinor } from '../../../domain/money.ts';
import type { Order } from '../../../domain/order-view.ts';
import type { ShopConfig } from '../../../domain/shop-config.ts';
import type { Db } from '../database.ts';
import type { Database } from '../schema.ts';
import { takeNumber } from './counter-repository.ts';
import type { OnAccepted } from './order-owner-queries.ts';
import { orderViewIn, type Reader } from './order-views.ts';

/** The shop's part of its invoices: its GST registration and the zone its financial year is counted in. */
export type Invoicing = { gst: NonNullable<ShopConfig['gst']>; timeZone: string };

export const invoicingOf = (shop: Pick<ShopConfig, 'gst' | 'timeZone'>): Invoicing | undefined =>
  shop.gst ? { gst: shop.gst, timeZone: shop.timeZone } : undefined;

function sellerOf({ gst }: Invoicing): InvoiceParty {
  const stateCode = gst.gstin.slice(0, 2);
  return {
    name: gst.legalName,
    address: gst.address
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean),
    stateCode,
    state: gstStateName(stateCode) ?? '',
    gstin: gst.gstin,
  };
}

/** The buyer as the order names them; the place of supply is the delivery address, or the shop for pickup and dine-in. */
function buyerOf(order: Order, seller: InvoiceParty): InvoiceParty {
  const personal = order.details.personalDetails;
  const ship = order.details.shippingDetails;
  const phone = ship?.phone || [personal?.phone.dialCode, personal?.phone.number].filter(Boolean).join(' ');
  const contact = { ...(phone ? { phone } : {}), ...(personal?.email ? { email: personal.email } : {}) };
  if (order.deliveryMode === 'ship' && ship) {
    const stateCode = gstStateCode(ship.state);
    const address = [ship.streetName, ship.apartment, `${ship.city} ${ship.zipCode}`.trim(), ship.country].filter((l) => l && l.trim());
    return { name: ship.fullName || personal?.fullName || '', address, stateCode, state: stateCode ? gstStateName(stateCode)! : ship.state, ...contact };
  }
  return { name: personal?.fullName ?? '', address: [], stateCode: seller.stateCode, state: seller.state, ...contact };
}

/**
 * Issues the order's tax invoice in the caller's transaction, once: its number is the next
 * of the financial year's series (`invoice:2026-27`), taken from the counter's row like an
 * order's number, so the series has no gaps and no number twice, on either database and
 * with several instances. Nothing for an order the shop has not accepted.
 */
async function issueInvoice(trx: Transaction<Database>, orderId: string, invoicing: Invoicing, now: number): Promise<void> {
  const order = await orderViewIn(trx, orderId);
  if (!order || !hasTaxInvoice(order)) return;
  // a round of a table's bill is invoiced with the whole bill, once it is settled
  const row = await trx.selectFrom('orders').select('bill_id').where('id', '=', orderId).executeTakeFirst();
  if (row?.bill_id) return;
  const exists = await trx.selectFrom('invoices').select('order_id').where('order_id', '=', orderId).executeTakeFirst();
  if (exists) return;
  await insertInvoice(trx, order, null, invoicing, now);
}

/** The next number of the financial year's series (`invoice:2026-27`), taken from the counter's row like an order's number. */
async function insertInvoice(trx: Transaction<Database>, order: Order, billId: string | null, invoicing: Invoicing, now: number): Promise<void> {
  const series = `invoice:${financialYear(now, invoicing.timeZone)}`;
  await trx
    .insertInto('shop_counters')
    .values({ name: series, value: 0 })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const number = invoiceNumber(series.slice('invoice:'.length), await takeNumber(trx, series));
  const seller = sellerOf(invoicing);
  await trx
    .insertInto('invoices')
    .values({ order_id: order.id, bill_id: billId, number, issued_at: now, seller: JSON.stringify(seller), buyer: JSON.stringify(buyerOf(order, seller)) })
    .execute();
}

/** The rounds of a table's bill the invoice covers: those the shop accepted and did not end, oldest first. */
async function billRounds(reader: Reader, billId: string): Promise<Order[]> {
  const ids = await reader.selectFrom('orders').select('id').where('bill_id', '=', billId).orderBy('created_at').orderBy('number').execute();
  const views = await Promise.all(ids.map((r) => orderViewIn(reader, r.id)));
  return views.filter((o): o is Order => o !== null && hasTaxInvoice(o));
}

/**
 * One order standing for a table's rounds on its invoice: every round's lines, the totals added up
 * by kind, the first round's number and buyer (the rounds share the table, so the place of supply).
 */
function billAsOrder(rounds: readonly Order[]): Order {
  const [first] = rounds;
  const totals = new Map<string, Order['totals'][number]>();
  for (const t of rounds.flatMap((r) => r.totals)) {
    const kept = totals.get(t.code);
    totals.set(t.code, kept ? { ...kept, value: addMinor(kept.value, t.value) } : t);
  }
  return { ...first!, lines: rounds.flatMap((r) => r.lines), totals: [...totals.values()], grandTotal: addMinor(...rounds.map((r) => r.grandTotal)) };
}

/** A settled table bill's one tax invoice, in the settlement's transaction; false when there is nothing to invoice. */
async function issueBillInvoice(trx: Transaction<Database>, billId: string, invoicing: Invoicing, now: number): Promise<boolean> {
  const rounds = await billRounds(trx, billId);
  if (rounds.length === 0) return false;
  await insertInvoice(trx, billAsOrder(rounds), billId, invoicing, now);
  return true;
}

/** `invoicingNow`: the shop's GST details as the config says now (a reload may add or change them). */
export function createInvoiceRepository(db: Db, invoicingNow: () => Invoicing | undefined) {
  /** The invoice of a settled table bill, of all its rounds; null while it is open. */
  async function billInvoice(billId: string): Promise<TaxInvoice | null> {
    const row = await db.kysely.selectFrom('invoices').selectAll().where('bill_id', '=', billId).executeTakeFirst();
    const rounds = row ? await billRounds(db.kysely, billId) : [];
    if (!row || rounds.length === 0) return null;
    return {
      ...taxInvoice(billAsOrder(rounds), {
        number: row.number,
        issuedAt: row.issued_at,
        seller: JSON.parse(row.seller) as InvoiceParty,
        buyer: JSON.parse(row.buyer) as InvoiceParty,
      }),
      orderNumbers: rounds.map((r) => r.number),
    };
  }

  return {
    /**
     * The order's tax invoice; issued now when the order was accepted before the shop
     * gave its GSTIN (or before invoices existed). Null when there is none to give: no
     * such order, not accepted, or no GSTIN in the config.
     */
    async forOrder(orderId: string, now = Date.now()): Promise<TaxInvoice | null> {
      const invoicing = invoicingNow();
      if (!invoicing) return null;
      // a round of a table's bill: the bill's invoice, once it is settled
      const round = await db.kysely.selectFrom('orders').select('bill_id').where('id', '=', orderId).executeTakeFirst();
      if (round?.bill_id) return billInvoice(round.bill_id);
      const read = () => db.kysely.selectFrom('invoices').selectAll().where('order_id', '=', orderId).executeTakeFirst();
      let row = await read();
      if (!row) {
        // the only write here, and only once: an order accepted before the shop gave its GSTIN
        await db.kysely.transaction().execute(async (trx) => {
          // first views at once (PostgreSQL; SQLite has one writer): the others wait at the order's row
          // for the first's invoice, then find it, instead of taking a number and failing at its key
          if (db.dialect === 'postgres') await trx.selectFrom('orders').select('id').where('id', '=', orderId).forUpdate().execute();
          await issueInvoice(trx, orderId, invoicing, now);
        });
        row = await read();
      }
      const order = row ? await orderViewIn(db.kysely, orderId) : null;
      if (!row || !order) return null;
      return taxInvoice(order, {
        number: row.number,
        issuedAt: row.issued_at,
        seller: JSON.parse(row.seller) as InvoiceParty,
        buyer: JSON.parse(row.buyer) as InvoiceParty,
      });
    },
  };
}

export type InvoiceRepository = ReturnType<typeof createInvoiceRepository>;

/** The bills' hook that issues a settled table bill's invoice; none without a GSTIN. */
export const invoiceOnBillSettled =
  (shop: () => Pick<ShopConfig, 'gst' | 'timeZone'>) =>
  async (trx: Transaction<Database>, billId: string, now: number): Promise<boolean> => {
    const invoicing = invoicingOf(shop());
    return invoicing ? issueBillInvoice(trx, billId, invoicing, now) : false;
  };

/** The order repository's hook that issues an invoice when the shop accepts an order; none without a GSTIN. */
export function invoiceOnAccept(shop: Pick<ShopConfig, 'gst' | 'timeZone'>): OnAccepted | undefined {
  const invoicing = invoicingOf(shop);
  return invoicing && ((trx, orderId, now) => issueInvoice(trx, orderId, invoicing, now));
}
