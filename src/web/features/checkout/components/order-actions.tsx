import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { isFinalStatus } from '../../../../domain/order-lifecycle.ts';
import { qtyToMilli } from '../../../../domain/money.ts';
import { quantityLabel } from '../../../../domain/order-details.ts';
import type { Order } from '../../../../domain/order-view.ts';
import { whatsappLink } from '../../../../domain/whatsapp.ts';
import { useFormatPrice } from '../../../lib/format.ts';
import { orderLabel } from '../../../../domain/order-number.ts';
import type { OrderToken } from '../../../lib/order-call.ts';
import { useUi } from '../../../lib/ui-store.ts';
import { useShop } from '../../../lib/use-shop.ts';

/**
 * Help on WhatsApp about this order, the order itself sent to the shop from the shopper's own WhatsApp
 * (its number, lines and total: issue 40's free path), and asking the shop to cancel it (§2 order help,
 * order cancel request) once: after that, that it was asked.
 */
export function OrderActions({ order, token, onChanged }: { order: Order; token: OrderToken; onChanged: () => void }) {
  const { t } = useTranslation();
  const shop = useShop();
  const price = useFormatPrice();
  const lines = order.lines.map(
    (l) => `${quantityLabel(qtyToMilli(l.qty, l.isFraction), l.isFraction)} ${l.title}${l.variantName ? ` (${l.variantName})` : ''}`,
  );
  const sendToShop = whatsappLink(
    shop.contact.whatsappNumber ?? '',
    t('order.sendToShopText', {
      shop: shop.title,
      id: orderLabel(order),
      lines: lines.join('\n'),
      total: price(order.grandTotal),
      interpolation: { escapeValue: false },
    }),
  );
  const openModal = useUi((s) => s.openModal);
  const button = 'rounded-md border border-slate-300 px-4 py-2 font-medium hover:bg-slate-100';
  return (
    <div className="flex flex-wrap gap-3">
      {shop.contact.whatsappNumber ? (
        <button type="button" onClick={() => openModal('order-help', { label: orderLabel(order) })} className={button}>
          {t('order.help')}
        </button>
      ) : null}
      {sendToShop ? (
        <a href={sendToShop} target="_blank" rel="noopener noreferrer" className={button}>
          {t('order.sendToShop')}
        </a>
      ) : null}
      {/* after the end there is nothing left to cancel; a request sent waits for the shop */}
      {isFinalStatus(order.status) ? null : order.cancelRequested ? (
        <p className="self-center text-slate-700">{t('order.cancelRequestSent')}</p>
      ) : (
        <button
          type="button"
          onClick={() => openModal('order-cancel-request', { shopId: shop.id, orderId: order.id, token, onDone: onChanged })}
          className={button}
        >
          {t('order.cancel')}
        </button>
      )}
    </div>
  );
}
