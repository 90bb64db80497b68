import { useCallback, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { Link } from 'react-router';
import { hasTaxInvoice, shopperMayPay } from '../../../../domain/order-lifecycle.ts';
import type { Order } from '../../../../domain/order-view.ts';
import { orderLabel } from '../../../../domain/order-number.ts';
import { upiHoldUntil, upiVerifyBy } from '../../../../domain/payments.ts';
import { paidThroughGateway } from '../../../../domain/payment-types.ts';
import type { OrderToken } from '../../../lib/order-call.ts';
import { useFormatWhen } from '../../../lib/format.ts';
import { useShop } from '../../../lib/use-shop.ts';
import { invoicePath } from '../api/orders.ts';
import { useCheckout } from '../store/checkout-store.ts';
import { DeliveryTime } from './delivery-time.tsx';
import { EndedNote, paymentStatusText } from './ended-note.tsx';
import { OrderActions } from './order-actions.tsx';
import { OrderSummary, orderLines } from './order-summary.tsx';
import { PaymentStep } from './payment-step.tsx';
import { RefundNote } from './refund-note.tsx';
import { UpiDeadline, UpiHold } from './upi-deadline.tsx';
import { Button } from '../../../ui/button.tsx';
import { AlertText } from '../../../ui/alert-text.tsx';
import type { ShopperBill } from '../api/orders.ts';
import { TableBillNote } from './table-bill-note.tsx';

/**
 * One order in full, as its shopper sees it: the guest by the link's token, a logged-in
 * shopper from "Your orders" with their session. Number, date, status, delivery time,
 * payment, the note of an order that ended and its refund, the lines and totals, the tax
 * invoice, paying an unpaid order, help and the cancel request.
 */
export function OrderDetail({ order, bill = null, token, onChanged }: { order: Order; bill?: ShopperBill | null; token: OrderToken; onChanged: () => void }) {
  const { t } = useTranslation();
  const shop = useShop();
  const when = useFormatWhen();
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onError = useCallback((message: string) => setError(message), []);
  // the UPI reference went: the order, asked again, says the shop is verifying it
  const [sent, setSent] = useState(false);
  const onSent = useCallback(() => {
    setPaying(false);
    setSent(true);
    onChanged();
  }, [onChanged]);

  function pay() {
    // PayU sends the shopper back to checkout, which finds the order as this tab's last one
    if (order.paymentType === 'payu') useCheckout.getState().rememberOrder(shop.id, { orderId: order.id, token, paymentType: 'payu', kind: order.kind });
    setError(null);
    setPaying(true);
  }

  return (
    <>
      <div className="flex flex-col gap-1 text-slate-700">
        <p>{t('checkout.orderNumber', { id: orderLabel(order) })}</p>
        {/* in the shop's time zone, as every other time of the order (the hold, the slot), whatever the device's */}
        <p>{t('order.placedOn', { date: when.dayAndTime(new Date(order.createdAt).toISOString()) })}</p>
        <p>{t('order.status', { status: t(`order.statuses.${order.status}`, { defaultValue: order.status }) })}</p>
        <DeliveryTime order={order} />
        <p>{t('order.payment', { status: paymentStatusText(t, order) })}</p>
        <UpiHold until={upiHoldUntil(order, shop.orderConfig)} className="font-medium text-amber-950" />
        <UpiDeadline by={upiVerifyBy(order, shop.orderConfig)} className="font-medium text-amber-950" />
        <EndedNote order={order} className="font-medium text-slate-900" />
        <RefundNote order={order} className="font-medium text-slate-900" />
      </div>
      {/* a cancelled or rejected order is offered no way to pay (the server refuses one too) */}
      {shopperMayPay(order) && (order.paymentType === 'upi-manual' || paidThroughGateway(order.paymentType)) ? (
        paying ? (
          <PaymentStep shopId={shop.id} order={order} token={token} onError={onError} onSent={onSent} />
        ) : (
          <Button size="lg" className="w-max" onClick={pay}>
            {t('order.payNow')}
          </Button>
        )
      ) : null}
      {sent && order.paymentType === 'upi-manual' ? (
        <p role="status" className="rounded-md bg-green-50 p-3 text-green-900">
          {t('checkout.upiWaiting')}
        </p>
      ) : null}
      <AlertText message={error} />
      <section aria-label={t('checkout.yourOrder')} className="rounded-lg border border-slate-200 bg-white p-4">
        <OrderSummary lines={orderLines(order)} totals={order.totals} />
      </section>
      {bill ? <TableBillNote bill={bill} /> : null}
      {/* a round of a table's open bill is invoiced with the bill, once it is paid */}
      {shop.gst && hasTaxInvoice(order) && bill?.status !== 'open' ? (
        <Link to={invoicePath(order.id, token)} className="w-max font-medium text-primary-strong hover:underline">
          {t('invoice.link')}
        </Link>
      ) : null}
      <OrderActions order={order} token={token} onChanged={onChanged} />
    </>
  );
}
