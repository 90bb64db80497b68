/**
 * Table shapes shared by SQLite and PostgreSQL. Conventions (docs/decisions/003):
 * ids are application-made text; money is integer minor units; quantities are integer
 * thousandths (`*_milli`); timestamps are UTC epoch milliseconds; booleans are 0/1
 * integers; JSON is text. So both databases store and return exactly the same values.
 */

type Bool = number;
type Millis = number;

export interface ShopMetaTable {
  key: string;
  value: string;
}

/** Per-shop sequences people read (an order's #1042): the last value given. */
export interface ShopCounterTable {
  name: string;
  value: number;
}

export interface CategoryTable {
  id: string;
  name: string;
  position: number;
  colour: string;
  image: string;
}

export interface ProductTable {
  id: string;
  item_id: string;
  variant_id: string;
  variant_name: string;
  sku: string;
  title: string;
  description: string;
  category_id: string;
  mrp_minor: number | null;
  regular_minor: number;
  special_minor: number | null;
  /** JSON array of {id, position, thumbnail, url}. */
  images: string;
  stock_milli: number;
  is_fraction: Bool;
  type_id: string;
  /** JSON object of error code → message. */
  errors: string;
  position: number;
  updated_at: Millis;
  /** Its own tax rate in hundredths of a percent (500 is 5 %); null: the shop's (migration 008). */
  tax_rate_hundredths: number | null;
  /** HSN or SAC code for the tax invoice. */
  hsn: string | null;
  /** Kept out of the storefront and its orders by the owner (migration 013). */
  hidden: Bool;
  /** 0: made to order, always orderable and its stock never taken. */
  tracks_stock: Bool;
  /** Shown out of stock until this instant ("sold out today"); null: as its stock says. */
  sold_out_until: Millis | null;
  /** Grams the + and − buttons move a product sold by weight (migration 016); null: 250. */
  weight_step_milli: number | null;
  /** The product's own size guide; null: none. */
  size_guide: string | null;
}

export interface TagTable {
  id: string;
  name: string;
}
export interface ProductTagTable {
  product_id: string;
  tag_id: string;
}

export interface BannerTable {
  id: string;
  kind: string;
  position: number;
  title: string;
  subtitle: string;
  button_text: string;
  image_mobile: string;
  image_desktop: string;
  background: string;
  /** JSON of the link: {type, value} or {type, urlValue}. */
  link: string;
  /** Shown to shoppers from / until these instants; null: no bound (migration 014). */
  show_from: Millis | null;
  show_until: Millis | null;
}

export interface UserTable {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  password_hash: string | null;
  role: string;
  email_verified: Bool;
  phone_verified: Bool;
  created_at: Millis;
}

export interface RefreshTokenTable {
  id: string;
  user_id: string;
  family_id: string;
  token_hash: string;
  created_at: Millis;
  expires_at: Millis;
  used_at: Millis | null;
  revoked_at: Millis | null;
}

export interface OneTimeCodeTable {
  id: string;
  purpose: string;
  target: string;
  code_hash: string;
  attempts: number;
  created_at: Millis;
  expires_at: Millis;
  consumed_at: Millis | null;
}

export interface CartLineTable {
  user_id: string;
  product_id: string;
  qty_milli: number;
  updated_at: Millis;
}

export interface AddressTable {
  id: string;
  user_id: string;
  data: string;
  created_at: Millis;
  updated_at: Millis;
}

export interface OrderTable {
  id: string;
  /** The number people say (#1042): from `shop_counters`, in the order's transaction (migration 006). */
  number: number;
  user_id: string | null;
  status: string;
  kind: string;
  delivery_mode: string;
  /** JSON: personal, shipping and dine-in details as given at checkout. */
  details: string;
  shipping_slot_id: string | null;
  payment_type: string | null;
  payment_status: string;
  currency_code: string;
  grand_total_minor: number;
  /** sha256 of the notification token, hex: the token itself is only ever in the shopper's link. */
  notification_token: string;
  coupon_code: string | null;
  /** When the shopper asked to cancel an order the shop had already confirmed (for the owner to decide). */
  cancel_requested_at: Millis | null;
  created_at: Millis;
  updated_at: Millis;
  /** Whether the prices held the tax (`inclusive`) or it was added (`exclusive`) when the order was placed (migration 008). */
  tax_mode: string;
  /** Who placed it (`customerIdentity`): `user:…`, else `email:…`, else `phone:…`, else `guest` (migrations 009, 017); the owner's customer list groups by it. */
  customer_key: string | null;
  /** The e-mail and the phone the order gave, as `email:…` / `phone:…` keys: a coupon's per-customer rules find a shopper's orders by any of the three (migration 017). */
  email_key: string | null;
  phone_key: string | null;
}

export interface OrderLineTable {
  order_id: string;
  line_no: number;
  product_id: string;
  title: string;
  variant_name: string;
  qty_milli: number;
  /** Sold by weight: the quantity is kg (migration 006). */
  is_fraction: Bool;
  unit_price_minor: number;
  total_minor: number;
  /** The line's tax rate in hundredths of a percent, its share of the discount and its tax (migration 008). */
  tax_rate_hundredths: number;
  discount_minor: number;
  tax_minor: number;
  hsn: string | null;
}

export interface OrderTotalTable {
  order_id: string;
  code: string;
  title: string;
  value_minor: number;
  is_percentage: Bool;
  /** Hundredths of a percent: 250 is 2.5 %. */
  percent_hundredths: number | null;
  position: number;
}

export interface PaymentTable {
  id: string;
  order_id: string;
  provider: string;
  status: string;
  amount_minor: number;
  reference: string | null;
  raw: string;
  created_at: Millis;
  updated_at: Millis;
}

export interface AppointmentTable {
  id: string;
  user_id: string | null;
  service_id: string;
  starts_at: Millis;
  ends_at: Millis;
  /** booked | cancelled */
  status: string;
  /** JSON: the service as booked (name, price) and the shopper's contact and note. */
  details: string;
  created_at: Millis;
  updated_at: Millis;
}

/** How many places of a capacity cell are taken (migration 004). */
export interface SlotUseTable {
  resource: string;
  starts_at: Millis;
  taken: number;
}

/** Which appointment or order holds which cells. */
export interface SlotClaimTable {
  owner_id: string;
  resource: string;
  starts_at: Millis;
}

/** `secret_hash`: SHA-256 of the secret the browser got at the device's first registration; null for a device from before (issue 20). */
export interface DeviceTable {
  id: string;
  user_id: string | null;
  record: string;
  created_at: Millis;
  updated_at: Millis;
  secret_hash: string | null;
}

export interface PushSubscriptionTable {
  id: string;
  device_id: string;
  user_id: string | null;
  endpoint: string;
  keys: string;
  created_at: Millis;
}

export interface AnalyticsEventTable {
  id: string;
  event_type: string;
  value: string;
  device_id: string | null;
  session_id: string | null;
  user_id: string | null;
  record: string;
  created_at: Millis;
}

/** Events stored on one UTC day per client, and for all clients (`client` ''), against their budgets (decision 077). */
export interface AnalyticsBudgetTable {
  /** Whole UTC days since the epoch. */
  day: number;
  client: string;
  events: number;
}

export interface IdempotencyKeyTable {
  key: string;
  scope: string;
  request_hash: string;
  status_code: number | null;
  response: string | null;
  created_at: Millis;
}

/** A newsletter address (migration 009): confirmed by the e-mailed link, then given its one coupon. */
export interface NewsletterSubscriberTable {
  email: string;
  /** The mailbox the address reaches (`emailIdentity`): one welcome coupon per mailbox (migration 017). */
  identity: string;
  coupon_code: string | null;
  confirmed_at: Millis | null;
  created_at: Millis;
}

/** When a mailbox was last sent a newsletter e-mail (a link or its code), for the one-a-day limit (migration 017). */
export interface NewsletterLastMailTable {
  identity: string;
  sent_at: Millis;
}

/** A coupon (migration 009): what it takes off, its rules, and how often it was used. */
export interface CouponTable {
  code: string;
  kind: string;
  percent_hundredths: number | null;
  amount_minor: number | null;
  min_order_minor: number | null;
  max_discount_minor: number | null;
  valid_from: Millis | null;
  valid_until: Millis | null;
  total_uses: number | null;
  uses_per_customer: number | null;
  first_order_only: Bool;
  active: Bool;
  used: number;
  source: string;
  created_at: Millis;
  updated_at: Millis;
}

export interface CouponRedemptionTable {
  order_id: string;
  code: string;
  customer: string;
  redeemed_at: Millis;
}

/** Reviews belong to an item (all its variants share them); one per shopper and item. */
export interface ReviewTable {
  id: string;
  item_id: string;
  user_id: string;
  author_name: string;
  rating: number;
  text: string;
  created_at: Millis;
  /** The owner hid it: left out of the public list, count and average (migration 010). */
  hidden: Bool;
}

/** What a paid order that ended unfulfilled owes its shopper (migration 007): `due`, then `refunded` with the owner's reference. */
export interface RefundTable {
  order_id: string;
  amount_minor: number;
  /** How the money came in, so how it goes back: upi-manual, payu or pof. */
  method: string;
  status: string;
  reference: string | null;
  created_at: Millis;
  refunded_at: Millis | null;
  refunded_by: string | null;
}

/** The owner's devices that get a push for every new order and booking (migration 007). */
export interface OwnerAlertSubscriptionTable {
  id: string;
  user_id: string;
  endpoint: string;
  keys: string;
  created_at: Millis;
}

/** A tax invoice (migration 008): its number from the financial year's series, seller and buyer as JSON as they were when issued. */
export interface InvoiceTable {
  order_id: string;
  number: string;
  issued_at: Millis;
  seller: string;
  buyer: string;
}

/** The outbox of ORDER_WEBHOOK_URL: one row per order event, written in the change's transaction (migration 007). */
export interface WebhookDeliveryTable {
  /** The delivery id the receiver sees (a ULID): a retry sends the same one. */
  id: string;
  event: string;
  order_id: string;
  /** The JSON body, exactly as it is posted and signed. */
  payload: string;
  created_at: Millis;
  attempts: number;
  next_attempt_at: Millis;
  /** An instance is posting it until then; another may take it over after. */
  claimed_until: Millis | null;
  delivered_at: Millis | null;
  last_error: string | null;
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

/** An uploaded photo's original, re-encoded without its metadata (migration 015); its id is the key in `/media/u/<key>`. */
export interface MediaBlobTable {
  id: string;
  content_type: string;
  bytes: Buffer;
  width: number;
  height: number;
  created_at: Millis;
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
  invoices: InvoiceTable;
  coupons: CouponTable;
  coupon_redemptions: CouponRedemptionTable;
  media_blobs: MediaBlobTable;
}
