import type { Bool, Millis } from './columns.ts';
import type { Minor } from '../../../domain/money.ts';

/**
 * The orders' tables: an order with its lines and totals, its payments, refund and tax
 * invoice, the coupons it may redeem, its call's idempotency key and the webhook outbox.
 */

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
  grand_total_minor: Minor;
  /** sha256 of the notification token, hex: the token itself is only ever in the shopper's link. */
  notification_token: string;
  coupon_code: string | null;
  /** When the shopper asked to cancel an order the shop had already confirmed (for the owner to decide). */
  cancel_requested_at: Millis | null;
  /** When the shopper was reminded to pay by UPI before the hold ends (migration 020); once. */
  payment_reminded_at: Millis | null;
  /** What a UPI payment to the shop's own id asks for: the total plus the paise that tell it apart (migration 022, `upiAmount`); null until shown. */
  upi_amount_minor: Minor | null;
  created_at: Millis;
  updated_at: Millis;
  /** Whether the prices held the tax (`inclusive`) or it was added (`exclusive`) when the order was placed (migration 008). */
  tax_mode: string;
  /** Who placed it (`customerIdentity`): `user:…`, else `email:…`, else `phone:…`, else `guest` (migrations 009, 017); the owner's customer list groups by it. */
  customer_key: string | null;
  /** The e-mail and the phone the order gave, as `email:…` / `phone:…` keys: a coupon's per-customer rules find a shopper's orders by any of the three (migration 017). */
  email_key: string | null;
  phone_key: string | null;
  /** Where it came from (migration 026, `OrderChannel`): `online`, or keyed in on /admin at the `counter`, by `phone` or from `whatsapp`. */
  channel: string;
  /** The table's bill this dine-in order is a round of (migration 028); null for any other order. */
  bill_id: string | null;
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
  unit_price_minor: Minor;
  total_minor: Minor;
  /** The line's tax rate in hundredths of a percent, its share of the discount and its tax (migration 008). */
  tax_rate_hundredths: number;
  discount_minor: Minor;
  tax_minor: Minor;
  hsn: string | null;
}

export interface OrderTotalTable {
  order_id: string;
  code: string;
  title: string;
  value_minor: Minor;
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
  amount_minor: Minor;
  reference: string | null;
  raw: string;
  created_at: Millis;
  updated_at: Millis;
}

/** A payment gateway's event acted on once, by its own id (migration 019): `outcome` is what it changed. */
export interface PaymentEventTable {
  provider: string;
  event_id: string;
  event: string;
  order_id: string | null;
  outcome: string;
  received_at: Millis;
}

/** A bank's credit alert the owner forwarded, and what the shop made of it (migration 021): `outcome` is 'matched', 'no_order', 'not_a_credit:<reason>' … */
export interface BankAlertTable {
  id: string;
  received_at: Millis;
  sender: string | null;
  text: string;
  amount_minor: Minor | null;
  utr: string | null;
  outcome: string;
  order_id: string | null;
}

/** What a paid order that ended unfulfilled owes its shopper (migration 007): `due`, then `refunded` with the owner's reference. */
export interface RefundTable {
  order_id: string;
  amount_minor: Minor;
  /** How the money came in, so how it goes back: upi-manual, payu or pof. */
  method: string;
  status: string;
  reference: string | null;
  created_at: Millis;
  refunded_at: Millis | null;
  refunded_by: string | null;
}

/** A tax invoice (migration 008): its number from the financial year's series, seller and buyer as JSON as they were when issued. */
export interface InvoiceTable {
  /** The order invoiced; for a table's bill, its first round. */
  order_id: string;
  /** The table's bill the invoice covers, all its rounds (migration 028); null for one order's. */
  bill_id: string | null;
  number: string;
  issued_at: Millis;
  seller: string;
  buyer: string;
}

/** A coupon (migration 009): what it takes off, its rules, and how often it was used. */
export interface CouponTable {
  code: string;
  kind: string;
  percent_hundredths: number | null;
  amount_minor: Minor | null;
  min_order_minor: Minor | null;
  max_discount_minor: Minor | null;
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

export interface IdempotencyKeyTable {
  key: string;
  scope: string;
  request_hash: string;
  status_code: number | null;
  response: string | null;
  created_at: Millis;
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

/** A WhatsApp message the shop sends (migration 024): written with its change, then sent by services/whatsapp-deliverer.ts. */
export interface WhatsAppMessageTable {
  /** A ULID, also sent as the message's `biz_opaque_callback_data`: WhatsApp's status webhook names it. */
  id: string;
  /** What it is about: `order:<id>` or `booking:<id>`; one message of each kind per subject. */
  subject: string;
  kind: string;
  /** International digits without +. */
  to_number: string;
  /** JSON: the template's body parameters in order. */
  params: string;
  created_at: Millis;
  attempts: number;
  next_attempt_at: Millis;
  claimed_until: Millis | null;
  /** queued, accepted (WhatsApp took it), sent, delivered, read, failed, or skipped (the number wrote STOP since). */
  status: string;
  status_at: Millis;
  /** WhatsApp's message id once it took the message. */
  wamid: string | null;
  last_error: string | null;
}

/** What a customer wrote to the shop's WhatsApp number (migration 024): once per message id, with the order it is most likely about. */
export interface WhatsAppReceivedTable {
  id: string;
  from_number: string;
  name: string | null;
  text: string;
  received_at: Millis;
  order_id: string | null;
}

/** A number that wrote STOP (migration 024). */
export interface WhatsAppOptOutTable {
  number: string;
  opted_out_at: Millis;
}

/** The owner's free-form WhatsApp reply to a customer who wrote within 24 hours (migration 025). */
export interface WhatsAppReplyTable {
  id: string;
  /** The order it answers about; null for a reply to a message that belongs to no order. */
  order_id: string | null;
  to_number: string;
  text: string;
  /** The user id of who sent it from /admin. */
  sent_by: string;
  sent_at: Millis;
  wamid: string;
  /** accepted, then sent, delivered, read or failed from the status webhook. */
  status: string;
  status_at: Millis;
  last_error: string | null;
}
