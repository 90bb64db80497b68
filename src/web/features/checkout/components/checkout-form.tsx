import { useEffect, useMemo } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { isCartVirtual, lineTotal, type CartAction, type CartItem } from '../../../../domain/cart-rules.ts';
import { detailsAsked, detailsModeOf, offeredModes, offeredPayments, paymentLabels } from '../../../../domain/checkout-rules.ts';
import type { OrderRequest } from '../../../../domain/order.ts';
import { fromMinor } from '../../../../domain/money.ts';
import { shopMoneyOf } from '../../../../domain/shop-money.ts';
import { cartLineInput, computeTotals } from '../../../../domain/totals.ts';
import type { ApiError } from '../../../lib/api.ts';
import { useOnline } from '../../../lib/use-online.ts';
import { useShop, useWhatsappUpdates } from '../../../lib/use-shop.ts';
import { useOrderQuote } from '../api/orders.ts';
import { useCheckoutStock } from '../hooks/use-checkout-stock.ts';
import { useContactPrefill } from '../hooks/use-contact-prefill.ts';
import { usePlaceOrder, type Shortage } from '../hooks/use-place-order.ts';
import { useSavedAddresses } from '../hooks/use-saved-addresses.ts';
import { useCheckout } from '../store/checkout-store.ts';
import { AddressSection, ContactSection, ModeSection, PaymentSection, TableSection } from './checkout-sections.tsx';
import { Field, FieldError } from './field.tsx';
import { OrderSummary } from './order-summary.tsx';
import { StockNotice } from './stock-notice.tsx';
import { TermsNote } from './terms-note.tsx';
import { WhatsAppBox } from '../../../ui/whatsapp-box.tsx';

/**
 * The checkout form (§4 Checkout): how to get the order, the shopper's details, the
 * address, table or slot, a coupon, and how to pay. The totals shown are the server's
 * quote (`useOrderQuote`, what the order charges), the cart's own computeTotals only
 * until it comes; the order carries the total shown, and a price changed meanwhile is
 * answered with the new quote instead of being charged (decision 073). The cart comes
 * from the page, which also empties it once the order is placed (`usePlaceOrder`).
 */
export function CheckoutForm({
  items,
  onPlaced,
  onCartChange,
}: {
  items: readonly CartItem[];
  onPlaced: () => void;
  onCartChange: (action: CartAction) => void;
}) {
  const { t } = useTranslation();
  const shop = useShop();
  const state = useCheckout();
  const { dispatch } = state;
  useContactPrefill();
  const online = useOnline();
  // only downloads and services: nothing is carried, so no mode, address, slot or table, and no delivery or packing (the server agrees)
  const digital = isCartVirtual(items);
  const modes = digital ? [] : offeredModes(shop);
  // every shop delivers, so a digital order goes as 'ship' whatever the tab chose; the server asks it no address
  const deliveryMode = digital ? 'ship' : state.deliveryMode;
  const enquiry = !shop.orderConfig.orderEnabled && shop.orderConfig.enquiryEnabled;
  const providers = useMemo(() => offeredPayments(shop, { digital }), [shop, digital]);
  const addresses = useSavedAddresses();
  const { place, formRef, errorFor, serverFields, problem, shortages, busy } = usePlaceOrder({ digital, onPlaced });

  // one provider: nothing to choose
  useEffect(() => {
    if (!state.orderPaymentType && providers.length === 1) dispatch({ type: 'choosePayment', paymentType: providers[0]!.id });
  }, [providers, state.orderPaymentType, dispatch]);

  const whatsappOffered = useWhatsappUpdates();
  const digits = shop.localeConfig.fractionDigits;
  const request: OrderRequest = {
    userId: null,
    sfId: shop.id,
    order: {
      items: items.map((i) => ({ id: i.id, qty: i.qty })),
      deliveryMode,
      personalDetails: state.personalDetails,
      shippingDetails: deliveryMode === 'ship' && !digital ? state.shippingDetails : undefined,
      dineInDetails: deliveryMode === 'dine' ? state.dineInDetails : undefined,
      shippingSlotId: deliveryMode === 'ship' && !digital ? state.shippingSlotId : null,
      paymentType: enquiry ? null : state.orderPaymentType,
      couponCode: state.couponCode.trim() || null,
      note: state.note,
      ...(whatsappOffered ? { whatsappUpdates: state.whatsappUpdates } : {}),
    },
  };
  // the cart's own totals until the server's quote comes; then the quote, which is what the order charges
  const { quote, refusal, current } = useOrderQuote(request);
  // each line's stock, as soon as the page or the server knows it; a line out of stock counts in no total
  const stock = useCheckoutStock(items, { quote, refusal, placeShortages: shortages });
  const cartTotals = useMemo(
    () => computeTotals({ lines: stock.counted.map((i) => cartLineInput(i, shop)), mode: deliveryMode, digital }, shopMoneyOf(shop).totals).lines,
    [stock.counted, deliveryMode, digital, shop],
  );
  const quotedTotal = (id: string) => quote?.lines.find((l) => l.productId === id)?.total;
  const summaryLines = items.map((i) => ({
    key: i.id,
    title: i.title,
    variantName: i.variantName,
    qty: i.qty,
    isFraction: i.isFraction,
    total: quotedTotal(i.id) ?? lineTotal(i, digits),
    stock: stock.lines.get(i.id),
  }));
  const couponRefused = refusal?.fields?.find((f) => f.path === 'order.couponCode')?.message;
  const totals = quote?.totals ?? cartTotals;
  // the order carries the server's total shown for it: should the server charge another one now, it asks again instead
  // (none while the next quote is asked: what is on screen then was for the checkout as it was)
  const shownTotal = current && quote ? fromMinor(quote.grandTotal, digits) : undefined;

  // what this way of getting the order asks (a table: the name), and how its payments are called (decision 050)
  const detailsMode = detailsModeOf(deliveryMode, { digital });
  const labelsOf = (p: (typeof providers)[number]) => paymentLabels(p, detailsMode);
  const chosen = providers.find((p) => p.id === state.orderPaymentType);

  return (
    <form
      ref={formRef}
      onSubmit={(e) => (e.preventDefault(), void place({ ...request, order: { ...request.order, quotedTotal: shownTotal } }, stock.stop))}
      noValidate
      className="grid gap-6 lg:grid-cols-[1fr_22rem]"
    >
      <div className="flex flex-col gap-4">
        <h1 className="text-2xl font-semibold">{t('checkout.title')}</h1>
        {/* said before the shopper fills anything in; a failed order says it again by the button */}
        {!online && problem !== t('checkout.offline') ? (
          <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            {t('checkout.offline')}
          </p>
        ) : null}
        <ModeSection modes={modes} errorFor={errorFor} />
        <ContactSection required={detailsAsked(shop.orderConfig.detailsConfig, detailsMode)} errorFor={errorFor} />
        {digital ? (
          <p className="rounded-lg border border-slate-200 bg-white p-4" data-testid="nothing-shipped">
            {t('checkout.digital.nothingShipped')}
          </p>
        ) : null}
        {deliveryMode === 'ship' && !digital ? <AddressSection addresses={addresses} errorFor={errorFor} /> : null}
        {deliveryMode === 'dine' ? <TableSection errorFor={errorFor} /> : null}
        {!enquiry && providers.length > 0 ? (
          <PaymentSection providers={providers} nameOf={(p) => labelsOf(p).providerName ?? t('checkout.payAtCounter')} errorFor={errorFor} />
        ) : null}
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          {t('checkout.note')}
          <textarea
            value={state.note}
            maxLength={500}
            rows={2}
            onChange={(e) => dispatch({ type: 'setNote', note: e.target.value })}
            aria-invalid={errorFor('note') ? true : undefined}
            className="rounded-md border border-slate-300 px-3 py-2 text-base font-normal"
          />
          {errorFor('note') ? <FieldError>{errorFor('note')}</FieldError> : null}
        </label>
        {whatsappOffered ? <WhatsappUpdatesBox /> : null}
      </div>

      <aside
        className="flex flex-col gap-4 self-start rounded-lg border border-slate-200 bg-white p-4 lg:sticky lg:top-20"
        aria-label={t('checkout.yourOrder')}
      >
        <h2 className="text-lg font-semibold">{t('checkout.yourOrder')}</h2>
        <OrderSummary
          lines={summaryLines}
          totals={totals}
          fixes={{
            onRemove: (productId) => onCartChange({ type: 'remove', productId }),
            onChange: (productId, qty) => onCartChange({ type: 'setQty', productId, qty }),
          }}
        />
        {/* a stock refusal is told on its lines, and here while it stops the order */}
        {refusal && !couponRefused && refusal.error !== 'out_of_stock' ? <QuoteRefusal refusal={refusal} /> : null}
        <StockNotice stock={stock} />
        <Field
          label={t('checkout.coupon')}
          value={state.couponCode}
          onChange={(e) => dispatch({ type: 'setCoupon', code: e.target.value })}
          autoComplete="off"
          error={couponRefused ?? serverFields.find((f) => f.path === 'order.couponCode')?.message}
        />
        {shop.newsletter.couponEnabled ? (
          <p className="-mt-2 text-sm text-slate-600">{t('checkout.couponHint', { percent: shop.newsletter.couponPercent })}</p>
        ) : null}
        {problem ? (
          <div role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            <p>{problem}</p>
            <ShortageList lines={shortages} />
          </div>
        ) : null}
        <TermsNote enquiry={enquiry} />
        <button type="submit" disabled={busy} className="rounded-md bg-primary py-3 text-lg font-semibold text-on-primary disabled:opacity-60">
          {busy ? t('checkout.placing') : enquiry ? t('checkout.sendEnquiry') : ((chosen && labelsOf(chosen).buttonText) ?? t('checkout.placeOrder'))}
        </button>
      </aside>
    </form>
  );
}

/** Why the order would be refused as the checkout stands: said before the shopper presses the button. */
function QuoteRefusal({ refusal }: { refusal: ApiError }) {
  const { t } = useTranslation();
  const message =
    refusal.error === 'unavailable'
      ? t('checkout.unavailable')
      : refusal.error === 'store_closed'
        ? t('checkout.storeClosed')
        : (refusal.fields?.[0]?.message ?? refusal.message);
  if (!message || refusal.error === 'slot_full' || refusal.error === 'slot_closed') return null;
  return (
    <div role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900" data-testid="quote-refusal">
      <p>{message}</p>
    </div>
  );
}

/** The lines the shop has less of than asked, with what is left. */
function ShortageList({ lines }: { lines: Shortage[] }) {
  const { t } = useTranslation();
  if (!lines.length) return null;
  return (
    <ul className="mt-1 list-disc pl-5">
      {lines.map((s) => (
        <li key={s.id}>{t('checkout.outOfStockLine', { title: s.title, available: s.available })}</li>
      ))}
    </ul>
  );
}

/** "Send me updates on WhatsApp" (issue 40): each step of the order to the phone number given above, until the shopper writes STOP. */
function WhatsappUpdatesBox() {
  const { t } = useTranslation();
  const on = useCheckout((s) => s.whatsappUpdates);
  const phone = useCheckout((s) => s.personalDetails.phone);
  const dispatch = useCheckout((s) => s.dispatch);
  const number = phone.number.trim() ? `${phone.number.trim().startsWith('+') ? '' : `${phone.dialCode} `}${phone.number.trim()}` : '';
  return (
    <WhatsAppBox
      checked={on}
      onChange={(checked) => dispatch({ type: 'setWhatsappUpdates', on: checked })}
      label={t('checkout.whatsappUpdates')}
      hint={number ? t('checkout.whatsappUpdatesTo', { number }) : t('checkout.whatsappUpdatesNoPhone')}
    />
  );
}
