import type { Generated } from 'kysely';
import type { Bool, Millis } from './columns.ts';

/**
 * The shoppers' tables: accounts, their sessions and one-time codes, carts and addresses, and
 * the newsletter's addresses.
 */

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
  /** The account's last answer to "Send me updates on WhatsApp" at checkout (migration 024): the next checkout starts with it. */
  whatsapp_updates: Generated<Bool>;
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
