import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { sql, type Compilable, type ExpressionBuilder, type Selectable, type Transaction } from 'kysely';
import { ulid } from 'ulid';
import type { Order, OrderHistoryEntry, OrderRefund, OrderRequest, OwnerOrderSummary, OwnerOrderView } from '../../../domain/order.ts';
import { parseOrderNumber } from '../../../domain/order-number.ts';
import { orderCouponOf, type Coupon } from '../../../domain/coupons.ts';
import { customerIdentity, type CustomerIdentity } from '../../../domain/customer-identity.ts';
import {
  paymentStatusFor,
  priceOrder,
  unpaidLimitFor,
  shortage,
  shortagesOf,
  type OrderableProduct,
  type OrderRefusal,
  type PricedOrder,
  type Shortage,
} from '../../../domain/order-pricing.ts';
import { countsPerCustomer, customerProblem, findCoupon, redeemCoupon, releaseCoupon, shopperKeys } from './coupon-repository.ts';
import { canMoveOrder, givesStockBack, handedOverStatuses, nextStatuses, type FulfilmentMode, type OrderStatus } from '../../../domain/order-lifecycle.ts';
import { isDigitalType } from '../../../domain/cart-rules.ts';
import { orderingClosed } from '../../../domain/ordering-hours.ts';
import { minor, toMinor, type Minor } from '../../../domain/money.ts';
import type { ShopConfig } from '../../../domain/shop-config.ts';
import type { TotalsLine } from '../../../domain/totals.ts';
import type { Db } from '../database.ts';
import type { Database, OrderLineTable, OrderTable, OrderTotalTable } from '../schema.ts';
import { recordAudit, type Actor } from './audit-repository.ts';
import { releasePlaces, takePlaces } from './booking-repository.ts';
import { pooledRandom, pooledRandomBytes } from '../random.ts';
import { bumpCatalogVersion, catalogVersionStatement } from './catalog-repository.ts';
import { numberOf, numberStatement, takeNumber } from './counter-repository.ts';
import { owesRefund } from './refund-repository.ts';
import { noOutbox, type OrderOutbox } from './order-outbox.ts';
import { storeIsOpen, storeSwitch } from './store-repository.ts';
import { knownCustomerQuery, namesSomebody, slotPlacesHeld, unpaidHeldQuery } from './customer-holds.ts';
import { answerStatement, claimStatement, heldClaim, readClaim, storeAnswer, sweepKeys, type Claim, type KeyUse } from './idempotency-repository.ts';

export type PlaceResult =
  /** `answer`: with `place`'s `key`, the key's answer as stored, in JSON (what a replay of it sends). */
  | { ok: true; order: Order; notificationToken: string; answer?: string }
  | ({ ok: false } & OrderRefusal)
  /** The Idempotency-Key was claimed before (`place`'s `claim`): nothing was written. */
  | { ok: false; reason: 'key_used'; claim: Exclude<Claim, { state: 'claimed' }> };

/** What the checkout's quote answers: the order as it would be priced now, or why it would be refused. */
export type QuoteResult = { ok: true; priced: PricedOrder } | ({ ok: false } & OrderRefusal);

/** PostgreSQL: the order's Idempotency-Key is taken (its claim, run with the products' read, returned nothing). */
class KeyTaken extends Error {}

/** Thrown inside the transaction to roll it back; turned into a PlaceResult. */
class Refused extends Error {
  constructor(readonly result: Exclude<PlaceResult, { ok: true }>) {
    super(result.reason);
  }
}

const newOrderId = (now: number) => ulid(now, pooledRandom);

/** 24 characters of base64url: 144 random bits (spec §9: a 24-character id alphabet). */
export const newNotificationToken = () => pooledRandomBytes(18).toString('base64url');
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const percentToHundredths = (p: number | null) => (p === null ? null : Math.round(p * 100));

// named, not `*`: a statement PostgreSQL keeps prepared (database.ts)
const productColumns = [
  'id',
  'title',
  'variant_name',
  'is_fraction',
  'mrp_minor',
  'regular_minor',
  'special_minor',
  'stock_milli',
  'tracks_stock',
  'type_id',
  'sold_out_until',
  'errors',
  'tax_rate_hundredths',
  'hsn',
] as const;

/** Whose unpaid orders an order's cap counts (decision 073): the shopper, and whether it is an account the shop may know. */
type CappedCustomer = { who: CustomerIdentity; account: boolean };

/** What the cap reads of a customer: their open unpaid orders' total, and whether the shop knows them (an account's only). */
export type CustomerHolds = { held: Minor; known: boolean };

/**
 * The products an order names, as its rules read them (a hidden one is not there to order),
 * and whether the owner's switch has the shop open, read with them — and with `capped`, what
 * that customer holds unpaid (`customer-holds.ts`). With `claim` (PostgreSQL: the
 * Idempotency-Key's claim), that runs first in the same statement, as a data-modifying
 * CTE: one round trip for all; `KeyTaken` is thrown when it claimed nothing.
 */
async function orderableProducts(
  trx: Reader,
  ids: readonly string[],
  now: number,
  claim?: Compilable,
  capped?: CappedCustomer,
): Promise<{ open: boolean; products: Map<string, OrderableProduct>; holds: CustomerHolds }> {
  // a guest with no contact is nobody in particular: their order is capped on its own
  const sums = capped && namesSomebody(capped.who);
  const knows = capped?.account === true;
  const query = trx
    .selectFrom('products')
    .select(productColumns)
    .select((eb) => storeSwitch(eb).as('store_switch'))
    .$if(!!sums, (q) => q.select(() => unpaidHeldQuery(trx, capped!.who).as('unpaid_held')))
    .$if(knows, (q) => q.select(() => knownCustomerQuery(trx, capped!.who).as('known_customer')))
    .where('id', 'in', [...ids])
    .where('hidden', '=', 0);
  type Row = Awaited<ReturnType<typeof query.execute>>[number];
  let rows: Row[];
  if (claim) {
    // one row even when no product is there: the claim's count, joined to the products found
    const read = [...productColumns, 'store_switch', ...(sums ? ['unpaid_held'] : []), ...(knows ? ['known_customer'] : [])];
    const columns = sql.join(read.map((c) => sql.ref(`p.${c}`)));
    const { rows: joined } = await sql<{ claimed: number | string } & (Row | { [K in keyof Row]: null })>`with claim as (${claim})
      select c.claimed, ${columns} from (select count(claim.scope) as claimed from claim) c left join ${query} p on true`.execute(trx);
    if (!Number(joined[0]?.claimed)) throw new KeyTaken();
    rows = joined.filter((r): r is typeof r & Row => r.id !== null);
  } else rows = await query.execute();
  const open = rows.length ? rows[0]!.store_switch !== '0' : await storeIsOpen(trx);
  // with no product found the order is refused as unavailable, before any cap is asked
  const holds = { held: minor(Number(rows[0]?.unpaid_held ?? 0)), known: rows[0]?.known_customer != null };
  const price = (m: number | null) => (m === null ? null : minor(m));
  const products = new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        title: r.title,
        variantName: r.variant_name,
        isFraction: r.is_fraction === 1,
        prices: { mrp: price(r.mrp_minor), regular: minor(r.regular_minor), special: price(r.special_minor) },
        stockMilli: r.stock_milli,
        madeToOrder: r.tracks_stock === 0,
        digital: isDigitalType(r.type_id),
        soldOut: r.sold_out_until !== null && r.sold_out_until > now,
        errors: JSON.parse(r.errors) as Record<string, string>,
        taxRate: r.tax_rate_hundredths === null ? null : r.tax_rate_hundredths / 100,
        hsn: r.hsn,
      } satisfies OrderableProduct,
    ]),
  );
  return { open, products, holds };
}

/** A request's coupon code as stored: upper case, or null for none. */
const couponCodeOf = (request: OrderRequest) => (request.order.couponCode ? request.order.couponCode.toUpperCase() : null);

/**
 * What the order and its quote share: the shop open (the switch, the ordering hours), the products loaded, the coupon
 * found and allowed for this customer, and the order priced by the domain's rules.
 */
async function priceRequest(
  trx: Reader,
  request: OrderRequest,
  shop: ShopConfig,
  userId: string | null,
  now: number,
  claim?: Compilable,
): Promise<QuoteResult & { coupon?: Coupon; shopper?: string[] }> {
  const ids = [...new Set(request.order.items.map((i) => i.id))];
  const code = couponCodeOf(request);
  // an enquiry takes no payment: capped as one not paid through a gateway, whatever the request says
  const limit = unpaidLimitFor(shop, shop.orderConfig.orderEnabled ? request.order.paymentType : null);
  const capped = limit > 0 ? { who: customerIdentity(userId, request.order.personalDetails), account: userId !== null } : undefined;
  const [{ open, products, holds }, found] = await Promise.all([orderableProducts(trx, ids, now, claim, capped), code ? findCoupon(trx, code, now) : null]);
  // the owner's switch first, then the ordering hours
  if (!open) return { ok: false, reason: 'store_closed' };
  const closed = orderingClosed(shop, now);
  if (closed) return { ok: false, reason: 'store_closed', hours: { opensAt: closed.opensAt, now } };
  if (found && !found.ok) return { ok: false, reason: 'coupon', problem: found.problem };
  // who the shopper is is asked only of a coupon with per-customer rules
  const shopper = found?.ok && countsPerCustomer(found.coupon) ? await shopperKeys(trx, userId, request.order.personalDetails) : undefined;
  const problem = found?.ok && shopper ? await customerProblem(trx, found.coupon, shopper) : null;
  if (problem) return { ok: false, reason: 'coupon', problem };
  const coupon = found?.ok ? found.coupon : undefined;
  const result = priceOrder(request.order, products, shop, coupon ? orderCouponOf(coupon) : null);
  if (!result.ok) return { ok: false, ...result.refusal };
  // nobody has paid for these, and the shop may not know who will: a guest's or a new account's open ones are capped together
  if (capped && !holds.known && holds.held + result.priced.totals.grandTotal > limit) return { ok: false, reason: 'order_limit', limit };
  return { ...result, ...(coupon ? { coupon } : {}), ...(shopper ? { shopper } : {}) };
}

export type Reader = Transaction<Database> | Db['kysely'];

/**
 * Takes every line's stock with one `UPDATE … RETURNING id`; what it leaves out is short.
 * The conditions are read again in the update: the owner may have hidden a product or
 * marked it sold out meanwhile, and only a product with the quantity left (or made to order,
 * or in a shop that sells without stock) is taken from. On PostgreSQL the rows are locked
 * in id order first, as the lines come, so two orders never wait for each other (no deadlock);
 * SQLite has one writer. On PostgreSQL `place` runs it as a data-modifying CTE of the order's
 * last statement (decision 065); on SQLite on its own (`takeStock`).
 */
function stockUpdate(trx: Transaction<Database>, dialect: Db['dialect'], lines: PricedOrder['lines'], allowOrderOnNoStock: boolean, now: number) {
  const ids = lines.map((l) => l.product.id);
  const qtyOf = (eb: ExpressionBuilder<Database, 'products'>) => {
    const [first, ...rest] = lines;
    if (!rest.length) return eb.val(first!.qtyMilli);
    let qty = eb.case().when('id', '=', first!.product.id).then(first!.qtyMilli);
    for (const l of rest) qty = qty.when('id', '=', l.product.id).then(l.qtyMilli);
    return qty.end();
  };
  let update = trx
    .updateTable('products')
    .set((eb) => ({ stock_milli: eb('stock_milli', '-', eb.case().when('tracks_stock', '=', 1).then(qtyOf(eb)).else(0).end()), updated_at: now }))
    .where(
      'id',
      'in',
      dialect === 'postgres' && ids.length > 1 ? trx.selectFrom('products').select('id').where('id', 'in', ids).orderBy('id').forUpdate() : ids,
    )
    .where('hidden', '=', 0)
    .where((eb) => eb.or([eb('sold_out_until', 'is', null), eb('sold_out_until', '<=', now)]));
  if (!allowOrderOnNoStock) update = update.where((eb) => eb.or([eb('tracks_stock', '=', 0), eb('stock_milli', '>=', qtyOf(eb))]));
  return update.returning('id');
}

/** The lines whose stock the update did not take (`taken`: the ids it returned). */
const shortOf = (lines: PricedOrder['lines'], taken: ReadonlySet<string>): Shortage[] =>
  lines.filter((l) => !taken.has(l.product.id)).map((l) => shortage(l.product, l.qtyMilli));

/** SQLite: `stockUpdate` on its own; what it left out is short. */
async function takeStock(trx: Transaction<Database>, lines: PricedOrder['lines'], allowOrderOnNoStock: boolean, now: number): Promise<Shortage[]> {
  const taken = await stockUpdate(trx, 'sqlite', lines, allowOrderOnNoStock, now).execute();
  return shortOf(lines, new Set(taken.map((r) => r.id)));
}

/**
 * PostgreSQL: the order's number is taken in its last statement, after its answer is made;
 * the answer is made with a stand-in number (random, 16 digits) and cut around it, and the
 * statement puts the number between the two parts. A stand-in met more than once (a digit
 * run in the shopper's text) is drawn again.
 */
function answerAround(answer: (standIn: number) => string): { before: string; after: string } {
  for (;;) {
    const standIn = 1e15 + randomInt(2 ** 47);
    const parts = answer(standIn).split(String(standIn));
    if (parts.length === 2) return { before: parts[0]!, after: parts[1]! };
  }
}

/** Orders with the refund each owes, if any: the one query every view starts from. */
const ordersWithRefunds = (trx: Reader) =>
  trx
    .selectFrom('orders')
    .leftJoin('refunds', 'refunds.order_id', 'orders.id')
    .selectAll('orders')
    .select([
      'refunds.amount_minor as refund_amount_minor',
      'refunds.method as refund_method',
      'refunds.status as refund_status',
      'refunds.reference as refund_reference',
      'refunds.refunded_at as refund_refunded_at',
    ]);

type OrderRow = Selectable<OrderTable> & {
  refund_amount_minor: number | null;
  refund_method: string | null;
  refund_status: string | null;
  refund_reference: string | null;
  refund_refunded_at: number | null;
};

/**
 * The orders' views, in the order of `orders`: their lines and totals are read for all
 * of them at once, so a list costs three queries however long it is.
 */
export async function viewsOf(trx: Reader, orders: readonly OrderRow[]): Promise<Order[]> {
  if (orders.length === 0) return [];
  const ids = orders.map((o) => o.id);
  // when each UPI reference still to check was given (its deadline runs from then): asked only when an order has one
  const claimed = orders.filter((o) => o.payment_status === 'awaiting_verification').map((o) => o.id);
  const [lineRows, totalRows, claims] = await Promise.all([
    trx.selectFrom('order_lines').selectAll().where('order_id', 'in', ids).orderBy('order_id').orderBy('line_no').execute(),
    trx.selectFrom('order_totals').selectAll().where('order_id', 'in', ids).orderBy('order_id').orderBy('position').execute(),
    claimed.length
      ? trx
          .selectFrom('payments')
          .select(['order_id', 'created_at'])
          .where('order_id', 'in', claimed)
          .where('provider', '=', 'upi-manual')
          .where('status', '=', 'awaiting_verification')
          .execute()
      : [],
  ]);
  const claimedAt = new Map(claims.map((c) => [c.order_id, c.created_at]));
  const byOrder = <T extends { order_id: string }>(rows: T[]) => {
    const grouped = new Map<string, T[]>();
    for (const r of rows) {
      const list = grouped.get(r.order_id);
      if (list) list.push(r);
      else grouped.set(r.order_id, [r]);
    }
    return grouped;
  };
  const lines = byOrder(lineRows);
  const totals = byOrder(totalRows);
  return orders.map((order) => viewOf(order, lines.get(order.id) ?? [], totals.get(order.id) ?? [], claimedAt.get(order.id) ?? null));
}

/** One order's view from its rows as stored: what a read gives, and what `place` answers without reading back what it wrote. */
function viewOf(
  order: OrderRow,
  lines: readonly Selectable<OrderLineTable>[],
  totals: readonly Selectable<OrderTotalTable>[],
  paymentClaimedAt: number | null,
): Order {
  const totalLines: TotalsLine[] = totals.map((t) => ({
    code: t.code as TotalsLine['code'],
    title: t.title,
    value: minor(t.value_minor),
    isPercentage: t.is_percentage === 1,
    percentAmount: t.percent_hundredths === null ? null : t.percent_hundredths / 100,
  }));
  return {
    id: order.id,
    number: order.number,
    kind: order.kind as Order['kind'],
    status: order.status,
    cancelRequested: order.cancel_requested_at !== null,
    paymentType: order.payment_type,
    paymentStatus: order.payment_status,
    deliveryMode: order.delivery_mode as FulfilmentMode,
    currencyCode: order.currency_code,
    lines: lines.map((l) => ({
      productId: l.product_id,
      title: l.title,
      variantName: l.variant_name,
      qty: l.qty_milli / 1000,
      isFraction: l.is_fraction === 1,
      unitPrice: minor(l.unit_price_minor),
      total: minor(l.total_minor),
      discount: minor(l.discount_minor),
      tax: minor(l.tax_minor),
      taxPercent: l.tax_rate_hundredths / 100,
      hsn: l.hsn,
    })),
    totals: totalLines,
    taxMode: order.tax_mode as Order['taxMode'],
    grandTotal: minor(order.grand_total_minor),
    details: JSON.parse(order.details) as Order['details'],
    couponCode: order.coupon_code,
    createdAt: order.created_at,
    paymentClaimedAt,
    refund: refundOf(order),
  };
}

const refundOf = (row: OrderRow): OrderRefund<Minor> | null =>
  row.refund_amount_minor === null
    ? null
    : {
        amount: minor(row.refund_amount_minor),
        method: row.refund_method ?? '',
        status: row.refund_status as OrderRefund['status'],
        reference: row.refund_reference,
        refundedAt: row.refund_refunded_at,
      };

/** One order's view, read in the caller's transaction when given one. */
export async function orderViewIn(trx: Reader, orderId: string): Promise<Order | null> {
  const order = await ordersWithRefunds(trx).where('orders.id', '=', orderId).executeTakeFirst();
  return order ? ((await viewsOf(trx, [order]))[0] ?? null) : null;
}

/** What else happens, in the same transaction, when the shop accepts an order (its tax invoice is issued). */
export type OnAccepted = (trx: Transaction<Database>, orderId: string, now: number) => Promise<void>;

export function createOrderRepository(db: Db, { outbox = noOutbox, onAccepted }: { outbox?: OrderOutbox; onAccepted?: OnAccepted | undefined } = {}) {
  const { kysely } = db;

  /** The owner's summaries: the views, each payment's reference, and whether the shop knows the customer. */
  async function summariesOf(rows: readonly OrderRow[]): Promise<OwnerOrderSummary<Minor>[]> {
    if (rows.length === 0) return [];
    const keys = [...new Set(rows.map((r) => r.customer_key).filter((k): k is string => k !== null && k !== 'guest'))];
    const [views, payments, known] = await Promise.all([
      viewsOf(kysely, rows),
      kysely
        .selectFrom('payments')
        .select(['order_id', 'reference'])
        .where(
          'order_id',
          'in',
          rows.map((r) => r.id),
        )
        .where('provider', 'in', ['upi-manual', 'payu'])
        .where('reference', 'is not', null)
        .orderBy('updated_at')
        .execute(),
      // a customer the shop has handed an order to before
      keys.length
        ? kysely.selectFrom('orders').select('customer_key').distinct().where('customer_key', 'in', keys).where('status', 'in', handedOverStatuses).execute()
        : [],
    ]);
    // the newest reference of each order wins
    const references = new Map(payments.map((p) => [p.order_id, p.reference]));
    const knownKeys = new Set(known.map((k) => k.customer_key));
    return views.map((v, i) => ({ ...v, paymentReference: references.get(v.id) ?? null, newCustomer: !knownKeys.has(rows[i]!.customer_key) }));
  }

  /**
   * An order that ends unfulfilled gives its stock and its delivery slot back and, when it
   * was paid, owes the shopper a refund; only the transaction that ended it calls this.
   */
  async function endUnfulfilled(trx: Transaction<Database>, orderId: string, actor: Actor, now: number): Promise<void> {
    await giveBack(trx, orderId, now);
    if (await owesRefund(trx, orderId, actor, now)) await outbox.record(trx, 'order.refund_due', orderId, {}, now);
  }

  async function giveBack(trx: Transaction<Database>, orderId: string, now: number): Promise<void> {
    await releaseCoupon(trx, orderId);
    const lines = await trx.selectFrom('order_lines').select(['product_id', 'qty_milli']).where('order_id', '=', orderId).orderBy('product_id').execute();
    // a made-to-order product had none taken
    for (const l of lines)
      await trx
        .updateTable('products')
        .set((eb) => ({ stock_milli: eb('stock_milli', '+', l.qty_milli), updated_at: now }))
        .where('id', '=', l.product_id)
        .where('tracks_stock', '=', 1)
        .execute();
    await releasePlaces(trx, orderId);
    await bumpCatalogVersion(trx, now);
  }

  return {
    /**
     * Places an order in one transaction: priced by the domain's rules from the database's
     * products (`priceRequest`, as the quote is), stock taken with one `UPDATE … WHERE stock >= qty`
     * for all the lines (so the last unit sells once, on either database), a place in the delivery slot
     * taken, the coupon used once, then the order, its lines and totals written and the
     * catalog marked changed. Any refusal rolls all of it back. With `key` (the
     * Idempotency-Key), the key is claimed first in the same transaction — a key already used
     * answers with its claim and nothing is written — and its answer (`key.answer` of the
     * order placed) is stored with the order. The answer is built from what was written, not
     * read back. On SQLite the transaction shares its commit with the orders placed at the
     * same moment (`Db.write`), answered once that commit is synced. On PostgreSQL the steps
     * share statements (decisions 062, 065): the key's claim with the products' read, then the
     * stock, the order's number, the order, its lines and totals, the catalog version and the
     * key's answer in one statement — the last before the commit, so the rows every order
     * locks (its products' stock, the number) are held for one statement and the commit.
     */
    async place(
      request: OrderRequest,
      shop: ShopConfig,
      options: {
        now?: number;
        userId?: string | null;
        /** The delivery slot the order takes a place in (checked open by the caller), with how the order shows it. */
        slot?: { resource: string; start: number; capacity: number; view: NonNullable<Order['details']['shippingSlot']> } | undefined;
        /** The caller checked the details as a digital order's (`isDigitalOnly`): refused if the products say otherwise now. */
        digital?: boolean;
        key?: (KeyUse & { answer: (placed: PlaceResult & { ok: true }) => unknown }) | undefined;
      } = {},
    ): Promise<PlaceResult> {
      const now = options.now ?? Date.now();
      const { order } = request;
      const kind = shop.orderConfig.orderEnabled ? 'order' : 'enquiry';
      try {
        return await db.write(async (trx) => {
          const { key } = options;
          const pg = db.dialect === 'postgres';
          if (key) {
            await sweepKeys(trx, now);
            // SQLite: a read (the transaction holds the one write lock); PostgreSQL: the claim runs with the products' read
            const claim = pg ? null : await readClaim(trx, key, now);
            if (claim && claim.state !== 'claimed') throw new Refused({ ok: false, reason: 'key_used', claim });
          }
          const customer = customerIdentity(options.userId, order.personalDetails);
          const quoted = await priceRequest(trx, request, shop, options.userId ?? null, now, key && pg ? claimStatement(trx, key, now) : undefined).catch(
            async (err: unknown) => {
              if (err instanceof KeyTaken && key) throw new Refused({ ok: false, reason: 'key_used', claim: await heldClaim(trx, key) });
              throw err;
            },
          );
          if (!quoted.ok) throw new Refused(quoted);
          const { lines, totals, digital } = quoted.priced;
          if (options.digital && !digital) throw new Refused({ ok: false, reason: 'needs_delivery' });
          // the shopper agreed to the total they were shown, not to another one
          const shown = order.quotedTotal;
          if (shown != null && toMinor(shown, shop.localeConfig.fractionDigits) !== totals.grandTotal)
            throw new Refused({ ok: false, reason: 'price_changed', priced: quoted.priced });
          // SQLite: the stock now; PostgreSQL: in the order's last statement, so the hot rows (the stock, the number) stay locked for less (decision 065)
          const shortages = pg ? [] : await takeStock(trx, lines, shop.orderConfig.allowOrderOnNoStock, now);
          if (shortages.length) throw new Refused({ ok: false, reason: 'out_of_stock', lines: shortages });
          const orderId = newOrderId(now);
          // nothing is delivered for a digital order, so it takes no place in a slot, whatever it named
          const slot = digital ? undefined : options.slot;
          const takeSlot = async () => {
            if (!slot) return;
            if (!(await takePlaces(trx, orderId, slot.resource, [slot.start], slot.capacity))) throw new Refused({ ok: false, reason: 'slot_full' });
            // counted once the place is taken: on PostgreSQL the slot's row stays locked until this order commits, so the
            // orders for one slot count here one after another, each seeing the places of those before it
            const max = shop.orderConfig.maxSlotPlacesPerCustomer;
            if (namesSomebody(customer) && (await slotPlacesHeld(trx, customer, slot, orderId)) >= max)
              throw new Refused({ ok: false, reason: 'slot_limit_reached', max });
          };
          if (!pg) await takeSlot();

          const token = newNotificationToken();
          const ships = order.deliveryMode === 'ship' && !digital;
          const slotId = ships ? (order.shippingSlotId ?? null) : null;
          const details: Order['details'] = {
            personalDetails: order.personalDetails,
            shippingDetails: ships ? order.shippingDetails : undefined,
            dineInDetails: order.deliveryMode === 'dine' ? order.dineInDetails : undefined,
            shippingSlotId: slotId,
            shippingSlot: slot?.view ?? null,
            ...(order.note ? { note: order.note } : {}),
          };
          // SQLite: the last write before the rows; PostgreSQL: taken in the rows' statement, a stand-in until then
          const number = pg ? 0 : await takeNumber(trx, 'order');
          const row: Selectable<OrderTable> = {
            id: orderId,
            number,
            // the logged-in user of the request, never an id from the body
            user_id: options.userId ?? null,
            status: 'placed',
            kind,
            // an order of only downloads and services is held as what it is, whatever mode it was sent with (decision 041)
            delivery_mode: digital ? 'digital' : order.deliveryMode,
            details: JSON.stringify(details),
            shipping_slot_id: slotId,
            payment_type: kind === 'order' ? (order.paymentType ?? null) : null,
            payment_status: paymentStatusFor(kind, order.paymentType),
            currency_code: shop.localeConfig.currencyCode,
            grand_total_minor: totals.grandTotal,
            tax_mode: shop.pricingConfig.taxMode,
            notification_token: hashToken(token),
            coupon_code: quoted.coupon?.code ?? null,
            customer_key: customer.key,
            email_key: customer.email,
            phone_key: customer.phone,
            cancel_requested_at: null,
            created_at: now,
            updated_at: now,
          };
          const lineRows: Selectable<OrderLineTable>[] = lines.map((l, i) => ({
            order_id: orderId,
            line_no: i + 1,
            product_id: l.product.id,
            title: l.product.title,
            variant_name: l.product.variantName,
            qty_milli: l.qtyMilli,
            is_fraction: l.product.isFraction ? 1 : 0,
            unit_price_minor: l.unit,
            total_minor: l.total,
            tax_rate_hundredths: Math.round(l.taxPercent * 100),
            discount_minor: l.discount,
            tax_minor: l.tax,
            hsn: l.product.hsn,
          }));
          const totalRows: Selectable<OrderTotalTable>[] = totals.lines.map((t, i) => ({
            order_id: orderId,
            code: t.code,
            title: t.title,
            value_minor: t.value,
            is_percentage: t.isPercentage ? 1 : 0,
            percent_hundredths: percentToHundredths(t.percentAmount),
            position: i,
          }));
          // the view a read would give of these rows (a new order owes no refund)
          const view = viewOf(
            { ...row, refund_amount_minor: null, refund_method: null, refund_status: null, refund_reference: null, refund_refunded_at: null },
            lineRows,
            totalRows,
            null,
          );
          const placed: PlaceResult & { ok: true } = { ok: true, order: view, notificationToken: token };
          if (!pg) {
            if (key) placed.answer = JSON.stringify(key.answer(placed));
            for (const w of [
              trx.insertInto('orders').values(row),
              trx.insertInto('order_lines').values(lineRows),
              trx.insertInto('order_totals').values(totalRows),
              catalogVersionStatement(trx, now),
            ])
              await trx.executeQuery(w);
            if (key && placed.answer) await storeAnswer(trx, key, 200, placed.answer, now);
          } else {
            // PostgreSQL: one statement, each step a data-modifying CTE of it (they all run, read or not): the stock, the
            // number, the order with its lines and totals, the catalog version and the key's answer with the number put in
            const numbered = sql<number>`(select "value" from "n")`;
            const around = key && answerAround((standIn) => JSON.stringify(key.answer({ ...placed, order: { ...view, number: standIn } })));
            const writes: Compilable[] = [
              trx.insertInto('orders').values({ ...row, number: numbered }),
              trx.insertInto('order_lines').values(lineRows),
              trx.insertInto('order_totals').values(totalRows),
              catalogVersionStatement(trx, now),
              ...(key && around ? [answerStatement(trx, key, 200, sql<string>`${around.before} || ${numbered}::text || ${around.after}`)] : []),
            ];
            const { rows } = await sql<{ value: number | string; ids: string[] }>`with taken as (${stockUpdate(
              trx,
              'postgres',
              lines,
              shop.orderConfig.allowOrderOnNoStock,
              now,
            )}), n as (${numberStatement(trx, 'order')}), ${sql.join(writes.map((w, i) => sql`${sql.raw(`w${i}`)} as (${w})`))}
              select n.value, array(select taken.id from taken) as ids from n`.execute(trx);
            const short = shortOf(lines, new Set(rows[0]?.ids));
            if (short.length) throw new Refused({ ok: false, reason: 'out_of_stock', lines: short });
            view.number = numberOf(rows[0], 'order');
            if (around) placed.answer = `${around.before}${view.number}${around.after}`;
            await takeSlot();
          }
          if (quoted.coupon) {
            // used in the order's transaction: refused, the whole order is rolled back
            const problem = await redeemCoupon(trx, quoted.coupon, orderId, { key: customer.key, keys: quoted.shopper ?? [] }, now);
            if (problem) throw new Refused({ ok: false, reason: 'coupon', problem });
          }
          await outbox.record(trx, 'order.placed', orderId, {}, now, view);
          return placed;
        });
      } catch (err) {
        if (err instanceof Refused) return err.result;
        throw err;
      }
    },

    /**
     * The checkout's quote: what `place` would charge for this request now, or why it would
     * refuse it — the same pricing, with stock and the delivery slot's room compared
     * instead of taken. Nothing is written.
     */
    async quote(
      request: OrderRequest,
      shop: ShopConfig,
      {
        slot,
        userId,
        now = Date.now(),
      }: { slot?: { resource: string; start: number; capacity: number } | undefined; userId?: string | null; now?: number } = {},
    ): Promise<QuoteResult> {
      const quoted = await priceRequest(kysely, request, shop, userId ?? null, now);
      if (!quoted.ok) return quoted;
      const shortages = shortagesOf(quoted.priced, shop);
      if (shortages.length) return { ok: false, reason: 'out_of_stock', lines: shortages };
      if (slot && !quoted.priced.digital) {
        const use = await kysely
          .selectFrom('slot_use')
          .select('taken')
          .where('resource', '=', slot.resource)
          .where('starts_at', '=', slot.start)
          .executeTakeFirst();
        if ((use?.taken ?? 0) >= slot.capacity) return { ok: false, reason: 'slot_full' };
        const customer = customerIdentity(userId, request.order.personalDetails);
        const max = shop.orderConfig.maxSlotPlacesPerCustomer;
        if (namesSomebody(customer) && (await slotPlacesHeld(kysely, customer, slot)) >= max) return { ok: false, reason: 'slot_limit_reached', max };
      }
      return { ok: true, priced: quoted.priced };
    },

    /**
     * Whether every product named is one nobody carries (virtual or downloadable): the order
     * call asks before it lets an order go without an address or slot. `place` prices by the
     * types it reads in its own transaction and refuses if they no longer agree.
     */
    async isDigitalOnly(ids: readonly string[]): Promise<boolean> {
      const wanted = new Set(ids);
      if (wanted.size === 0) return false;
      const rows = await kysely
        .selectFrom('products')
        .select('type_id')
        .where('id', 'in', [...wanted])
        .where('hidden', '=', 0)
        .execute();
      return rows.length === wanted.size && rows.every((r) => isDigitalType(r.type_id));
    },

    /** The order when the token is its notification token; null alike for a missing order and a wrong token. */
    async findForGuest(orderId: string, token: string): Promise<Order | null> {
      const row = await kysely.selectFrom('orders').select('notification_token').where('id', '=', orderId).executeTakeFirst();
      // the comparison takes the same time whether or not the order exists
      const stored = Buffer.from(row?.notification_token ?? hashToken('no such order'), 'hex');
      const given = Buffer.from(hashToken(token), 'hex');
      if (!timingSafeEqual(stored, given) || !row) return null;
      return orderViewIn(kysely, orderId);
    },

    /**
     * The shopper's cancel request. An order the shop has not confirmed yet is cancelled,
     * its stock put back and its delivery slot freed, in one transaction and only once however often it is
     * asked; a later order keeps its status and the request is recorded for the owner.
     */
    async requestCancel(orderId: string, now = Date.now()): Promise<'cancelled' | 'requested'> {
      return kysely.transaction().execute(async (trx) => {
        const cancelled = await trx
          .updateTable('orders')
          .set({ status: 'cancelled', cancel_requested_at: now, updated_at: now })
          .where('id', '=', orderId)
          .where('status', '=', 'placed')
          .executeTakeFirst();
        if (Number(cancelled.numUpdatedRows) === 1) {
          // as for the owner's moves: the change, then what it owes
          await outbox.record(trx, 'order.status_changed', orderId, { from: 'placed', to: 'cancelled', by: 'shopper' }, now);
          await endUnfulfilled(trx, orderId, 'shopper', now);
          return 'cancelled';
        }
        const asked = await trx
          .updateTable('orders')
          .set({ cancel_requested_at: now, updated_at: now })
          .where('id', '=', orderId)
          .where('cancel_requested_at', 'is', null)
          .executeTakeFirst();
        if (Number(asked.numUpdatedRows) === 1) await outbox.record(trx, 'order.cancel_requested', orderId, {}, now);
        const row = await trx.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow();
        return row.status === 'cancelled' ? 'cancelled' : 'requested';
      });
    },

    /**
     * Cancels the unpaid orders that hold stock for nothing (decisions 033, 073), giving their
     * stock, slot place and coupon back: those still waiting for online payment (PayU, UPI
     * without a reference) `holdMinutes` after they were placed or their last payment attempt
     * started — never more than twice `holdMinutes` after they were placed, however often one
     * starts — and those whose UPI reference the owner has not confirmed within `verifyHours` of
     * the shopper giving it, while the order is still only placed. Each is its own transaction
     * whose update is conditional on the order still being placed and in the payment status it
     * was found in, so of several instances sweeping at once one cancels it, and a payment (or
     * the owner marking it paid) that lands first keeps it.
     */
    async expireUnpaid(
      { holdMinutes, verifyHours }: { holdMinutes: number; verifyHours: number },
      now = Date.now(),
    ): Promise<Array<{ order: Order; userId: string | null }>> {
      const before = now - holdMinutes * 60_000;
      const unpaid = await kysely
        .selectFrom('orders')
        .select(['id', 'user_id'])
        .where('status', '=', 'placed')
        .where('payment_status', '=', 'awaiting_payment')
        .where('payment_type', 'in', ['payu', 'upi-manual'])
        .where('created_at', '<=', before)
        // a shopper who started paying at minute 29 gets the whole hold again, but a payment restarted every few minutes holds it only one hold more
        .where((eb) =>
          eb.or([
            eb('created_at', '<=', now - 2 * holdMinutes * 60_000),
            eb.not(
              eb.exists(
                eb.selectFrom('payments').select('payments.id').whereRef('payments.order_id', '=', 'orders.id').where('payments.created_at', '>', before),
              ),
            ),
          ]),
        )
        .orderBy('created_at')
        .limit(200)
        .execute();
      // the reference's deadline runs from when it was first given: a corrected one does not move it
      const unverified = await kysely
        .selectFrom('orders')
        .select(['id', 'user_id'])
        .where('status', '=', 'placed')
        .where('payment_status', '=', 'awaiting_verification')
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('payments')
              .select('payments.id')
              .whereRef('payments.order_id', '=', 'orders.id')
              .where('payments.provider', '=', 'upi-manual')
              .where('payments.status', '=', 'awaiting_verification')
              .where('payments.created_at', '<=', now - verifyHours * 3_600_000),
          ),
        )
        .orderBy('created_at')
        .limit(200)
        .execute();
      const expired: Array<{ order: Order; userId: string | null }> = [];
      const expire = async ({ id, user_id: userId }: { id: string; user_id: string | null }, paymentStatus: string, detail: Record<string, unknown>) => {
        const order = await kysely.transaction().execute(async (trx) => {
          const res = await trx
            .updateTable('orders')
            .set({ status: 'cancelled', updated_at: now })
            .where('id', '=', id)
            .where('status', '=', 'placed')
            .where('payment_status', '=', paymentStatus)
            .executeTakeFirst();
          if (Number(res.numUpdatedRows) !== 1) return null;
          await recordAudit(trx, { actor: 'system', action: 'order.expired', subject: `order:${id}`, detail }, now);
          await outbox.record(trx, 'order.status_changed', id, { from: 'placed', to: 'cancelled', by: 'system', reason: detail.reason }, now);
          await endUnfulfilled(trx, id, 'system', now);
          return orderViewIn(trx, id);
        });
        if (order) expired.push({ order, userId });
      };
      for (const row of unpaid) await expire(row, 'awaiting_payment', { reason: 'unpaid', minutes: holdMinutes });
      for (const row of unverified) await expire(row, 'awaiting_verification', { reason: 'upi_not_verified', hours: verifyHours });
      return expired;
    },

    view: (orderId: string) => orderViewIn(kysely, orderId),

    /** The id of the order a person names: its number (`1042`, `#1042`) or its id; null when there is none. */
    async findId(ref: string): Promise<string | null> {
      const number = parseOrderNumber(ref);
      const row = await (
        number === null
          ? kysely.selectFrom('orders').select('id').where('id', '=', ref.trim())
          : kysely.selectFrom('orders').select('id').where('number', '=', number)
      ).executeTakeFirst();
      return row?.id ?? null;
    },

    /**
     * The owner moves an order along its life (domain/order-lifecycle.ts). The change is
     * conditional on the status read, so of two owners (or tabs) making the same change
     * one wins and the other is told; rejecting or cancelling gives stock and slot back
     * in the same transaction, so exactly once. The audit entry is part of it too.
     */
    async setStatus(orderId: string, to: OrderStatus, actor: Actor, now = Date.now()): Promise<StatusChange> {
      return kysely.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('orders').select(['status', 'delivery_mode', 'user_id']).where('id', '=', orderId).executeTakeFirst();
        if (!row) return { ok: false, reason: 'not_found' };
        const mode = row.delivery_mode as FulfilmentMode;
        if (!canMoveOrder(row.status, to, mode)) return { ok: false, reason: 'not_allowed', status: row.status, allowed: nextStatuses(row.status, mode) };
        const moved = await trx
          .updateTable('orders')
          .set({ status: to, updated_at: now })
          .where('id', '=', orderId)
          .where('status', '=', row.status)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) {
          // changed by someone else since it was read: say what it is now
          const current = await trx.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow();
          return { ok: false, reason: 'not_allowed', status: current.status, allowed: nextStatuses(current.status, mode) };
        }
        await recordAudit(trx, { actor, action: 'order.status', subject: `order:${orderId}`, detail: { from: row.status, to } }, now);
        await outbox.record(trx, 'order.status_changed', orderId, { from: row.status, to }, now);
        if (givesStockBack(to)) await endUnfulfilled(trx, orderId, actor, now);
        else if (row.status === 'placed') await onAccepted?.(trx, orderId, now);
        return { ok: true, from: row.status as OrderStatus, to, userId: row.user_id, order: (await orderViewIn(trx, orderId))! };
      });
    },

    /** The orders for the owner, newest first: all, or those in the given statuses. */
    async listForOwner(filter: { statuses?: readonly string[]; limit?: number } = {}): Promise<OwnerOrderSummary<Minor>[]> {
      let query = ordersWithRefunds(kysely)
        .orderBy('orders.created_at', 'desc')
        .orderBy('orders.id', 'desc')
        .limit(filter.limit ?? 200);
      if (filter.statuses?.length) query = query.where('orders.status', 'in', [...filter.statuses]);
      return summariesOf(await query.execute());
    },

    /**
     * One order as the owner handles it: the summary and its history — placed, the
     * shopper's cancel request, and every owner action from the audit log with the name
     * of who did it — oldest first.
     */
    async ownerView(orderId: string): Promise<OwnerOrderView<Minor> | null> {
      const row = await ordersWithRefunds(kysely).where('orders.id', '=', orderId).executeTakeFirst();
      if (!row) return null;
      const [summary] = await summariesOf([row]);
      const audit = await kysely
        .selectFrom('audit_log')
        .leftJoin('users', 'users.id', 'audit_log.actor')
        .select(['audit_log.actor', 'audit_log.action', 'audit_log.detail', 'audit_log.created_at', 'users.name', 'users.email'])
        .where('audit_log.subject', '=', `order:${orderId}`)
        .orderBy('audit_log.created_at')
        .orderBy('audit_log.id')
        .execute();
      const history: OrderHistoryEntry[] = [
        { at: row.created_at, by: 'shopper', action: 'order.placed', detail: {} },
        ...(row.cancel_requested_at === null ? [] : [{ at: row.cancel_requested_at, by: 'shopper', action: 'order.cancel_requested', detail: {} }]),
        ...audit.map((a) => ({
          at: a.created_at,
          by: a.actor === 'cli' ? 'command line' : a.actor === 'system' ? 'system' : a.name || a.email || a.actor,
          action: a.action,
          detail: JSON.parse(a.detail) as Record<string, unknown>,
        })),
      ];
      history.sort((a, b) => a.at - b.at);
      return { ...summary!, history };
    },

    /** One of the user's own orders; null alike for a missing order and another shopper's. */
    async findForUser(orderId: string, userId: string): Promise<Order | null> {
      const row = await ordersWithRefunds(kysely).where('orders.id', '=', orderId).where('orders.user_id', '=', userId).executeTakeFirst();
      return row ? ((await viewsOf(kysely, [row]))[0] ?? null) : null;
    },

    /** The user's orders, newest first (the account screen's list). */
    async listForUser(userId: string, limit = 100): Promise<Order[]> {
      const rows = await ordersWithRefunds(kysely)
        .where('orders.user_id', '=', userId)
        .orderBy('orders.created_at', 'desc')
        .orderBy('orders.id', 'desc')
        .limit(limit)
        .execute();
      return viewsOf(kysely, rows);
    },
  };
}

export type StatusChange =
  | { ok: true; from: OrderStatus; to: OrderStatus; userId: string | null; order: Order }
  | { ok: false; reason: 'not_found' }
  | { ok: false; reason: 'not_allowed'; status: string; allowed: OrderStatus[] };

export type OrderRepository = ReturnType<typeof createOrderRepository>;
