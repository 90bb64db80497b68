import { createHash } from 'node:crypto';
import { minorFromText, minorToText, type Minor } from '../../domain/money.ts';

/**
 * PayU's hosted checkout (the `_payment` form) as pure functions: the request hash the
 * server signs the form with and the reverse hash PayU signs its answer with. The salt
 * is a server secret: these run only on the server.
 */

/** The fields both directions carry, in PayU's names. */
type PayuFields = {
  key: string;
  txnid: string;
  amount: string;
  productinfo: string;
  firstname: string;
  email: string;
  udf1: string;
  udf2: string;
  udf3: string;
  udf4: string;
  udf5: string;
};

/** The fields PayU's `_payment` form takes (hash excluded). */
export type PayuRequest = PayuFields & { phone: string; surl: string; furl: string };

/** What PayU posts back to surl / furl: the fields the reverse hash covers, and the rest we read. */
export type PayuResponse = PayuFields & { status: string; hash: string; mihpayid?: string | undefined; additionalCharges?: string | undefined };

const sha512 = (s: string) => createHash('sha512').update(s, 'utf8').digest('hex');

/** sha512(key|txnid|amount|productinfo|firstname|email|udf1|udf2|udf3|udf4|udf5||||||SALT) */
export function payuRequestHash(r: Omit<PayuRequest, 'phone' | 'surl' | 'furl'>, salt: string): string {
  return sha512([r.key, r.txnid, r.amount, r.productinfo, r.firstname, r.email, r.udf1, r.udf2, r.udf3, r.udf4, r.udf5, '', '', '', '', '', salt].join('|'));
}

/**
 * The reverse hash PayU signs its answer with:
 * sha512([additionalCharges|]SALT|status||||||udf5|udf4|udf3|udf2|udf1|email|firstname|productinfo|amount|txnid|key)
 */
export function payuResponseHash(r: Omit<PayuResponse, 'hash' | 'mihpayid'>, salt: string): string {
  const fields = [salt, r.status, '', '', '', '', '', r.udf5, r.udf4, r.udf3, r.udf2, r.udf1, r.email, r.firstname, r.productinfo, r.amount, r.txnid, r.key];
  return sha512((r.additionalCharges ? [r.additionalCharges, ...fields] : fields).join('|'));
}

/**
 * The `_payment` form's fields for an amount in minor units (the order's grand total), written
 * as the plain decimal PayU reads ("1098.95", `minorToText`): a decimal of rupees cannot be given.
 */
export function payuRequest({ key, txnid, ...rest }: Omit<PayuRequest, 'amount'>, amount: Minor, fractionDigits: number): PayuRequest {
  return { key, txnid, amount: minorToText(amount, fractionDigits), ...rest };
}

/** The amount PayU's answer carries, in minor units; null when it is not a plain decimal of the currency ("1098.95", "1098.9", "1098"). */
export const payuAnswerAmount = (answer: Pick<PayuResponse, 'amount'>, fractionDigits: number): Minor | null => minorFromText(answer.amount, fractionDigits);

/** PayU's form endpoints; PAYU_ENDPOINT overrides (the tests' local PayU). */
export const payuEndpoints = { test: 'https://test.payu.in/_payment', live: 'https://secure.payu.in/_payment' } as const;

/** PayU allows at most 25 characters; letters and digits are safe everywhere. */
export const PAYU_TXNID = /^[A-Za-z0-9]{1,25}$/;
