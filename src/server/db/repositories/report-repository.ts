import { sql } from 'kysely';
import { unpaidStatuses } from '../../../domain/order-lifecycle.ts';
import { minor, type Minor } from '../../../domain/money.ts';
import type { Db } from '../database.ts';

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
  const counted = (from: number, to: number) => kysely.selectFrom('orders').where('kind', '=', 'order').where('status', 'not in', LOST).where('created_at', '>=', from).where('created_at', '<', to);
  return {
    /** Orders placed in [from, ordersTo) and bookings starting in [from, bookingsTo) that were not cancelled. */
    async figures(from: number, ordersTo: number, bookingsTo: number): Promise<DayFigures> {
      const money = await counted(from, ordersTo)
        .select((eb) => [
          eb.fn.countAll<number>().as('orders'),
          eb.fn.coalesce(eb.fn.sum<number>('grand_total_minor'), sql<number>`0`).as('sales'),
          eb.fn.coalesce(eb.fn.sum<number>(eb.case().when('payment_status', '=', 'paid').then(eb.ref('grand_total_minor')).else(0).end()), sql<number>`0`).as('paid'),
          eb.fn.coalesce(eb.fn.sum<number>(eb.case().when('payment_status', 'in', [...unpaidStatuses]).then(eb.ref('grand_total_minor')).else(0).end()), sql<number>`0`).as('to_collect'),
        ])
        .executeTakeFirstOrThrow();
      const booked = await kysely.selectFrom('appointments').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '!=', 'cancelled').where('starts_at', '>=', from).where('starts_at', '<', bookingsTo).executeTakeFirstOrThrow();
      const orders = Number(money.orders);
      const sales = Number(money.sales);
      return { orders, sales: minor(sales), paid: minor(Number(money.paid)), toCollect: minor(Number(money.to_collect)), average: minor(orders ? Math.round(sales / orders) : 0), bookings: Number(booked.n) };
    },

    /** The products that brought the most in [from, to), by what their lines came to, then by quantity. */
    async topProducts(from: number, to: number, limit: number): Promise<TopProduct[]> {
      const rows = await kysely
        .selectFrom('order_lines as l')
        .innerJoin('orders as o', 'o.id', 'l.order_id')
        .where('o.kind', '=', 'order')
        .where('o.status', 'not in', LOST)
        .where('o.created_at', '>=', from)
        .where('o.created_at', '<', to)
        // one row per product even if its title changed between orders (any of its names will do)
        .select((eb) => ['l.product_id', eb.fn.max('l.title').as('title'), eb.fn.max('l.variant_name').as('variant_name'), eb.fn.max('l.is_fraction').as('is_fraction'), eb.fn.sum<number>('l.qty_milli').as('qty'), eb.fn.sum<number>('l.total_minor').as('revenue')])
        .groupBy('l.product_id')
        .orderBy('revenue', 'desc')
        .orderBy('qty', 'desc')
        .orderBy('l.product_id')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ productId: r.product_id, title: r.title, variantName: r.variant_name, isFraction: Boolean(r.is_fraction), qtyMilli: Number(r.qty), revenue: minor(Number(r.revenue)) }));
    },

    /** Every line of the orders placed in [from, to), cancelled and rejected ones too (their status says so), oldest first. */
    async salesLines(from: number, to: number): Promise<SalesLine[]> {
      const rows = await kysely
        .selectFrom('order_lines as l')
        .innerJoin('orders as o', 'o.id', 'l.order_id')
        .where('o.kind', '=', 'order')
        .where('o.created_at', '>=', from)
        .where('o.created_at', '<', to)
        .select(['o.created_at', 'o.number', 'o.status', 'o.payment_type', 'o.payment_status', 'l.title', 'l.variant_name', 'l.qty_milli', 'l.is_fraction', 'l.unit_price_minor', 'l.total_minor', 'l.tax_minor'])
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
      const rows = await kysely.selectFrom('newsletter_subscribers').select(['email', 'confirmed_at']).where('confirmed_at', 'is not', null).orderBy('confirmed_at').orderBy('email').execute();
      return rows.map((r) => ({ email: r.email, confirmedAt: Number(r.confirmed_at) }));
    },
  };
}

export type ReportRepository = ReturnType<typeof createReportRepository>;
