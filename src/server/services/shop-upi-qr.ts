import { ulid } from 'ulid';
import type { Minor } from '../../domain/money.ts';
import { upiLink } from '../../domain/payments.ts';
import type { ShopConfig } from '../../domain/shop-config.ts';

/**
 * The shop's own UPI QR with the amount filled in, for a customer at the counter or the table to
 * scan (issue 41): its link, the QR as SVG and the payee it pays. Null when the shop has no UPI id.
 */
export async function shopUpiQr(
  shop: Pick<ShopConfig, 'payment' | 'title' | 'localeConfig'>,
  amount: Minor,
  fractionDigits: number,
  now: number,
): Promise<{ link: string; qrSvg: string; payee: NonNullable<ShopConfig['payment']['upi']> } | null> {
  const payee = shop.payment.upi;
  if (!payee) return null;
  const link = upiLink(payee, { amount, fractionDigits, note: shop.title, reference: ulid(now), currency: shop.localeConfig.currencyCode });
  const { default: QRCode } = await import('qrcode');
  return { link, qrSvg: await QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }), payee };
}
