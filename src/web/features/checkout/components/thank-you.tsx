import { useCallback, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { Link } from 'react-router';
import { endedUnfulfilled, shopperMayPay } from '../../../../domain/order-lifecycle.ts';
import { orderLabel } from '../../../../domain/order-number.ts';
import { upiHoldUntil, upiVerifyBy } from '../../../../domain/payments.ts';
import { paths } from '../../../lib/paths.ts';
import { useShop } from '../../../lib/use-shop.ts';
import { guestOrderPath } from '../api/orders.ts';
import { useOrder } from '../hooks/use-order.ts';
import type { LastOrder } from '../store/checkout-store.ts';
import { DeliveryTime } from './delivery-time.tsx';
import { EndedNote } from './ended-note.tsx';
import { OrderActions } from './order-actions.tsx';
import { OrderSummary, orderLines } from './order-summary.tsx';
import { PaymentStep } from './payment-step.tsx';
import { RefundNote } from './refund-note.tsx';
import { UpiDeadline, UpiHold } from './upi-deadline.tsx';
import { Button } from '../../../ui/button.tsx';
import { AlertText } from '../../../ui/alert-text.tsx';

/**
 * After the order: its number and totals as the server recorded them, the link to see it
 * later, and the payment step its provider needs (UPI, PayU), or the result PayU sent
 * the shopper back with.
 */
export function ThankYou({ shopId, last, payment }: { shopId: string; last: LastOrder; payment: 'paid' | 'failed' | null }) {
  const { t } = useTranslation();
  const shop = useShop();
  const { state, reload } = useOrder(last.orderId, last.token);
  const [error, setError] = useState<string | null>(null);
  const [retry, setRetry] = useState(false);
  const onError = useCallback((message: string) => setError(message), []);

  if (state.kind !== 'loaded') {
    return state.kind === 'error' ? (
      <p role="alert" className="text-red-700">
        {state.message}
      </p>
    ) : (
      <p role="status">{t('order.loading')}</p>
    );
  }
  const { order } = state;
  // a cancelled or rejected order is offered no way to pay (the server refuses one too)
  const awaiting = shopperMayPay(order);
  // UPI and Razorpay at once; PayU leaves for its page unless it just sent the shopper back
  const step =
    awaiting && (order.paymentType === 'upi-manual' || order.paymentType === 'razorpay' || (order.paymentType === 'payu' && (payment === null || retry)));
  return (
    <div className="flex flex-col gap-6">
      <div role="status" className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold">{order.kind === 'enquiry' ? t('checkout.enquirySent') : t('checkout.thankYou')}</h1>
        <p className="text-slate-700">{t('checkout.orderNumber', { id: orderLabel(order) })}</p>
        <DeliveryTime order={order} className="text-slate-700" />
      </div>
      <EndedNote order={order} className="rounded-md bg-slate-100 p-3 font-medium text-slate-900" />
      <UpiHold until={upiHoldUntil(order, shop.orderConfig)} className="rounded-md bg-amber-50 p-3 text-amber-950" />
      <UpiDeadline by={upiVerifyBy(order, shop.orderConfig)} className="rounded-md bg-amber-50 p-3 text-amber-950" />
      {order.paymentStatus === 'paid' && !order.refund ? <p className="rounded-md bg-green-50 p-3 text-green-900">{t('checkout.paid')}</p> : null}
      <RefundNote order={order} className="rounded-md bg-amber-50 p-3 text-amber-950" />
      {order.paymentStatus === 'to_collect' && !endedUnfulfilled(order.status) ? <p>{t('checkout.payOnDelivery')}</p> : null}
      {order.paymentType === 'payu' && awaiting && payment === 'failed' && !retry ? (
        <div className="flex flex-col items-start gap-3 rounded-md bg-amber-50 p-3 text-amber-900">
          <p>{t('checkout.paymentFailed')}</p>
          <Button size="lg" onClick={() => setRetry(true)}>
            {t('checkout.payAgain')}
          </Button>
        </div>
      ) : null}
      <AlertText message={error} />
      {step ? (
        <PaymentStep
          shopId={shopId}
          order={order}
          token={last.token}
          onError={onError}
          // Razorpay's answer makes the order paid: the page reads it again (UPI's reference keeps its own thank-you in place)
          onSent={order.paymentType === 'razorpay' ? reload : undefined}
        />
      ) : null}
      <section aria-label={t('checkout.yourOrder')} className="rounded-lg border border-slate-200 bg-white p-4">
        <OrderSummary lines={orderLines(order)} totals={order.totals} />
      </section>
      <OrderActions order={order} token={last.token} onChanged={reload} />
      <div className="flex flex-col gap-1">
        <Link
          to={last.token === null ? paths.accountOrder(order.id) : guestOrderPath(order.id, last.token)}
          className="font-semibold text-primary-strong hover:underline"
        >
          {t('checkout.viewOrder')}
        </Link>
        {/* the e-mail is mentioned only when the server said it sends one (an address given, a mail server set) */}
        {last.token === null ? null : <p className="text-sm text-slate-600">{last.emailSent ? t('checkout.keepLinkMailed') : t('checkout.keepLink')}</p>}
      </div>
      <Link to={paths.catalog()} className="w-fit rounded-md border border-slate-300 px-5 py-2.5 font-medium">
        {t('order.continueShopping')}
      </Link>
    </div>
  );
}
