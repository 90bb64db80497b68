import type { Minor } from './money.ts';

/**
 * A shopper or guest contact as the owner's list shows them: an account's own name, e-mail
 * and phone (or what their newest order said, where the account has none), a guest's from
 * their newest order; the orders that count (not cancelled or rejected, not enquiries) and
 * what they came to; when the newest order of any kind was placed.
 */
export type Customer = {
  key: string;
  account: boolean;
  name: string;
  email: string | null;
  phone: string | null;
  orders: number;
  spent: Minor;
  lastOrderAt: number;
};
