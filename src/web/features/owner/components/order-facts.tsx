import { useTranslation, type TFunction } from '../../../lib/i18n/i18n.ts';
import { useState } from 'react';
import { minor, qtyToMilli, type Minor } from '../../../../domain/money.ts';
import { addressLines, contactPhone, quantityLabel, tableText, telHref } from '../../../../domain/order-details.ts';
import { endedUnfulfilled, endedWithoutPayment, isFinalStatus, unpaidStatuses } from '../../../../domain/order-lifecycle.ts';
import { orderLabel } from '../../../../domain/order-number.ts';
import type { OrderHistoryEntry, OrderView, OwnerOrderSummary } from '../../../../domain/order-view.ts';
import { upiVerifyBy } from '../../../../domain/payments.ts';
import { whatsappLink } from '../../../../domain/whatsapp.ts';
import { useFormatPrice, useFormatWhen } from '../../../lib/format.ts';
import { useShop } from '../../../lib/use-shop.ts';
import { totalsLabelKey } from '../../../../domain/totals.ts';

const iso = (ms: number) => new Date(ms).toISOString();
const link = 'font-medium text-primary-strong underline';

/**
 * Who ordered, and how to reach them: name, a phone to tap, an e-mail to write to, and a WhatsApp
 * message from the owner's own WhatsApp with the text for the order's status written in (issue 40's
 * free path: no API, no cost).
 */
export function ContactLine({ order }: { order: OwnerOrderSummary<Minor> }) {
  const { t } = useTranslation();
  const shop = useShop();
  const price = useFormatPrice();
  const personal = order.details.personalDetails;
  const phone = contactPhone(order);
  const message = [
    personal?.fullName?.trim()
      ? t('owner.customerGreeting', { name: personal.fullName.trim(), shop: shop.title })
      : t('owner.customerGreetingNoName', { shop: shop.title }),
    t(`owner.customerMessage.${order.status}`, { id: orderLabel(order), defaultValue: '' }),
    // what is still to pay, unless the order ended
    !endedUnfulfilled(order.status) && unpaidStatuses.includes(order.paymentStatus) && order.kind === 'order'
      ? t('owner.customerToPay', { total: price(order.upiAmount ?? order.grandTotal) })
      : '',
  ]
    .filter(Boolean)
    .join(' ');
  const whatsapp = phone ? whatsappLink(phone, message) : null;
  return (
    <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm">
      {personal?.fullName ? <span className="font-medium">{personal.fullName}</span> : null}
      {phone ? (
        <a href={telHref(phone)} className={link}>
          {phone}
        </a>
      ) : null}
      {personal?.email ? (
        <a href={`mailto:${personal.email}`} className={link}>
          {personal.email}
        </a>
      ) : null}
      {whatsapp ? (
        <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={link}>
          {t('owner.messageCustomer')}
        </a>
      ) : null}
    </p>
  );
}

/** Where the order goes: the address (copied as one block for a rider's app), the slot with its day, the table, pickup, or nowhere (a digital order). */
export function HandOver({ order, full = false }: { order: OwnerOrderSummary; full?: boolean }) {
  const { t } = useTranslation();
  const when = useFormatWhen();
  const shop = useShop();
  const [copied, setCopied] = useState(false);
  const address = addressLines(order);
  const slot = order.details.shippingSlot;
  const table = tableText(order, shop.dineSpaces);
  const phone = order.details.shippingDetails?.phone;
  const copy = async () => {
    await navigator.clipboard.writeText([...(address ?? []), ...(phone ? [phone] : [])].join('\n'));
    setCopied(true);
  };
  return (
    <div className="flex flex-col gap-1 text-sm">
      {address ? (
        <div>
          <p className="font-semibold">{t('owner.deliverTo')}</p>
          <address className="not-italic">
            {(full ? address : address.slice(1, 3)).map((line, i) => (
              <span key={i} className="block">
                {line}
              </span>
            ))}
          </address>
          {full && phone ? (
            <a href={telHref(phone)} className={link}>
              {phone}
            </a>
          ) : null}
          {full ? (
            <button type="button" onClick={() => void copy()} className="mt-1 block rounded-md border border-slate-300 px-3 py-1.5 font-semibold">
              {copied ? t('owner.copied') : t('owner.copyAddress')}
            </button>
          ) : null}
        </div>
      ) : null}
      {slot ? <p>{t('owner.slot', { day: when.day(slot.start), slot: slot.label })}</p> : null}
      {order.deliveryMode === 'dine' ? <p className="font-semibold">{t('owner.table', { table: table ?? '—' })}</p> : null}
      {order.deliveryMode === 'pickup' ? <p>{t('owner.pickup')}</p> : null}
      {order.deliveryMode === 'digital' ? <p>{t('owner.digital')}</p> : null}
      {order.details.note ? <p className="rounded bg-yellow-50 px-2 py-1 text-yellow-950">{t('owner.note', { note: order.details.note })}</p> : null}
    </div>
  );
}

/** The lines as the owner packs them: '0.75 kg Nankhatai (Box)', '2 × Cotton Tee'; with prices on the order's page. */
export function Lines({ order, prices = false }: { order: OwnerOrderSummary<Minor>; prices?: boolean }) {
  const { t } = useTranslation();
  const price = useFormatPrice();
  return (
    <ul className="flex flex-col gap-1 text-sm">
      {order.lines.map((l) => (
        <li key={l.productId} className="flex flex-wrap justify-between gap-x-3">
          <span>
            <span className="font-semibold">{quantityLabel(qtyToMilli(l.qty, l.isFraction), l.isFraction)}</span> {l.title}
            {l.variantName ? ` (${l.variantName})` : ''}
          </span>
          {prices ? (
            <span className="text-slate-700">
              {t(l.isFraction ? 'owner.perKg' : 'owner.each', { price: price(l.unitPrice) })} · <strong>{price(l.total)}</strong>
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The payment's state in the owner's words: an order that ended before it was paid has no money to collect, not a payment still awaited. */
export const ownerPaymentStatus = (t: TFunction, order: Pick<OwnerOrderSummary, 'status' | 'paymentStatus'>): string =>
  endedWithoutPayment(order) ? t('owner.endedUnpaid') : t(`order.paymentStatuses.${order.paymentStatus}`, { defaultValue: order.paymentStatus });

/** How the order is paid, and what to check: the shopper's UPI reference and by when (decision 073), a refund owed. */
export function PaymentFacts({ order }: { order: OwnerOrderSummary<Minor> }) {
  const { t } = useTranslation();
  const price = useFormatPrice();
  const when = useFormatWhen();
  const { orderConfig } = useShop();
  if (order.kind === 'enquiry') return <p className="text-sm">{t('order.paymentStatuses.none')}</p>;
  const { refund } = order;
  const verifyBy = upiVerifyBy(order, orderConfig);
  return (
    <div className="flex flex-col gap-1 text-sm">
      <p>
        {order.paymentType ? t(`owner.paymentBy.${order.paymentType}`, { defaultValue: order.paymentType }) : t('owner.paymentNotChosen')} ·{' '}
        <strong>{ownerPaymentStatus(t, order)}</strong>
      </p>
      {order.paymentType === 'upi-manual' && order.upiAmount !== null && order.upiAmount !== order.grandTotal ? (
        <p>{t('owner.upiAsked', { amount: price(order.upiAmount), extra: price(minor(order.upiAmount - order.grandTotal)) })}</p>
      ) : null}
      {order.paymentReference ? (
        <p className={order.paymentStatus === 'awaiting_verification' ? 'w-max rounded bg-amber-100 px-2 py-0.5 font-semibold text-amber-950' : ''}>
          {t(order.paymentType === 'upi-manual' ? 'owner.upiReference' : 'owner.paymentReference', { reference: order.paymentReference })}
        </p>
      ) : null}
      {order.paymentType === 'upi-manual' && order.paymentStatus === 'awaiting_verification' && !order.paymentReference ? (
        <p className="w-max rounded bg-amber-100 px-2 py-0.5 font-semibold text-amber-950">
          {t('owner.upiNoReference', { amount: price(order.upiAmount ?? order.grandTotal) })}
        </p>
      ) : null}
      {verifyBy === null ? null : <p className="font-semibold text-amber-950">{t('owner.verifyBy', { when: when.dayTime(iso(verifyBy)) })}</p>}
      {refund?.status === 'due' ? (
        <p className="w-max rounded bg-red-100 px-2 py-0.5 font-semibold text-red-900">
          {t('owner.refundDue', { amount: price(refund.amount), method: t(`owner.paymentBy.${refund.method}`, { defaultValue: refund.method }) })}
        </p>
      ) : null}
      {refund?.status === 'refunded' ? (
        <p>
          {t('owner.refunded', { amount: price(refund.amount), date: when.day(iso(refund.refundedAt ?? 0)) })}
          {refund.reference ? ` · ${t('owner.paymentReference', { reference: refund.reference })}` : ''}
        </p>
      ) : null}
    </div>
  );
}

/** One step of the order's life: when (the shop's time), who, what. */
/**
 * A pay-on-delivery order from a contact the shop has never handed an order to (issue 20):
 * the one a prankster places. Said on the card and the order's page while it is open.
 */
export function NewCustomerMark({ order }: { order: OwnerOrderSummary }) {
  const { t } = useTranslation();
  // one the shop keyed in itself was taken from the customer in person or on the phone
  if (!order.newCustomer || order.paymentType !== 'pof' || order.channel !== 'online' || isFinalStatus(order.status)) return null;
  return (
    <p className="rounded bg-orange-100 px-2 py-1 text-sm text-orange-900">
      <strong>{t('owner.newCustomer')}</strong> — {t('owner.newCustomerHint')}
    </p>
  );
}

export function HistoryLine({ entry }: { entry: OrderHistoryEntry }) {
  const { t } = useTranslation();
  const when = useFormatWhen();
  const d = entry.detail;
  const status = (s: unknown) => t(`order.statuses.${String(s)}`, { defaultValue: String(s) });
  // an order cancelled for a UPI reference nobody confirmed says so, not that it went unpaid (decision 073)
  const action = entry.action === 'order.expired' && d.reason === 'upi_not_verified' ? 'order_expired_upi' : entry.action.replace('.', '_');
  const what =
    entry.action === 'order.status'
      ? `${status(d.from)} → ${status(d.to)}`
      : t(`owner.history.${action}`, {
          defaultValue: entry.action,
          reference: typeof d.reference === 'string' ? d.reference : '',
          minutes: typeof d.minutes === 'number' ? d.minutes : '',
          hours: typeof d.hours === 'number' ? d.hours : '',
          kind: t(`owner.whatsappKinds.${String(d.kind)}`, { defaultValue: String(d.kind ?? '') }),
          status: t(`owner.whatsappStatuses.${String(d.status)}`, { defaultValue: String(d.status ?? '') }),
          text: typeof d.text === 'string' ? d.text : '',
        }) + (typeof d.error === 'string' ? ` (${d.error})` : '');
  const who =
    entry.by === 'shopper'
      ? t('owner.history.shopper')
      : entry.by === 'command line'
        ? t('owner.history.commandLine')
        : entry.by === 'system'
          ? t('owner.history.system')
          : entry.by;
  return (
    <li className="flex flex-wrap gap-x-3 text-sm">
      <time dateTime={iso(entry.at)} className="text-slate-600">
        {when.dayAndTime(iso(entry.at))}
      </time>
      <span className="font-medium">{who}</span>
      <span>{what}</span>
    </li>
  );
}

/** The order's totals lines, the grand total last and larger. */
export function Totals({
  order,
  className = '',
  grandClassName = 'font-bold',
}: {
  order: OwnerOrderSummary<Minor>;
  className?: string;
  grandClassName?: string;
}) {
  const { t } = useTranslation();
  const price = useFormatPrice();
  return (
    <dl className={`flex flex-col ${className}`}>
      {order.totals.map((line, i) => (
        <div key={`${line.code}-${i}`} className={`flex justify-between gap-2 ${line.code === 'grand_total' ? grandClassName : ''}`}>
          <dt>
            {t(`checkout.totals.${totalsLabelKey(line)}`, { defaultValue: line.title })}
            {line.isPercentage && line.percentAmount !== null ? ` (${line.percentAmount}%)` : ''}
          </dt>
          <dd>{price(line.value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Where an order came from, when the shop keyed it in (issue 41): " · Phone" after its status line; nothing for an online one. */
export function ChannelNote({ order }: { order: Pick<OrderView, 'channel'> }) {
  const { t } = useTranslation();
  return order.channel === 'online' ? null : <> · {t(`owner.channels.${order.channel}`)}</>;
}
