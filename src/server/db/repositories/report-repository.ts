import { sql, type ExpressionBuilder } from 'kysely';
import { unpaidStatuses } from '../../../domain/order-lifecycle.ts';
import { minor, type Minor } from '../../../domain/money.ts';
import type { Db } from '../database.ts';
import type { Database } from '../schema.ts';

/** What a stretch of time brought: orders that count (not cancelled or rejected, not enquiries), their money, and bookings. */
export type DayFigures = { orders: number; sales: Minor; paid: Minor; toCollect: Minor; average: Minor; bookings: number };

/** One line of an order, with its order, for the sales report. */
export type SalesLine = {
  createdAt: number;
  number: number;
  status: string;
  paymentType: string | null;
  paymentStatus: string;
  title: string;
  variantName: string;
  qtyMilli: number;
  isFraction: boolean;
  unitPrice: Minor;
  total: Minor;
  tax: Minor;
};

/** A product's share of a stretch of time: quantity in thousandths (grams for one sold by weight) and what its lines came to. */
export type TopProduct = { productId: string; title: string; variantName: string; isFraction: boolean; qtyMilli: number; revenue: Minor };

// an order the shop lost (rejected, cancelled) is not a sale, whatever was paid and refunded
const LOST = ['cancelled', 'rejected'];

/**
 * The owner's figures (issue 21), read straight from orders, order_lines and appointments
 * with aggregates, the same on both databases. Instants are UTC epoch milliseconds; the
 * caller turns the shop's days into them.
 */
export function createReportRepository(db: Db) {
  const { kysely } = db;
  const counted = (from: number, to: number) =>
    kysely.selectFrom('orders').where('kind', '=', 'order').where('status', 'not in', LOST).where('created_at', '>=', from).where('created_at', '<', to);
  // what a set of counted orders came to: the Today panel and the 30 days add up alike, so today's bar is Today's sales
  const money = (eb: ExpressionBuilder<Database, 'orders'>) => [
    eb.fn.countAll<number>().as('orders'),
    eb.fn.coalesce(eb.fn.sum<number>('grand_total_minor'), sql<number>`0`).as('sales'),
    eb.fn.coalesce(eb.fn.sum<number>(eb.case().when('payment_status', '=', 'paid').then(eb.ref('grand_total_minor')).else(0).end()), sql<number>`0`).as('paid'),
    eb.fn
      .coalesce(
        eb.fn.sum<number>(
          eb
            .case()
            .when('payment_status', 'in', [...unpaidStatuses])
            .then(eb.ref('grand_total_minor'))
            .else(0)
            .end(),
        ),
        sql<number>`0`,
      )
      .as('to_collect'),
  ];
  // the lines of the orders placed in [from, to), cancelled and rejected ones too
  const linesPlaced = (from: number, to: number) =>
    kysely
      .selectFrom('order_lines as l')
      .innerJoin('orders as o', 'o.id', 'l.order_id')
      .where('o.kind', '=', 'order')
      .where('o.created_at', '>=', from)
      .where('o.created_at', '<', to);
  const booked = (from: number, to: number) =>
    kysely.selectFrom('appointments').where('status', '!=', 'cancelled').where('starts_at', '>=', from).where('starts_at', '<', to);
  const dayFigures = (m: { orders: unknown; sales: unknown; paid: unknown; to_collect: unknown } | undefined, bookings: number): DayFigures => {
    const orders = Number(m?.orders ?? 0);
    const sales = Number(m?.sales ?? 0);
    return {
      orders,
      sales: minor(sales),
      paid: minor(Number(m?.paid ?? 0)),
      toCollect: minor(Number(m?.to_collect ?? 0)),
      average: minor(orders ? Math.round(sales / orders) : 0),
      bookings,
    };
  };
  return {
    /** Orders placed in [from, ordersTo) and bookings starting in [from, bookingsTo) that were not cancelled. */
    async figures(from: number, ordersTo: number, bookingsTo: number): Promise<DayFigures> {
      const m = await counted(from, ordersTo).select(money).executeTakeFirstOrThrow();
      const b = await booked(from, bookingsTo)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return dayFigures(m, Number(b.n));
    },

    /**
     * The figures of consecutive days, one entry per day, empty days included. `bounds` are the
     * days' first instants followed by the end of the last day, ascending; the shop's days are not
     * all 24 hours long where the clocks change, so each row is put in its day by comparing it with
     * the bounds (`case when created_at < b1 then 0 when created_at < b2 then 1 …`), the same
     * grouping on both databases.
     */
    async days(bounds: readonly number[]): Promise<DayFigures[]> {
      const from = bounds[0]!;
      const to = bounds.at(-1)!;
      const dayOf = (column: 'created_at' | 'starts_at') =>
        sql<number>`case ${sql.join(
          bounds.slice(1).map((end, i) => sql`when ${sql.ref(column)} < ${end} then ${sql.lit(i)}`),
          sql` `,
        )} end`;
      const [moneyRows, bookingRows] = await Promise.all([
        counted(from, to)
          .select((eb) => [dayOf('created_at').as('shop_day'), ...money(eb)])
          .groupBy(sql`shop_day`)
          .execute(),
        booked(from, to)
          .select((eb) => [dayOf('starts_at').as('shop_day'), eb.fn.countAll<number>().as('n')])
          .groupBy(sql`shop_day`)
          .execute(),
      ]);
      const byDay = new Map(moneyRows.map((r) => [Number(r.shop_day), r]));
      const bookingsByDay = new Map(bookingRows.map((r) => [Number(r.shop_day), Number(r.n)]));
      return bounds.slice(1).map((_, i) => dayFigures(byDay.get(i), bookingsByDay.get(i) ?? 0));
    },

    /** The products that brought the most in [from, to), by what their lines came to, then by quantity. */
    async topProducts(from: number, to: number, limit: number): Promise<TopProduct[]> {
      const rows = await linesPlaced(from, to)
        .where('o.status', 'not in', LOST)
        // one row per product even if its title changed between orders (any of its names will do)
        .select((eb) => [
          'l.product_id',
          eb.fn.max('l.title').as('title'),
          eb.fn.max('l.variant_name').as('variant_name'),
          eb.fn.max('l.is_fraction').as('is_fraction'),
          eb.fn.sum<number>('l.qty_milli').as('qty'),
          eb.fn.sum<number>('l.total_minor').as('revenue'),
        ])
        .groupBy('l.product_id')
        .orderBy('revenue', 'desc')
        .orderBy('qty', 'desc')
        .orderBy('l.product_id')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        productId: r.product_id,
        title: r.title,
        variantName: r.variant_name,
        isFraction: Boolean(r.is_fraction),
        qtyMilli: Number(r.qty),
        revenue: minor(Number(r.revenue)),
      }));
    },

    /** Every line of the orders placed in [from, to), cancelled and rejected ones too (their status says so), oldest first. */
    async salesLines(from: number, to: number): Promise<SalesLine[]> {
      const rows = await linesPlaced(from, to)
        .select([
          'o.created_at',
          'o.number',
          'o.status',
          'o.payment_type',
          'o.payment_status',
          'l.title',
          'l.variant_name',
          'l.qty_milli',
          'l.is_fraction',
          'l.unit_price_minor',
          'l.total_minor',
          'l.tax_minor',
        ])
        .orderBy('o.created_at')
        .orderBy('o.number')
        .orderBy('l.line_no')
        .execute();
      return rows.map((r) => ({
        createdAt: Number(r.created_at),
        number: Number(r.number),
        status: r.status,
        paymentType: r.payment_type,
        paymentStatus: r.payment_status,
        title: r.title,
        variantName: r.variant_name,
        qtyMilli: Number(r.qty_milli),
        isFraction: Boolean(r.is_fraction),
        unitPrice: minor(Number(r.unit_price_minor)),
        total: minor(Number(r.total_minor)),
        tax: minor(Number(r.tax_minor)),
      }));
    },

    /** The newsletter's confirmed addresses, in the order they confirmed. */
    async confirmedSubscribers(): Promise<Array<{ email: string; confirmedAt: number }>> {
      const rows = await kysely
        .selectFrom('newsletter_subscribers')
        .select(['email', 'confirmed_at'])
        .where('confirmed_at', 'is not', null)
        .orderBy('confirmed_at')
        .orderBy('email')
        .execute();
      return rows.map((r) => ({ email: r.email, confirmedAt: Number(r.confirmed_at) }));
    },
  };
}

export type ReportRepository = ReturnType<typeof createReportRepository>;
