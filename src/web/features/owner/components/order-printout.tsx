import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { Link } from 'react-router';
import { qtyToMilli, type Minor } from '../../../../domain/money.ts';
import { endedUnfulfilled } from '../../../../domain/order-lifecycle.ts';
import { orderLabel } from '../../../../domain/order-number.ts';
import { addressLines, contactPhone, quantityLabel, tableText } from '../../../../domain/order-details.ts';
import type { OwnerOrderView } from '../../../../domain/order-view.ts';
import { useFormatPrice, useFormatWhen } from '../../../lib/format.ts';
import { useShop } from '../../../lib/use-shop.ts';
import { InvoiceSheet } from '../../../ui/invoice-sheet.tsx';
import { invoiceQuery, OwnerCallFailed, queryClient, useOwnerOrder } from '../api/owner-queries.ts';
import { ownerPaymentStatus, Totals } from './order-facts.tsx';
import { pageRules, papers, savedPaper, savePaper, sheetWidths, type Paper, type PrintoutKind } from '../lib/print.ts';
import { Button } from '../../../ui/button.tsx';

/**
 * A printout of an order (issue 18): the sheet as it comes out of the printer, with the
 * paper to print on and a Print button above it (neither is printed). The page size is
 * the paper's (`@page`), so the browser's print dialog and a PDF need no settings.
 */
export function OrderPrintout({ id, kind }: { id: string; kind: PrintoutKind }) {
  return kind === 'invoice' ? <OwnerInvoice id={id} /> : <Printout id={id} kind={kind} />;
}

/** The order's tax invoice, A4, as the server draws it for the shopper and the command line too. */
function OwnerInvoice({ id }: { id: string }) {
  const { t } = useTranslation();
  const query = useQuery(invoiceQuery(id), queryClient);
  return (
    <div className="flex flex-col gap-3">
      <Link to={`/admin/orders/${id}`} className="w-max text-sm font-medium text-primary-strong hover:underline print:hidden">
        ← {t('invoice.back')}
      </Link>
      {query.isPending ? (
        <p role="status">{t('invoice.loading')}</p>
      ) : query.isError ? (
        <p role="alert">{query.error instanceof Error ? query.error.message : t('owner.failed')}</p>
      ) : (
        <InvoiceSheet number={query.data.number} html={query.data.html} />
      )}
    </div>
  );
}

function Printout({ id, kind }: { id: string; kind: Exclude<PrintoutKind, 'invoice'> }) {
  const { t } = useTranslation();
  const shop = useShop();
  const query = useOwnerOrder(id);
  // rendered in the browser only (under the owner's frame): the printer's paper is read at once
  const [paper, setPaper] = useState<Paper>(() => savedPaper(shop.id));

  if (query.isPending) return <p role="status">{t('nav.loading')}</p>;
  if (query.isError)
    return <p role="alert">{query.error instanceof OwnerCallFailed && query.error.status === 404 ? t('owner.noSuchOrder') : t('owner.failed')}</p>;
  const { order } = query.data;
  const choose = (next: Paper) => {
    setPaper(next);
    savePaper(shop.id, next);
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 print:hidden">
        <Link to={`/admin/orders/${order.id}`} className="w-max text-sm font-medium text-primary-strong hover:underline">
          ← {t('owner.order', { id: orderLabel(order) })}
        </Link>
        <h1 className="text-xl font-bold">{t(`owner.printout.${kind}`)}</h1>
        <fieldset className="flex flex-wrap items-center gap-3">
          <legend className="mb-1 text-sm font-semibold">{t('owner.paper')}</legend>
          {papers.map((p) => (
            <label key={p} className="flex items-center gap-1.5 text-sm">
              <input type="radio" name="paper" value={p} checked={paper === p} onChange={() => choose(p)} className="accent-primary-strong" />
              {t(`owner.papers.${p}`)}
            </label>
          ))}
        </fieldset>
        <Button size="lg" className="w-max" onClick={() => window.print()}>
          {t('owner.printNow')}
        </Button>
      </div>
      <style>{`${pageRules[paper]} @media print { html, body { background: #fff; } }`}</style>
      <div
        data-paper={paper}
        style={{ width: sheetWidths[paper] }}
        className={`bg-white text-black shadow print:shadow-none ${paper === '58mm' ? 'p-1 text-[11px]' : paper === '80mm' ? 'p-2 text-xs' : 'p-4 text-sm'}`}
      >
        {kind === 'kitchen' ? <KitchenTicket order={order} /> : <Sheet order={order} kind={kind} />}
      </div>
    </div>
  );
}

/** The slip and the receipt: the shop, the order, and what goes with it (packing) or what it cost (receipt). */
function Sheet({ order, kind }: { order: OwnerOrderView<Minor>; kind: 'slip' | 'receipt' }) {
  const { t } = useTranslation();
  const shop = useShop();
  const price = useFormatPrice();
  const when = useFormatWhen();
  const address = addressLines(order);
  const slot = order.details.shippingSlot;
  const phone = contactPhone(order);
  const table = tableText(order, shop.dineSpaces);
  // what the rider or the counter does about the money: collect it, or nothing (paid, being checked, or the order ended)
  const collect = order.paymentStatus === 'to_collect' && !endedUnfulfilled(order.status);
  const rule = 'my-1.5 border-t border-dashed border-black';
  return (
    <div className="flex flex-col gap-1 leading-snug">
      <p className="text-center text-[1.3em] font-bold">{shop.title}</p>
      {kind === 'receipt' && (shop.contact.address || shop.contact.phone) ? (
        <p className="text-center">{[shop.contact.address, shop.contact.phone].filter(Boolean).join(' · ')}</p>
      ) : null}
      <p className="text-center font-semibold uppercase tracking-wide">{t(`owner.printout.${kind}`)}</p>
      <hr className={rule} />
      <p className="flex justify-between gap-2 text-[1.2em] font-bold">
        <span>{t('owner.order', { id: orderLabel(order) })}</span>
      </p>
      <p>{when.dayAndTime(new Date(order.createdAt).toISOString())}</p>
      <p className="font-semibold">
        {t(`checkout.modes.${order.deliveryMode}`)}
        {slot ? ` · ${when.day(slot.start)}, ${slot.label}` : ''}
        {table ? ` · ${table}` : ''}
      </p>
      {kind === 'slip' && address ? (
        <div>
          <p className="font-semibold">{t('owner.deliverTo')}</p>
          {address.map((line, i) => (
            <p key={i}>{line}</p>
          ))}
          {order.details.shippingDetails?.phone ? <p>{t('owner.phone', { phone: order.details.shippingDetails.phone })}</p> : null}
        </div>
      ) : null}
      {order.details.personalDetails?.fullName || phone ? <p>{[order.details.personalDetails?.fullName, phone].filter(Boolean).join(' · ')}</p> : null}
      <hr className={rule} />
      <ul className="flex flex-col gap-0.5">
        {order.lines.map((l) => (
          <li key={l.productId} className="flex justify-between gap-2">
            <span>
              {kind === 'slip' ? '☐ ' : ''}
              <strong>{quantityLabel(qtyToMilli(l.qty, l.isFraction), l.isFraction)}</strong> {l.title}
              {l.variantName ? ` (${l.variantName})` : ''}
              {kind === 'receipt' ? (
                <span className="block text-[0.9em]">{t(l.isFraction ? 'owner.perKg' : 'owner.each', { price: price(l.unitPrice) })}</span>
              ) : null}
            </span>
            {kind === 'receipt' ? <span className="whitespace-nowrap">{price(l.total)}</span> : null}
          </li>
        ))}
      </ul>
      {order.details.note ? <p className="mt-1 font-semibold">{t('owner.note', { note: order.details.note })}</p> : null}
      <hr className={rule} />
      {kind === 'receipt' ? <Totals order={order} grandClassName="text-[1.2em] font-bold" /> : null}
      {order.kind === 'order' ? (
        <p className="font-semibold">
          {collect ? t('owner.toCollect', { amount: price(order.grandTotal) }) : ownerPaymentStatus(t, order)}
          {order.paymentType ? ` · ${t(`owner.paymentBy.${order.paymentType}`, { defaultValue: order.paymentType })}` : ''}
        </p>
      ) : null}
      {kind === 'receipt' && order.paymentReference ? <p>{t('owner.paymentReference', { reference: order.paymentReference })}</p> : null}
      {kind === 'receipt' && order.refund ? (
        <p>
          {order.refund.status === 'due'
            ? t('owner.refundDue', {
                amount: price(order.refund.amount),
                method: t(`owner.paymentBy.${order.refund.method}`, { defaultValue: order.refund.method }),
              })
            : t('owner.refunded', { amount: price(order.refund.amount), date: when.day(new Date(order.refund.refundedAt ?? 0).toISOString()) })}
        </p>
      ) : null}
      {kind === 'receipt' ? <p className="mt-2 text-center">{t('owner.thanks')}</p> : null}
    </div>
  );
}

/** The kitchen's ticket: the table (or how it leaves), the time, the items and the note, in large type. */
function KitchenTicket({ order }: { order: OwnerOrderView }) {
  const { t } = useTranslation();
  const shop = useShop();
  const when = useFormatWhen();
  const table = tableText(order, shop.dineSpaces);
  return (
    <div className="flex flex-col gap-1 leading-tight">
      <p className="text-center font-semibold uppercase tracking-wide">{t('owner.printout.kitchen')}</p>
      <p className="text-[2em] font-black">{order.deliveryMode === 'dine' ? (table ?? t('checkout.modes.dine')) : t(`checkout.modes.${order.deliveryMode}`)}</p>
      <p className="text-[1.5em] font-bold">
        {t('owner.order', { id: orderLabel(order) })} · {when.time(new Date(order.createdAt).toISOString())}
      </p>
      <hr className="my-1.5 border-t-2 border-black" />
      <ul className="flex flex-col gap-1 text-[1.6em] font-bold">
        {order.lines.map((l) => (
          <li key={l.productId}>
            {quantityLabel(qtyToMilli(l.qty, l.isFraction), l.isFraction)} {l.title}
            {l.variantName ? ` (${l.variantName})` : ''}
          </li>
        ))}
      </ul>
      {order.details.note ? <p className="mt-2 border-2 border-black p-1 text-[1.5em] font-bold">{t('owner.note', { note: order.details.note })}</p> : null}
    </div>
  );
}
