import { Suspense } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import type { OrderView } from '../../../../domain/order-view.ts';
import { loadable } from '../../../lib/loadable.tsx';
import type { PaymentStepProps } from '../api/orders.ts';

// the payment providers load only when an order needs them (§9: loaded on demand)
const UpiPayment = loadable(() => import('./upi-payment.tsx').then((m) => m.default), { inline: true });
const PayuRedirect = loadable(() => import('./payu-redirect.tsx').then((m) => m.default), { inline: true });
const RazorpayCheckout = loadable(() => import('./razorpay-checkout.tsx').then((m) => m.default), { inline: true });

/** The step an unpaid order's provider needs: UPI's link, QR code and reference, PayU's hosted checkout (which leaves at once) or Razorpay's Checkout; nothing for others. */
export function PaymentStep({ shopId, order, token, ...on }: { order: OrderView } & Omit<PaymentStepProps, 'orderId'>) {
  const { t } = useTranslation();
  const target = { shopId, orderId: order.id, token, ...on };
  const step =
    order.paymentType === 'upi-manual' ? (
      <UpiPayment {...target} />
    ) : order.paymentType === 'payu' ? (
      <PayuRedirect {...target} />
    ) : order.paymentType === 'razorpay' ? (
      <RazorpayCheckout {...target} />
    ) : null;
  return step ? <Suspense fallback={<p role="status">{t('nav.loading')}</p>}>{step}</Suspense> : null;
}
