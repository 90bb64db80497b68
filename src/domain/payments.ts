/** The UPI deep link (NPCI's `upi://pay`) and reference format, for the server and the checkout alike. */
import { minorToText, type Minor } from './money.ts';

export type UpiPayee = { vpa: string; payeeName: string };

/**
 * `upi://pay?pa=…&pn=…&am=…&cu=INR&tn=…&tr=…`: any UPI app opens it with the payee, the
 * amount (given in minor units, written with the currency's decimals) and our reference filled in.
 */
export function upiLink(
  payee: UpiPayee,
  payment: { amount: Minor; fractionDigits: number; note: string; reference: string; currency?: string | undefined },
): string {
  const params = new URLSearchParams({
    pa: payee.vpa,
    pn: payee.payeeName,
    am: minorToText(payment.amount, payment.fractionDigits),
    cu: payment.currency ?? 'INR',
    tn: payment.note,
    tr: payment.reference,
  });
  // UPI apps read %20, not +, as a space
  return `upi://pay?${params.toString().replaceAll('+', '%20')}`;
}

/** The most a UPI amount is raised to tell an order apart: 99 paise, never a rupee. */
export const UPI_MAX_EXTRA = 99;

/**
 * The amount an order waiting for a UPI payment to the shop's own id asks for (issue 39): its total,
 * raised by the fewest paise (minor units) that no other open UPI order asks for, so the bank's
 * credit alert names one order. `taken`: the amounts the other open UPI orders ask for;
 * `maxExtra`: 0 where the currency has no paise. Every amount taken up to 99 paise more: the
 * total itself, and the alert matches by the reference alone or waits for the owner.
 */
export function upiAmount(total: Minor, taken: ReadonlySet<number>, maxExtra = UPI_MAX_EXTRA): Minor {
  for (let extra = 0; extra <= maxExtra; extra++) if (!taken.has(total + extra)) return (total + extra) as Minor;
  return total;
}

/** A UPI transaction reference (UTR) as banks print it: 12 digits; some apps show up to 22 letters and digits. */
export const UTR = /^[A-Za-z0-9]{12,22}$/;

const HOUR_MS = 60 * 60 * 1000;

/**
 * By when the shop must confirm a UPI payment the shopper says they made (decision 073): their
 * reference's time plus `orderConfig.upiVerifyHours`; an order still unconfirmed then is cancelled.
 * Null when no such deadline runs: no reference waiting, or the order accepted or ended.
 */
export function upiVerifyBy(
  order: { status: string; paymentStatus: string; paymentClaimedAt: number | null },
  orderConfig: { upiVerifyHours: number },
): number | null {
  if (order.status !== 'placed' || order.paymentStatus !== 'awaiting_verification' || order.paymentClaimedAt === null) return null;
  return order.paymentClaimedAt + orderConfig.upiVerifyHours * HOUR_MS;
}

/**
 * Until when an order waiting for a UPI payment to the shop's own id is held for the shopper to pay
 * and give the reference: placed + `orderConfig.unpaidHoldMinutes` (issue 39). After it the order is
 * not cancelled: the shop checks its bank, by `upiVerifyBy`. Null for any other order or state.
 */
export function upiHoldUntil(
  order: { status: string; paymentType: string | null; paymentStatus: string; createdAt: number },
  orderConfig: { unpaidHoldMinutes: number },
): number | null {
  if (order.status !== 'placed' || order.paymentType !== 'upi-manual' || order.paymentStatus !== 'awaiting_payment') return null;
  return order.createdAt + orderConfig.unpaidHoldMinutes * 60_000;
}

/**
 * The UPI handles of consumer apps (Google Pay's ok*, PhonePe's ybl/ibl/axl, Paytm's pt*, Amazon
 * Pay's apl, BHIM's upi): an id on one of them, or one named by a 10-digit mobile number, is
 * almost surely a person's, not a merchant's.
 */
const PERSONAL_HANDLES = /^(?:ok(?:axis|hdfcbank|icici|sbi)|ybl|ibl|axl|paytm|pt(?:yes|axis|hdfc|sbi)|[ry]?apl|upi)$/i;

/**
 * Why the shop's UPI id may fail shoppers (issue 39): since 2020 Google Pay, PhonePe and BHIM refuse
 * `upi://pay` links with an amount to personal UPI ids ("exceeded maximum amount", "may be risky");
 * they take them for business (merchant) ids. Null when the id does not look personal.
 */
export function personalUpiIdAdvice(vpa: string): string | null {
  const [name = '', handle = ''] = vpa.split('@');
  if (!PERSONAL_HANDLES.test(handle) && !/^(?:\+?91)?[6-9]\d{9}$/.test(name)) return null;
  return `payment.upi.vpa "${vpa}" looks like a personal UPI id: most UPI apps (Google Pay, PhonePe, BHIM) refuse a payment link with an amount to a personal id, so shoppers cannot pay. Use a business (merchant) UPI id: from your bank's merchant account, or an app such as Google Pay for Business, PhonePe Business or Paytm for Business.`;
}
