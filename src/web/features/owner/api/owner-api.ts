import type { BookingOutcome, OwnerAppointmentView } from '../../../../domain/booking.ts';
import type { Banner, Product } from '../../../../domain/catalog.ts';
import type { Coupon } from '../../../../domain/coupons.ts';
import type { Customer } from '../../../../domain/customer.ts';
import type { ProductCreateInput, ProductEdit } from '../../../../domain/product-edit.ts';
import type { BannerCreateInput, BannerEdit, CategoryCreateInput, CategoryEdit } from '../../../../domain/shop-front.ts';
import type { OrderStatus } from '../../../../domain/order-lifecycle.ts';
import { toMinor, type Minor } from '../../../../domain/money.ts';
import type { OrderView, OwnerOrderSummary, OwnerOrderView } from '../../../../domain/order-view.ts';
import type { KeyedInOrder } from '../../../../domain/order.ts';
import type { OrderChannel } from '../../../../domain/order-channels.ts';
import type { ApiTotalsLine } from '../../../../domain/totals.ts';
import { deleteJson, getBlob, getJson, postFile, postJson, type ApiResult } from '../../../lib/api.ts';
import { accessTokenExpired, asUser, refreshSession, useSession } from '../../../lib/session.ts';
import type { PushSubscriptionJson } from '../../../../domain/push-subscription.ts';

/** An order on the owner's board. */
export type OwnerOrder = OwnerOrderSummary;

/** What `POST /admin/api/orders` takes (issue 41): the shop's order call's body, its channel, the payment taken and whether it is handed over at once. */
export type KeyedInOrderBody = Omit<KeyedInOrder, 'userId'>;

/** A keyed-in order's quote (money as decimals), with the shop's UPI QR for its total when asked. */
export type KeyedInQuote = {
  lines: Array<{ productId: string; title: string; variantName: string; qty: number; isFraction: boolean; total: number }>;
  totals: ApiTotalsLine[];
  grandTotal: number;
  upi?: { link: string; qrSvg: string; payee: { vpa: string; payeeName: string } };
};

/** What the board is filtered by (GET /admin/api/orders): an order number, name or phone; the shop's day; the channel; paid or not. */
export type BoardFilter = { q?: string; day?: string; channel?: OrderChannel | ''; payment?: 'paid' | 'unpaid' | '' };

/** A product in the owner's stock list. */
export type StockLine = { variantId: string; title: string; variantName: string; stock: number; isFraction: boolean };

/** A coupon as /admin shows it (owner-coupon-routes.ts): amounts as decimals (`M`: minor units once decoded), instants as ISO. */
export type OwnerCoupon<M = number> = Pick<Coupon, 'code' | 'totalUses' | 'usesPerCustomer' | 'firstOrderOnly' | 'active' | 'used' | 'source'> & {
  percent: number | null;
  amount: M | null;
  minOrder: M | null;
  maxDiscount: M | null;
  validFrom: string | null;
  validUntil: string | null;
};

/** What the coupon form sends: a percent or an amount, and the rules (null: none). */
export type CouponForm = {
  code: string;
  percent?: number;
  amount?: number;
  minOrder: number | null;
  maxDiscount: number | null;
  validFrom?: string | null;
  validUntil: string | null;
  totalUses: number | null;
  usesPerCustomer: number | null;
  firstOrderOnly: boolean;
  active: boolean;
};

/** A review on /admin (owner-review-routes.ts): of which product, and whether the owner hid it. */
export type OwnerReview = {
  id: string;
  itemId: string;
  productTitle: string;
  variantId: string | null;
  author: string;
  rating: number;
  text: string;
  createdAt: number;
  hidden: boolean;
};

/** What a day brought (owner-report-routes.ts): orders that count, money as decimals (`M`: minor units once decoded), bookings not cancelled. */
export type DayFigures<M = number> = { orders: number; sales: M; paid: M; toCollect: M; average: M; bookings: number };

/** Today in the shop's time zone, its best sellers, and the same weekday last week until the same time. */
export type TodayReport<M = number> = {
  date: string;
  lastWeekDate: string;
  today: DayFigures<M> & { top: Array<{ productId: string; title: string; variantName: string; isFraction: boolean; quantity: number; revenue: M }> };
  lastWeek: DayFigures<M>;
};

/** One day of the sales chart (owner-report-routes.ts): counted as the Today panel counts, money as decimals (`M`: minor units once decoded). */
export type SalesDay<M = number> = { date: string; orders: number; sales: M; paid: M; toCollect: M; bookings: number };

/** The last 30 days in the shop's time zone, oldest first (today the last), and what they came to together. */
export type SalesDays<M = number> = { days: SalesDay<M>[]; total: Omit<SalesDay<M>, 'date'> };

/** A shopper or guest contact (owner-customer-routes.ts): what they spent as a decimal (`M`: minor units once decoded). */
export type OwnerCustomer<M = number> = Omit<Customer, 'spent'> & { spent: M };

/*
 * The owner's answers with their money in minor units again: decoded once per answer, where it
 * enters the pages (the queries' `select` in owner-queries.ts; decision 082).
 */
const figuresFromApi = <T extends DayFigures>(f: T, digits: number) => ({
  ...f,
  sales: toMinor(f.sales, digits),
  paid: toMinor(f.paid, digits),
  toCollect: toMinor(f.toCollect, digits),
  average: toMinor(f.average, digits),
});

export const todayFromApi = (r: TodayReport, digits: number): TodayReport<Minor> => ({
  ...r,
  today: { ...figuresFromApi(r.today, digits), top: r.today.top.map((p) => ({ ...p, revenue: toMinor(p.revenue, digits) })) },
  lastWeek: figuresFromApi(r.lastWeek, digits),
});

const dayFromApi = <T extends Omit<SalesDay, 'date'>>(d: T, digits: number) => ({
  ...d,
  sales: toMinor(d.sales, digits),
  paid: toMinor(d.paid, digits),
  toCollect: toMinor(d.toCollect, digits),
});

export const daysFromApi = (r: SalesDays, digits: number): SalesDays<Minor> => ({
  days: r.days.map((d) => dayFromApi(d, digits)),
  total: dayFromApi(r.total, digits),
});

export const customerFromApi = (c: OwnerCustomer, digits: number): OwnerCustomer<Minor> => ({ ...c, spent: toMinor(c.spent, digits) });

export const couponFromApi = (c: OwnerCoupon, digits: number): OwnerCoupon<Minor> => {
  const money = (d: number | null) => (d === null ? null : toMinor(d, digits));
  return { ...c, amount: money(c.amount), minOrder: money(c.minOrder), maxDiscount: money(c.maxDiscount) };
};

/** A variant in the owner's product list (owner-product-routes.ts), hidden ones too, with the owner's marks. */
export type OwnerProduct = Omit<Product, 'hidden' | 'madeToOrder'> & { hidden: boolean; madeToOrder: boolean; soldOutUntil: number | null };

/** A product's photo as the catalog keeps it. */
export type ProductImage = Product['images'][number];

/** What the marks call changes: on this variant, or with allVariants on every variant of the product. */
export type ProductMarks = { hidden?: boolean; tracksStock?: boolean; soldOutToday?: boolean; allVariants?: boolean };

/** A category on /admin (owner-shop-front-routes.ts), with how many products are in it. */
export type OwnerCategory = { id: string; name: string; colour: string; image: string; position: number; products: number };

/** A banner on /admin, with its schedule as the owner wrote it (dates in the shop's time zone; null: no bound). */
export type OwnerBanner = Omit<Banner, 'position'> & { position: number; from: string | null; until: string | null };

/** Whether the shop runs on its config file, and what is wrong with the file (owner-config-routes.ts; decision 048). */
export type ConfigStatus = { state: 'ok' | 'last-good' | 'none'; file: string | null; problems: Array<{ path: string; message: string; hint?: string }> };

const product = (variantId: string) => `/admin/api/products/${encodeURIComponent(variantId)}`;

const order = (id: string) => `/admin/api/orders/${encodeURIComponent(id)}`;

/** The owner's calls (decision 024); a 404 means the logged-in user is not the owner. */
/** A forwarded bank alert as /admin/api/bank-alerts answers it: `amount` in the shop's decimals, null when the alert was no credit. */
/** A customer's WhatsApp message (issue 40): with its order, if any, and until when a free reply is open. */
export type OwnerWhatsAppMessage = {
  id: string;
  from: string;
  name: string | null;
  text: string;
  receivedAt: number;
  orderId: string | null;
  orderNumber: number | null;
  replyUntil: number | null;
};

export type OwnerBankAlert = {
  id: string;
  receivedAt: number;
  sender: string | null;
  text: string;
  amount: number | null;
  utr: string | null;
  outcome: 'matched' | 'several_orders' | 'no_order' | 'not_a_credit' | 'seen_before' | 'not_marked';
  reason: string | null;
  orderId: string | null;
  orderNumber: number | null;
};

/** A table's open bill (issue 41): its rounds, what they come to and what is still to pay, in the API's decimals. */
export type OwnerBill = {
  id: string;
  openedAt: number;
  total: number;
  due: number;
  rounds: Array<{ id: string; number: number; status: OrderStatus; paymentStatus: string; paymentType: string | null; total: number; createdAt: number }>;
};

/** GET /admin/api/tables: the dine spaces of the config with their codes and open bills. */
export type OwnerTables = { codesAsked: boolean; tables: Array<{ id: string; name: string; code: string | null; bill: OwnerBill | null }> };

export const ownerApi = {
  orders: (filter: BoardFilter = {}) =>
    asUser((headers) =>
      getJson<{ orders: OwnerOrder[] }>(
        `/admin/api/orders?${new URLSearchParams(Object.entries(filter).filter(([, v]) => v) as [string, string][]).toString()}`,
        headers,
      ),
    ),
  /** One order in full, with where it may go next. */
  order: (id: string) => asUser((headers) => getJson<{ order: OwnerOrderView; next: OrderStatus[] }>(order(id), headers)),
  /** The order's tax invoice as the server draws it (404 before the shop accepts it, or without a GSTIN). */
  invoice: (id: string) => asUser((headers) => getJson<{ number: string; html: string }>(`${order(id)}/invoice`, headers)),
  /** What an order the shop keys in would charge now (issue 41), with the shop's UPI QR for the total when paid by UPI. */
  quoteKeyedIn: (body: KeyedInOrderBody) => asUser((headers) => postJson<KeyedInQuote>('/admin/api/orders/quote', body, headers)),
  /** Places an order the shop keys in; one key per attempt, so a retry never places it twice. */
  keyIn: (body: KeyedInOrderBody, idempotencyKey: string) =>
    asUser((headers) => postJson<{ orderId: string; order: OrderView }>('/admin/api/orders', body, { ...headers, 'idempotency-key': idempotencyKey })),
  setStatus: (id: string, status: OrderStatus) => asUser((headers) => postJson<{ order: OwnerOrderView }>(`${order(id)}/status`, { status }, headers)),
  store: () => asUser((headers) => getJson<{ open: boolean }>('/admin/api/store', headers)),
  /** What is wrong with the shop config file, if anything, and whether the shop runs meanwhile. */
  config: () => asUser((headers) => getJson<ConfigStatus>('/admin/api/config', headers)),
  setStore: (open: boolean) => asUser((headers) => postJson<{ open: boolean }>('/admin/api/store', { open }, headers)),
  markPaid: (id: string, reference?: string): Promise<ApiResult<{ order: OwnerOrderView }>> =>
    asUser((headers) => postJson(`${order(id)}/paid`, reference ? { reference } : {}, headers)),
  /** What customers wrote on WhatsApp lately (only when the shop's Cloud API is set up). */
  whatsappMessages: () => asUser((headers) => getJson<{ messages: OwnerWhatsAppMessage[] }>('/admin/api/whatsapp/messages', headers)),
  /** A reply on WhatsApp to the number a message came from, within 24 hours of its last message. */
  replyToMessage: (id: string, text: string) =>
    asUser((headers) => postJson<{ success: true }>(`/admin/api/whatsapp/messages/${encodeURIComponent(id)}/reply`, { text }, headers)),
  /** A reply on WhatsApp to the customer who wrote about the order in the last 24 hours. */
  whatsappReply: (id: string, text: string) => asUser((headers) => postJson<{ success: true }>(`${order(id)}/whatsapp-reply`, { text }, headers)),
  /** The refund a cancelled paid order owed is paid back, with the transfer's reference (none for cash). */
  markRefunded: (id: string, reference: string) =>
    asUser((headers) => postJson<{ order: OwnerOrderView }>(`${order(id)}/refund`, reference ? { reference } : {}, headers)),
  /** One day's bookings in the shop's time zone; today without a date. */
  appointments: (date?: string) =>
    asUser((headers) => getJson<{ date: string; appointments: OwnerAppointmentView[] }>(`/admin/api/appointments${date ? `?date=${date}` : ''}`, headers)),
  /** The bookings still to come in the next 7 days. */
  upcomingAppointments: () => asUser((headers) => getJson<{ appointments: OwnerAppointmentView[] }>('/admin/api/appointments/upcoming', headers)),
  cancelAppointment: (id: string) =>
    asUser((headers) => postJson<{ appointment: OwnerAppointmentView }>(`/admin/api/appointments/${encodeURIComponent(id)}/cancel`, {}, headers)),
  markAppointment: (id: string, outcome: BookingOutcome) =>
    asUser((headers) => postJson<{ appointment: OwnerAppointmentView }>(`/admin/api/appointments/${encodeURIComponent(id)}/outcome`, { outcome }, headers)),
  /** The latest bank alerts the owner's forwarder sent, each with what the shop made of it (issue 39). */
  bankAlerts: () => asUser((headers) => getJson<{ alerts: OwnerBankAlert[] }>('/admin/api/bank-alerts', headers)),
  /** Today's orders, money, best sellers and bookings beside the same weekday last week. */
  today: () => asUser((headers) => getJson<TodayReport>('/admin/api/today', headers)),
  /** The last 30 days' orders, sales and bookings, one entry a day, for the chart under Today. */
  days: () => asUser((headers) => getJson<SalesDays>('/admin/api/days', headers)),
  /** The shop's coupons with their uses (the newsletter's one-per-address codes left out). */
  coupons: () => asUser((headers) => getJson<{ coupons: OwnerCoupon[] }>('/admin/api/coupons', headers)),
  saveCoupon: (coupon: CouponForm) => asUser((headers) => postJson<{ success: true }>('/admin/api/coupons', coupon, headers)),
  /** The newest reviews of every product, hidden ones too. */
  reviews: () => asUser((headers) => getJson<{ reviews: OwnerReview[] }>('/admin/api/reviews', headers)),
  /** Hides a review from the shop's pages (its count and average too), or shows it again. */
  setReviewHidden: (id: string, hidden: boolean) =>
    asUser((headers) => postJson<{ review: OwnerReview }>(`/admin/api/reviews/${encodeURIComponent(id)}/hidden`, { hidden }, headers)),
  /** Products matching the words, fewest in stock first (50 at most). */
  stock: (q: string) =>
    asUser((headers) => getJson<{ products: StockLine[]; total: number }>(`/admin/api/stock?${new URLSearchParams({ q }).toString()}`, headers)),
  setStock: (variantId: string, stock: number) =>
    asUser((headers) => postJson<{ stock: number }>(`/admin/api/stock/${encodeURIComponent(variantId)}`, { stock }, headers)),
  /** Every product matching the words and the category (50 at most), hidden ones too, with the shop's categories. */
  products: (q: string, category: string) =>
    asUser((headers) =>
      getJson<{ products: OwnerProduct[]; total: number; categories: Array<{ id: string; name: string }> }>(
        `/admin/api/products?${new URLSearchParams({ q, ...(category ? { category } : {}) }).toString()}`,
        headers,
      ),
    ),
  /** A new product with its variants; bad fields come back in `fields` (`variants.1.price.special`). */
  createProduct: (create: ProductCreateInput) =>
    asUser((headers) => postJson<{ itemId: string; variantIds: string[] }>('/admin/api/products', create, headers)),
  /** Changes what a product is and costs; never its stock. Bad fields come back in `fields`. */
  editProduct: (variantId: string, edit: ProductEdit) => asUser((headers) => postJson<{ changes: Record<string, unknown> }>(product(variantId), edit, headers)),
  shopFront: () => asUser((headers) => getJson<{ categories: OwnerCategory[]; banners: OwnerBanner[] }>('/admin/api/shop-front', headers)),
  createCategory: (create: CategoryCreateInput) => asUser((headers) => postJson<{ id: string }>('/admin/api/categories', create, headers)),
  editCategory: (id: string, edit: CategoryEdit) =>
    asUser((headers) => postJson<{ changes: Record<string, unknown> }>(`/admin/api/categories/${encodeURIComponent(id)}`, edit, headers)),
  deleteCategory: (id: string) => asUser((headers) => deleteJson<object>(`/admin/api/categories/${encodeURIComponent(id)}`, headers)),
  orderCategories: (ids: string[]) => asUser((headers) => postJson<object>('/admin/api/categories/order', { ids }, headers)),
  createBanner: (create: BannerCreateInput) => asUser((headers) => postJson<{ id: string }>('/admin/api/banners', create, headers)),
  editBanner: (id: string, edit: BannerEdit) =>
    asUser((headers) => postJson<{ changes: Record<string, unknown> }>(`/admin/api/banners/${encodeURIComponent(id)}`, edit, headers)),
  deleteBanner: (id: string) => asUser((headers) => deleteJson<object>(`/admin/api/banners/${encodeURIComponent(id)}`, headers)),
  orderBanners: (ids: string[]) => asUser((headers) => postJson<object>('/admin/api/banners/order', { ids }, headers)),
  /** Stores a picture for a category or a banner (as a photo is checked): its address, for the form to save. */
  uploadPicture: (file: File) => asUser((headers) => postFile<{ url: string; thumbnail: string }>('/admin/api/media', file, headers)),
  markProduct: (variantId: string, marks: ProductMarks) => asUser((headers) => postJson<{ variants: string[] }>(`${product(variantId)}/marks`, marks, headers)),
  /** Adds a photo (JPEG, PNG or WebP, 10 MB at most) as the variant's last; the server's message says why one is refused. */
  uploadPhoto: (variantId: string, file: File) => asUser((headers) => postFile<{ images: ProductImage[] }>(`${product(variantId)}/images`, file, headers)),
  removePhoto: (variantId: string, imageId: string) =>
    asUser((headers) => postJson<{ images: ProductImage[] }>(`${product(variantId)}/images/${encodeURIComponent(imageId)}/remove`, {}, headers)),
  /** Puts the variant's photos in this order; `ids` names each of them once. */
  orderPhotos: (variantId: string, ids: string[]) =>
    asUser((headers) => postJson<{ images: ProductImage[] }>(`${product(variantId)}/images/order`, { ids }, headers)),
  /** The customers who ordered last (200 at most), or those whose name, e-mail or phone has the words. */
  customers: (q: string) =>
    asUser((headers) => getJson<{ customers: OwnerCustomer[] }>(`/admin/api/customers?${new URLSearchParams({ q }).toString()}`, headers)),
  /** Every customer as a CSV file, fetched with the token (a plain link could not send it). */
  customersCsv: () => asUser((headers) => getBlob('/admin/api/customers.csv', headers)),
  tableSheet: () => asUser((headers) => getBlob('/admin/api/tables/qr-sheet.svg', headers)),
  /** The shop's tables with the code each prints (null when the shop asks for none, issue 41). */
  tables: () => asUser((headers) => getJson<OwnerTables>('/admin/api/tables', headers)),
  /** Settles a table's bill once, paid as taken; `due` is what the staff were shown (a bill that changed since is refused). */
  settleBill: (id: string, body: { paymentType: 'cash' | 'upi' | 'card'; due: number; paymentReference?: string }) =>
    asUser((headers) =>
      postJson<{ settled: true; paid: number; total: number; invoiced: boolean }>(`/admin/api/bills/${encodeURIComponent(id)}/settle`, body, headers),
    ),
  /** Moves an open bill to another table (the party moved). */
  moveBill: (id: string, spaceId: string) =>
    asUser((headers) => postJson<{ moved: true; table: string }>(`/admin/api/bills/${encodeURIComponent(id)}/move`, { spaceId }, headers)),
  /** The shop's UPI QR for what a bill still has to pay. */
  billUpi: (id: string) =>
    asUser((headers) =>
      getJson<{ due: number; link: string; qrSvg: string; payee: { vpa: string } }>(`/admin/api/bills/${encodeURIComponent(id)}/upi`, headers),
    ),
  /** A new code for the table: the owner's four digits, else a random one. */
  changeTableCode: (id: string, code?: string) =>
    asUser((headers) => postJson<{ id: string; code: string }>(`/admin/api/tables/${encodeURIComponent(id)}/code`, code ? { code } : {}, headers)),
  /** This browser's alerts for every new order and booking, by push (the endpoint goes in the body, never the address). */
  alertsOn: (subscription: PushSubscriptionJson) => asUser((headers) => postJson<{ on: boolean }>('/admin/api/alerts', { subscription }, headers)),
  alertsOff: (endpoint: string) => asUser((headers) => postJson<{ on: boolean }>('/admin/api/alerts/off', { endpoint }, headers)),
  alertsStatus: (endpoint: string) => asUser((headers) => postJson<{ on: boolean }>('/admin/api/alerts/status', { endpoint }, headers)),
};

/** What the live feed says happened: an order's change (with its number when placed), or a new booking. */
export type FeedEvent = { kind: 'order'; orderId: string; number?: number; what: string } | { kind: 'booking'; appointmentId: string };

/** The events of a chunk of server-sent events ('event: order\ndata: {…}'); anything unreadable is skipped. */
function parseFeed(blocks: string[]): FeedEvent[] {
  const events: FeedEvent[] = [];
  for (const block of blocks) {
    const name = /^event: (\w+)$/m.exec(block)?.[1];
    const data = /^data: (.+)$/m.exec(block)?.[1];
    if (!data || (name !== 'order' && name !== 'booking')) continue;
    try {
      const parsed = JSON.parse(data) as { orderId?: string; number?: number; what?: string; appointmentId?: string };
      if (name === 'order' && parsed.orderId) events.push({ kind: 'order', orderId: parsed.orderId, number: parsed.number, what: parsed.what ?? '' });
      if (name === 'booking' && parsed.appointmentId) events.push({ kind: 'booking', appointmentId: parsed.appointmentId });
    } catch {
      // a broken line is not worth stopping the feed for
    }
  }
  return events;
}

/**
 * Listens to the live feed (server-sent events, read with fetch so the access token goes
 * in a header, never in the address) and calls `onEvents` with what each chunk brought,
 * and `onLive` when the feed connects or drops; reconnects 3 s after it drops. The
 * returned function stops it.
 */
export function watchOrders(onEvents: (events: FeedEvent[]) => void, onLive: (live: boolean) => void = () => {}): () => void {
  let stopped = false;
  let controller: AbortController | null = null;
  const connect = async () => {
    while (!stopped) {
      controller = new AbortController();
      try {
        const token = useSession.getState().token;
        const res = await fetch('/admin/api/events', { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: controller.signal });
        // an access token that ran out: a fresh one for the next try (any other 401 is no reason to refresh)
        if (res.status === 401 && accessTokenExpired(res.status, await res.json().catch(() => null))) await refreshSession();
        if (res.ok && res.body) {
          onLive(true);
          const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
          let buffer = '';
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            buffer += value;
            const blocks = buffer.split('\n\n');
            buffer = blocks.pop() ?? '';
            const events = parseFeed(blocks);
            if (events.length) onEvents(events);
          }
        }
      } catch {
        // offline, or stopped: try again below
      }
      if (stopped) break;
      onLive(false);
      await new Promise((resume) => setTimeout(resume, 3000));
    }
  };
  void connect();
  return () => {
    stopped = true;
    controller?.abort();
  };
}
