import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { Link } from 'react-router';
import { orderLabel } from '../../../../domain/order-number.ts';
import type { Minor } from '../../../../domain/money.ts';
import type { OwnerOrderView } from '../../../../domain/order-view.ts';
import { useFormatWhen } from '../../../lib/format.ts';
import { useShop } from '../../../lib/use-shop.ts';
import { OwnerCallFailed, useOwnerOrder } from '../api/owner-queries.ts';
import { printKinds } from '../lib/print.ts';
import { ChannelNote, ContactLine, HandOver, NewCustomerMark, HistoryLine, Lines, PaymentFacts, Totals } from './order-facts.tsx';
import { OrderSteps } from './order-steps.tsx';
import { WhatsAppReply } from './whatsapp-reply.tsx';

const section = 'flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4';

/**
 * One order in full on /admin/orders/:id (issue 18): everything to deliver, charge and
 * account for it — contact, address or table, slot, lines with units and prices, the
 * totals, payment with the shopper's reference, refund, note, history with names in the
 * shop's time — its next steps, and its printouts.
 */
export function OwnerOrder({ id }: { id: string }) {
  const { t } = useTranslation();
  const query = useOwnerOrder(id);
  if (query.isPending) return <p role="status">{t('nav.loading')}</p>;
  if (query.isError) {
    return (
      <div className="flex flex-col gap-3">
        <p role="alert">{query.error instanceof OwnerCallFailed && query.error.status === 404 ? t('owner.noSuchOrder') : t('owner.failed')}</p>
        <Link to="/admin" className="w-max font-medium text-primary-strong hover:underline">
          ← {t('owner.allOrders')}
        </Link>
      </div>
    );
  }
  return <OrderPage order={query.data.order} />;
}

function OrderPage({ order }: { order: OwnerOrderView<Minor> }) {
  const { t } = useTranslation();
  const shop = useShop();
  const when = useFormatWhen();
  const label = orderLabel(order);
  return (
    <article aria-label={t('owner.order', { id: label })} className="flex flex-col gap-4">
      <Link to="/admin" className="w-max text-sm font-medium text-primary-strong hover:underline">
        ← {t('owner.allOrders')}
      </Link>
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold">{t('owner.order', { id: label })}</h1>
        <p className="text-sm text-slate-700">
          <strong>{t(`order.statuses.${order.status}`, { defaultValue: order.status })}</strong> · {t(`checkout.modes.${order.deliveryMode}`)} ·{' '}
          {t('owner.placedAt', { when: when.dayAndTime(new Date(order.createdAt).toISOString()) })}
          <ChannelNote order={order} />
        </p>
        {order.cancelRequested && order.status !== 'cancelled' ? (
          <p className="w-max rounded bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900">{t('owner.cancelRequested')}</p>
        ) : null}
        <NewCustomerMark order={order} />
        {order.bill ? (
          <p className="text-sm">
            {order.bill.status === 'open' ? t('owner.bill.roundOpen') : t('owner.bill.roundSettled')}{' '}
            <Link to="/admin?section=tables" className="font-semibold text-primary-strong hover:underline">
              {t('owner.tables')}
            </Link>
          </p>
        ) : null}
      </header>
      <OrderSteps order={order} />
      <nav aria-label={t('owner.print')} className="flex flex-wrap gap-2">
        {printKinds(order, Boolean(shop.gst)).map((kind) => (
          <Link
            key={kind}
            to={`/admin/orders/${order.id}/print/${kind}`}
            className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-semibold"
          >
            {t(`owner.printAction.${kind}`)}
          </Link>
        ))}
      </nav>
      <div className="grid gap-4 md:grid-cols-2">
        <section aria-label={t('owner.contact')} className={section}>
          <h2 className="font-semibold">{t('owner.contact')}</h2>
          <ContactLine order={order} />
        </section>
        <section aria-label={t('owner.handOver')} className={section}>
          <h2 className="font-semibold">{t('owner.handOver')}</h2>
          <HandOver order={order} full />
        </section>
        <section aria-label={t('owner.items')} className={`${section} md:col-span-2`}>
          <h2 className="font-semibold">{t('owner.items')}</h2>
          <Lines order={order} prices />
          <Totals order={order} className="gap-1 border-t border-slate-200 pt-2 text-sm" grandClassName="text-base font-bold" />
          {order.couponCode ? <p className="text-sm text-slate-600">{t('owner.coupon', { code: order.couponCode })}</p> : null}
        </section>
        <section aria-label={t('owner.payment')} className={section}>
          <h2 className="font-semibold">{t('owner.payment')}</h2>
          <PaymentFacts order={order} />
        </section>
        <section aria-label={t('owner.historyTitle')} className={section}>
          <h2 className="font-semibold">{t('owner.historyTitle')}</h2>
          <ol className="flex flex-col gap-1">
            {order.history.map((entry, i) => (
              <HistoryLine key={i} entry={entry} />
            ))}
          </ol>
          <WhatsAppReply order={order} />
        </section>
      </div>
    </article>
  );
}
