import type {
  AddressTable,
  CartLineTable,
  NewsletterLastMailTable,
  NewsletterSubscriberTable,
  OneTimeCodeTable,
  RefreshTokenTable,
  UserTable,
} from './tables/accounts.ts';
import type { AppointmentTable, SlotClaimTable, SlotUseTable } from './tables/bookings.ts';
import type { BannerTable, CategoryTable, MediaBlobTable, ProductTable, ProductTagTable, ReviewTable, TagTable } from './tables/catalog.ts';
import type { Millis } from './tables/columns.ts';
import type { AnalyticsBudgetTable, AnalyticsEventTable, DeviceTable, OwnerAlertSubscriptionTable, PushSubscriptionTable } from './tables/devices.ts';
import type {
  BankAlertTable,
  CouponRedemptionTable,
  CouponTable,
  IdempotencyKeyTable,
  InvoiceTable,
  OrderLineTable,
  OrderTable,
  OrderTotalTable,
  PaymentEventTable,
  PaymentTable,
  RefundTable,
  WebhookDeliveryTable,
  WhatsAppMessageTable,
  WhatsAppOptOutTable,
  WhatsAppReceivedTable,
  WhatsAppReplyTable,
} from './tables/orders.ts';

/**
 * Table shapes shared by SQLite and PostgreSQL: `Database` names every table, as Kysely
 * types each query by it; the shop's own tables are here, the others in tables/ by what
 * they hold (catalog, orders, bookings, accounts, devices). Conventions (docs/decisions/002):
 * ids are application-made text; money is integer minor units; quantities are integer
 * thousandths (`*_milli`); timestamps are UTC epoch milliseconds; booleans are 0/1
 * integers; JSON is text. So both databases store and return exactly the same values.
 */

export interface ShopMetaTable {
  key: string;
  value: string;
}

/** Per-shop sequences people read (an order's #1042): the last value given. */
export interface ShopCounterTable {
  name: string;
  value: number;
}

/** Every owner action (issue 8): actor is a user id or `cli`; detail is JSON. */
export interface AuditLogTable {
  id: string;
  actor: string;
  action: string;
  subject: string;
  detail: string;
  created_at: Millis;
}

/** A dine space of the config as the shop keeps it (issue 41): the code a dine-in order from the storefront must carry. */
export interface DineTableTable {
  space_id: string;
  /** Four digits, printed beside the table's QR code. */
  code: string;
  code_changed_at: Millis;
}

/**
 * A table's bill across rounds (issue 41, migration 028): `open` while rounds are added, `settled`
 * once paid, with how. One open bill per table at most.
 */
export interface TableBillTable {
  id: string;
  space_id: string;
  status: 'open' | 'settled';
  opened_at: Millis;
  settled_at: Millis | null;
  payment_type: string | null;
  reference: string | null;
}

export interface Database {
  shop_meta: ShopMetaTable;
  shop_counters: ShopCounterTable;
  categories: CategoryTable;
  products: ProductTable;
  tags: TagTable;
  product_tags: ProductTagTable;
  banners: BannerTable;
  users: UserTable;
  refresh_tokens: RefreshTokenTable;
  one_time_codes: OneTimeCodeTable;
  cart_lines: CartLineTable;
  addresses: AddressTable;
  orders: OrderTable;
  order_lines: OrderLineTable;
  order_totals: OrderTotalTable;
  payments: PaymentTable;
  payment_events: PaymentEventTable;
  bank_alerts: BankAlertTable;
  appointments: AppointmentTable;
  slot_use: SlotUseTable;
  slot_claims: SlotClaimTable;
  devices: DeviceTable;
  push_subscriptions: PushSubscriptionTable;
  analytics_events: AnalyticsEventTable;
  analytics_budgets: AnalyticsBudgetTable;
  idempotency_keys: IdempotencyKeyTable;
  newsletter_subscribers: NewsletterSubscriberTable;
  newsletter_last_mail: NewsletterLastMailTable;
  reviews: ReviewTable;
  audit_log: AuditLogTable;
  refunds: RefundTable;
  owner_alert_subscriptions: OwnerAlertSubscriptionTable;
  webhook_deliveries: WebhookDeliveryTable;
  whatsapp_messages: WhatsAppMessageTable;
  whatsapp_received: WhatsAppReceivedTable;
  whatsapp_opt_outs: WhatsAppOptOutTable;
  whatsapp_replies: WhatsAppReplyTable;
  invoices: InvoiceTable;
  coupons: CouponTable;
  coupon_redemptions: CouponRedemptionTable;
  media_blobs: MediaBlobTable;
  dine_tables: DineTableTable;
  table_bills: TableBillTable;
}
