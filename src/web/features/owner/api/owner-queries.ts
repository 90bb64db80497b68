import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { orderFromApi, type OwnerOrderView } from '../../../../domain/order-view.ts';
import type { OrderStatus } from '../../../../domain/order-lifecycle.ts';
import type { ApiResult } from '../../../lib/api.ts';
import { askedOnShow, queryClient } from '../../../lib/query-client.ts';
import { usePriceFormat } from '../../../lib/use-shop.ts';
import { alertsAreOn } from '../lib/alerts.ts';
import {
  couponFromApi,
  customerFromApi,
  daysFromApi,
  ownerApi,
  todayFromApi,
  type OwnerCoupon,
  type OwnerCustomer,
  type BoardFilter,
  type OwnerOrder,
  type SalesDays,
  type TodayReport,
} from './owner-api.ts';

/**
 * The owner's server data, one way (TanStack Query): each screen reads a query, the
 * routes' clientLoaders start it, the live feed and the owner's own changes mark it
 * stale. Any change to an order or a booking refetches what shows it.
 */

/** A call that did not answer 2xx: its status (404: not the owner, or no such order) and the server's words. */
export class OwnerCallFailed extends Error {
  constructor(
    readonly status: number,
    message: string | undefined,
  ) {
    super(message ?? `HTTP ${status}`);
  }
}

async function unwrap<T>(call: Promise<ApiResult<T>>): Promise<T> {
  const res = await call;
  if (!res.ok) throw new OwnerCallFailed(res.status, res.error?.message);
  return res.data;
}

const ownerKeys = {
  all: ['owner'] as const,
  orders: ['owner', 'orders'] as const,
  order: (id: string) => ['owner', 'order', id] as const,
  bookings: ['owner', 'bookings'] as const,
  coupons: ['owner', 'coupons'] as const,
  reviews: ['owner', 'reviews'] as const,
  today: ['owner', 'today'] as const,
  days: ['owner', 'days'] as const,
  products: ['owner', 'products'] as const,
  customers: ['owner', 'customers'] as const,
  shopFront: ['owner', 'shop-front'] as const,
  config: ['owner', 'config'] as const,
  bankAlerts: ['owner', 'bank-alerts'] as const,
  whatsapp: ['owner', 'whatsapp-messages'] as const,
  tables: ['owner', 'tables'] as const,
};

// a 404 is an answer (no such order, or not the owner), not a hiccup to retry
const retry = (count: number, error: unknown) => !(error instanceof OwnerCallFailed && error.status > 0 && error.status < 500) && count < 1;

/**
 * Whether the shop takes orders, asked per user: the answer as it came, since a 404 is how
 * the page learns the user is not the owner.
 */
export const storeQuery = (userId: string | null) =>
  queryOptions({ queryKey: ['owner', 'store', userId], queryFn: () => ownerApi.store(), staleTime: Infinity, retry: false });

/** The config file's state, asked again every 30 s: a fix made in the file shows here without a reload of the page. */
export const configStatusQuery = () => queryOptions({ queryKey: ownerKeys.config, queryFn: () => unwrap(ownerApi.config()), retry, refetchInterval: 30_000 });

const ordersQuery = (filter: BoardFilter) =>
  queryOptions({ queryKey: [...ownerKeys.orders, filter], queryFn: () => unwrap(ownerApi.orders(filter)).then((d) => d.orders), retry });

export const orderQuery = (id: string) => queryOptions({ queryKey: ownerKeys.order(id), queryFn: () => unwrap(ownerApi.order(id)), retry });

export const invoiceQuery = (id: string) => queryOptions({ queryKey: [...ownerKeys.order(id), 'invoice'], queryFn: () => unwrap(ownerApi.invoice(id)), retry });

const couponsQuery = () => queryOptions({ queryKey: ownerKeys.coupons, queryFn: () => unwrap(ownerApi.coupons()).then((d) => d.coupons), retry });

export const reviewsQuery = () => queryOptions({ queryKey: ownerKeys.reviews, queryFn: () => unwrap(ownerApi.reviews()).then((d) => d.reviews), retry });

const todayQuery = () => queryOptions({ queryKey: ownerKeys.today, queryFn: () => unwrap(ownerApi.today()), retry });

/** The forwarded bank alerts (issue 39): a paid event may come from one, so they follow the orders. */
export const bankAlertsQuery = () =>
  queryOptions({ queryKey: ownerKeys.bankAlerts, queryFn: () => unwrap(ownerApi.bankAlerts()).then((d) => d.alerts), retry });

/** The customers' WhatsApp messages (issue 40): one may come about any order, so they follow the orders. */
export const whatsappMessagesQuery = () =>
  queryOptions({ queryKey: ownerKeys.whatsapp, queryFn: () => unwrap(ownerApi.whatsappMessages()).then((d) => d.messages), retry });

const salesDaysQuery = () => queryOptions({ queryKey: ownerKeys.days, queryFn: () => unwrap(ownerApi.days()), retry });

export const productsQuery = (q: string, category: string) =>
  queryOptions({ queryKey: [...ownerKeys.products, q, category], queryFn: () => unwrap(ownerApi.products(q, category)), retry });

export const shopFrontQuery = () => queryOptions({ queryKey: ownerKeys.shopFront, queryFn: () => unwrap(ownerApi.shopFront()), retry });

const customersQuery = (q: string) =>
  queryOptions({ queryKey: [...ownerKeys.customers, q], queryFn: () => unwrap(ownerApi.customers(q)).then((d) => d.customers), retry });

export const bookingsDayQuery = (date: string | undefined) =>
  queryOptions({ queryKey: [...ownerKeys.bookings, 'day', date ?? 'today'], queryFn: () => unwrap(ownerApi.appointments(date)), retry });

export const upcomingBookingsQuery = () =>
  queryOptions({ queryKey: [...ownerKeys.bookings, 'upcoming'], queryFn: () => unwrap(ownerApi.upcomingAppointments()).then((d) => d.appointments), retry });

/** The shop's tables and their codes (issue 41). */
export const tablesQuery = () => queryOptions({ queryKey: ownerKeys.tables, queryFn: () => unwrap(ownerApi.tables()), retry });

/** The stock list for the words: asked once per search, as the stock section always did (no retry, no refetch on focus). */
export const stockQuery = (q: string) => queryOptions({ queryKey: ['owner', 'stock', q], queryFn: () => unwrap(ownerApi.stock(q)), ...askedOnShow });

/** Whether this browser gets the owner's alerts (the permission, the push subscription and the server's word), asked each time the switch shows. */
export const alertsOnQuery = () => queryOptions({ queryKey: ['owner-alerts-on'], queryFn: alertsAreOn, ...askedOnShow });

// the Today panel and the 30-day chart count orders and bookings, so they follow both; the customers and the tables' bills count orders
const groups = {
  orders: [
    ownerKeys.orders,
    ['owner', 'order'],
    ownerKeys.today,
    ownerKeys.days,
    ownerKeys.customers,
    ownerKeys.bankAlerts,
    ownerKeys.whatsapp,
    ownerKeys.tables,
  ],
  bookings: [ownerKeys.bookings, ownerKeys.today, ownerKeys.days],
  coupons: [ownerKeys.coupons],
  reviews: [ownerKeys.reviews],
  tables: [ownerKeys.tables],
  products: [ownerKeys.products],
  shopFront: [ownerKeys.shopFront, ownerKeys.products],
  all: [ownerKeys.all],
} as const;

/** After a change or an event: what shows it is fetched again (now if on screen, else when shown). */
export const refreshOwnerData = (what: keyof typeof groups = 'all') => Promise.all(groups[what].map((queryKey) => queryClient.invalidateQueries({ queryKey })));

export { queryClient };

/*
 * The screens' reads of the queries with money: the cache keeps the answers as they came, and
 * each read decodes its money to minor units once per answer (`select`, kept while the shop's
 * digits are; decision 082), so every price on the page is written by useFormatPrice from minor units.
 */
const useDigits = () => usePriceFormat().fractionDigits;

/** The board's orders as filtered (nothing: the newest 200); the last list stays on screen while the next is asked. */
export function useOwnerOrders(filter: BoardFilter = {}) {
  const digits = useDigits();
  const select = useCallback((orders: OwnerOrder[]) => orders.map((o) => orderFromApi(o, digits)), [digits]);
  return useQuery({ ...ordersQuery(filter), select, placeholderData: keepPreviousData }, queryClient);
}

export function useOwnerOrder(id: string) {
  const digits = useDigits();
  const select = useCallback((d: { order: OwnerOrderView; next: OrderStatus[] }) => ({ ...d, order: orderFromApi(d.order, digits) }), [digits]);
  return useQuery({ ...orderQuery(id), select }, queryClient);
}

export function useToday() {
  const digits = useDigits();
  const select = useCallback((r: TodayReport) => todayFromApi(r, digits), [digits]);
  return useQuery({ ...todayQuery(), select }, queryClient);
}

export function useSalesDays() {
  const digits = useDigits();
  const select = useCallback((r: SalesDays) => daysFromApi(r, digits), [digits]);
  return useQuery({ ...salesDaysQuery(), select }, queryClient);
}

/** The customers matching `q`, the last list kept on screen while the next is asked. */
export function useCustomers(q: string) {
  const digits = useDigits();
  const select = useCallback((list: OwnerCustomer[]) => list.map((c) => customerFromApi(c, digits)), [digits]);
  return useQuery({ ...customersQuery(q), placeholderData: keepPreviousData, select }, queryClient);
}

export function useCoupons() {
  const digits = useDigits();
  const select = useCallback((list: OwnerCoupon[]) => list.map((c) => couponFromApi(c, digits)), [digits]);
  return useQuery({ ...couponsQuery(), select }, queryClient);
}
