import { createHash } from 'node:crypto';
import { sql, type Compilable } from 'kysely';
import { ulid } from 'ulid';
import type { OrderRequest } from '../../../domain/order.ts';
import { orderCouponOf, type Coupon } from '../../../domain/coupons.ts';
import { customerIdentity, type CustomerIdentity } from '../../../domain/customer-identity.ts';
import { priceOrder, unpaidLimitFor, shortagesOf, type OrderableProduct, type OrderRefusal, type PricedOrder } from '../../../domain/order-pricing.ts';
import { orderRecord } from '../../../domain/order-record.ts';
import { isDigitalType } from '../../../domain/cart-rules.ts';
import { orderingClosed } from '../../../domain/ordering-hours.ts';
import { minor, toMinor, type Minor } from '../../../domain/money.ts';
import type { ShopConfig } from '../../../domain/shop-config.ts';
import type { Db } from '../database.ts';
import { pooledRandom, pooledRandomBytes } from '../random.ts';
import { countsPerCustomer, customerProblem, findCoupon, redeemCoupon, shopperKeys } from './coupon-repository.ts';
import { knownCustomerQuery, namesSomebody, slotPlacesHeld, unpaidHeldQuery } from './customer-holds.ts';
import { claimStatement, heldClaim, readClaim, sweepKeys } from './idempotency-repository.ts';
import { keyedInWrites, type KeyedIn } from './keyed-in-writes.ts';
import { joinTableBill, type OnBillSettled } from './table-bill-repository.ts';
import type { OrderOutbox } from './order-outbox.ts';
import type { OnAccepted } from './order-owner-queries.ts';
import type { Reader } from './order-views.ts';
import { placeOnPostgres } from './placement-postgres.ts';
import { placeOnSqlite } from './placement-sqlite.ts';
import { Refused, type KeyAnswer, type Placed, type PlaceRefusal, type SlotPlace } from './placement-writes.ts';
import { storeIsOpen, storeSwitch } from './store-repository.ts';

export type PlaceResult = Placed | PlaceRefusal;

/** What the checkout's quote answers: the order as it would be priced now, or why it would be refused. */
export type QuoteResult = { ok: true; priced: PricedOrder } | ({ ok: false } & OrderRefusal);

/** PostgreSQL: the order's Idempotency-Key is taken (its claim, run with the products' read, returned nothing). */
class KeyTaken extends Error {}

const newOrderId = (now: number) => ulid(now, pooledRandom);

/** 24 characters of base64url: 144 random bits (spec §9: a 24-character id alphabet). */
const newNotificationToken = () => pooledRandomBytes(18).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

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
  { claim, keyedIn = false }: { claim?: Compilable | undefined; keyedIn?: boolean } = {},
): Promise<QuoteResult & { coupon?: Coupon; shopper?: string[] }> {
  const ids = [...new Set(request.order.items.map((i) => i.id))];
  const code = couponCodeOf(request);
  // an enquiry takes no payment: capped as one not paid through a gateway, whatever the request says;
  // the shop's own order (keyed in on /admin) is capped by nobody
  const limit = keyedIn ? minor(0) : unpaidLimitFor(shop, shop.orderConfig.orderEnabled ? request.order.paymentType : null);
  const capped = limit > 0 ? { who: customerIdentity(userId, request.order.personalDetails), account: userId !== null } : undefined;
  const [{ open, products, holds }, found] = await Promise.all([orderableProducts(trx, ids, now, claim, capped), code ? findCoupon(trx, code, now) : null]);
  // the owner's switch first, then the ordering hours: they close the storefront, not the shop's own counter
  if (!open && !keyedIn) return { ok: false, reason: 'store_closed' };
  const closed = !keyedIn && orderingClosed(shop, now);
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

/**
 * Placing an order, and the checkout's quote of one. `place` reads as its steps: the key
 * claimed, the order priced and checked, what it keeps built (`domain/order-record.ts`),
 * written by the database's writer (`placement-sqlite.ts`, `placement-postgres.ts`), the
 * coupon redeemed and the event recorded, all in one transaction.
 */
export function createPlacement(
  db: Db,
  { outbox, onAccepted, onBillSettled }: { outbox: OrderOutbox; onAccepted: OnAccepted | undefined; onBillSettled: OnBillSettled | undefined },
) {
  const { kysely } = db;
  return {
    /**
     * Places an order in one transaction: priced by the domain's rules from the database's
     * products (`priceRequest`, as the quote is), stock taken with one `UPDATE … WHERE stock >= qty`
     * for all the lines (so the last unit sells once, on either database), a place in the delivery slot
     * taken, the coupon used once, then the order, its lines and totals written and the
     * catalog marked changed. Any refusal rolls all of it back. With `key` (the
     * Idempotency-Key), the key is claimed first in the same transaction — a key already used
     * answers with its claim and nothing is written — and its answer (`key.answer` of the
     * order placed) is stored with the order. The answer is built from what was written
     * (`orderRows`, `viewOfRows`), not read back. On SQLite the transaction shares its commit
     * with the orders placed at the same moment (`Db.write`), answered once that commit is
     * synced; the writes are statements of their own (`placeOnSqlite`). On PostgreSQL the steps
     * share statements (decisions 062, 065): the key's claim with the products' read, then the
     * stock, the order's number, the order, its lines and totals, the catalog version and the
     * key's answer in one statement (`placeOnPostgres`) — the last before the commit, so the rows
     * every order locks (its products' stock, the number) are held for one statement and the commit.
     */
    async place(
      request: OrderRequest,
      shop: ShopConfig,
      options: {
        now?: number;
        userId?: string | null;
        /** The delivery slot the order takes a place in (checked open by the caller), with how the order shows it. */
        slot?: SlotPlace | undefined;
        /** The caller checked the details as a digital order's (`isDigitalOnly`): refused if the products say otherwise now. */
        digital?: boolean;
        key?: KeyAnswer | undefined;
        /** The shop keyed it in on /admin (issue 41): not held to the storefront's hours, switch and caps; its payment and hand-over written with it. */
        keyedIn?: KeyedIn | undefined;
      } = {},
    ): Promise<PlaceResult> {
      const now = options.now ?? Date.now();
      const { order } = request;
      const userId = options.userId ?? null;
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
          const customer = customerIdentity(userId, order.personalDetails);
          const { keyedIn } = options;
          const claim = key && pg ? claimStatement(trx, key, now) : undefined;
          const quoted = await priceRequest(trx, request, shop, userId, now, { claim, keyedIn: !!keyedIn }).catch(async (err: unknown) => {
            if (err instanceof KeyTaken && key) throw new Refused({ ok: false, reason: 'key_used', claim: await heldClaim(trx, key) });
            throw err;
          });
          if (!quoted.ok) throw new Refused(quoted);
          const { priced } = quoted;
          if (options.digital && !priced.digital) throw new Refused({ ok: false, reason: 'needs_delivery' });
          // the shopper agreed to the total they were shown, not to another one
          const shown = order.quotedTotal;
          if (shown != null && toMinor(shown, shop.localeConfig.fractionDigits) !== priced.totals.grandTotal)
            throw new Refused({ ok: false, reason: 'price_changed', priced });

          // nothing is delivered for a digital order, so it takes no place in a slot, whatever it named
          const slot = priced.digital ? undefined : options.slot;
          const token = newNotificationToken();
          const record = orderRecord({
            request: order,
            priced,
            shop,
            id: newOrderId(now),
            now,
            userId,
            customer,
            tokenHash: hashToken(token),
            slot: slot?.view,
            couponCode: quoted.coupon?.code ?? null,
            keyedIn,
          });
          // SQLite: the stock, the slot and the number each now; PostgreSQL: in the order's last statement, so the hot rows
          // (the stock, the number) stay locked for less (decision 065), and the slot after it
          const write = { record, lines: priced.lines, token, slot, key, shop };
          const placed = pg ? await placeOnPostgres(trx, write) : await placeOnSqlite(trx, write);

          if (quoted.coupon) {
            // used in the order's transaction: refused, the whole order is rolled back
            const problem = await redeemCoupon(trx, quoted.coupon, record.id, { key: customer.key, keys: quoted.shopper ?? [] }, now);
            if (problem) throw new Refused({ ok: false, reason: 'coupon', problem });
          }
          // the account's answer to "Send me updates on WhatsApp" is where its next checkout starts
          if (userId && order.whatsappUpdates !== undefined)
            await trx
              .updateTable('users')
              .set({ whatsapp_updates: order.whatsappUpdates ? 1 : 0 })
              .where('id', '=', userId)
              .execute();
          await outbox.record(trx, 'order.placed', record.id, {}, now, placed.order, token);
          // a dine-in order at one of the shop's tables is a round of the table's bill (issue 41), before its invoice is thought of
          const table = placed.order.deliveryMode === 'dine' ? placed.order.details.dineInDetails?.spaceId : undefined;
          if (table && shop.dineSpaces.some((s) => s.id === table))
            await joinTableBill(trx, { orderId: record.id, spaceId: table, postgres: pg, onSettled: onBillSettled }, now);
          if (keyedIn) await keyedInWrites(trx, placed.order, keyedIn, { outbox, onAccepted }, now);
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
        keyedIn = false,
      }: { slot?: { resource: string; start: number; capacity: number } | undefined; userId?: string | null; now?: number; keyedIn?: boolean } = {},
    ): Promise<QuoteResult> {
      const quoted = await priceRequest(kysely, request, shop, userId ?? null, now, { keyedIn });
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
  };
}
