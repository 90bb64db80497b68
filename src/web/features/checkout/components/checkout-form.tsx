import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isCartVirtual, lineTotal, type CartAction, type CartItem } from '../../../../domain/cart-rules.ts';
import { checkoutIssues, detailsAsked, detailsModeOf, offeredModes, offeredPayments, paymentLabels, type CheckoutIssue } from '../../../../domain/checkout-rules.ts';
import type { OrderRequest, PaymentType } from '../../../../domain/order.ts';
import { orderLabel } from '../../../../domain/order-number.ts';
import { fromMinor } from '../../../../domain/money.ts';
import { cartLineInput, computeTotals, totalsConfigOf, totalsForApi } from '../../../../domain/totals.ts';
import type { ApiError } from '../../../lib/api.ts';
import { paths } from '../../../lib/paths.ts';
import { noAnswerText } from '../../../lib/no-answer.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { asUser, useSession } from '../../../lib/session.ts';
import { useOnline } from '../../../lib/use-online.ts';
import { usePushPrompt } from '../../../lib/push-prompt.ts';
import { useUi } from '../../../lib/ui-store.ts';
import { useShop } from '../../../lib/use-shop.ts';
import { keepDeliveryAddress, savedAddressesQuery } from '../api/addresses.ts';
import { askSlotsAgain } from '../api/delivery-slots.ts';
import { placeOrder, useOrderQuote } from '../api/orders.ts';
import { useCheckoutStock } from '../hooks/use-checkout-stock.ts';
import { useContactPrefill } from '../hooks/use-contact-prefill.ts';
import { useCheckout } from '../store/checkout-store.ts';
import { AddressFields } from './address-fields.tsx';
import { DeliverySlotField } from './delivery-slot-field.tsx';
import { Field, FieldError, Section } from './field.tsx';
import { OrderSummary } from './order-summary.tsx';
import { StockNotice } from './stock-notice.tsx';
import { TermsNote } from './terms-note.tsx';

type Shortage = { id: string; title: string; requested: number; available: number };

/** A fresh key per checkout attempt; the same attempt sent again (a retry after a network error) keeps it. */
const newAttemptKey = () => `co-${Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')}`;

/**
 * The checkout form (§4 Checkout): how to get the order, the shopper's details, the
 * address, table or slot, a coupon, and how to pay. The totals shown are computeTotals'
 * on the cart, the same function the server charges with. The cart comes from the
 * page, which also empties it once the order is placed.
 */
export function CheckoutForm({ items, onPlaced, onCartChange }: { items: readonly CartItem[]; onPlaced: () => void; onCartChange: (action: CartAction) => void }) {
  const { t } = useTranslation();
  const shop = useShop();
  const navigate = useNavigate();
  const openModal = useUi((s) => s.openModal);
  const withLoader = useUi((s) => s.withLoader);
  const nextStep = (type: PaymentType | null) => (type === 'pof' ? t('checkout.payOnDelivery') : type === 'upi-manual' ? t('checkout.upiNext') : '');
  const state = useCheckout();
  const { dispatch } = state;
  useContactPrefill();
  const [issues, setIssues] = useState<CheckoutIssue[]>([]);
  const [serverFields, setServerFields] = useState<Array<{ path: string; message: string }>>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const online = useOnline();
  const [shortages, setShortages] = useState<Shortage[]>([]);
  const [busy, setBusy] = useState(false);
  const chooseSlot = useCallback((slotId: string | null) => dispatch({ type: 'chooseSlot', slotId }), [dispatch]);
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // after a refused submit, the first field to fix gets the focus
  const focusFirstProblem = () => requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  const loggedIn = useSession((s) => s.status === 'user');
  const userId = useSession((s) => s.user?.id ?? null);
  // a logged-in shopper's saved addresses; the first is picked unless they chose a new one
  const saved = useQuery({ ...savedAddressesQuery(userId), enabled: loggedIn }, queryClient).data;
  const addresses = loggedIn && saved?.ok ? saved.data : [];
  useEffect(() => {
    if (!saved?.ok) return;
    const { useSavedAddress, selectedAddressId } = useCheckout.getState();
    const first = saved.data[0];
    if (first && useSavedAddress && !selectedAddressId) {
      const { id, ...address } = first;
      dispatch({ type: 'useSavedAddress', id, address });
    }
  }, [saved, dispatch]);
  // only downloads and services: nothing is carried, so no mode, address, slot or table, and no delivery or packing (the server agrees)
  const digital = isCartVirtual(items);
  const modes = digital ? [] : offeredModes(shop);
  // every shop delivers, so a digital order goes as 'ship' whatever the tab chose; the server asks it no address
  const deliveryMode = digital ? 'ship' : state.deliveryMode;
  const enquiry = !shop.orderConfig.orderEnabled && shop.orderConfig.enquiryEnabled;
  const providers = useMemo(() => offeredPayments(shop, { digital }), [shop, digital]);

  // one provider: nothing to choose
  useEffect(() => {
    if (!state.orderPaymentType && providers.length === 1) dispatch({ type: 'choosePayment', paymentType: providers[0]!.id });
  }, [providers, state.orderPaymentType, dispatch]);

  const digits = shop.localeConfig.fractionDigits;
  // the cart's own totals until the server's quote comes; then the quote, which is what the order charges
  const { quote, refusal } = useOrderQuote(request());
  // each line's stock, as soon as the page or the server knows it; a line out of stock counts in no total
  const stock = useCheckoutStock(items, { quote, refusal, placeShortages: shortages });
  const cartTotals = useMemo(() => totalsForApi(computeTotals({ lines: stock.counted.map((i) => cartLineInput(i, shop)), mode: deliveryMode, digital }, totalsConfigOf(shop)).lines, digits), [stock.counted, deliveryMode, digital, shop, digits]);
  const quotedTotal = (id: string) => quote?.lines.find((l) => l.productId === id)?.total;
  const summaryLines = items.map((i) => ({ key: i.id, title: i.title, variantName: i.variantName, qty: i.qty, isFraction: i.isFraction, total: quotedTotal(i.id) ?? fromMinor(lineTotal(i, digits), digits), stock: stock.lines.get(i.id) }));
  const couponRefused = refusal?.fields?.find((f) => f.path === 'order.couponCode')?.message;

  const errorFor = (path: string) => {
    const issue = issues.find((i) => i.path === path);
    if (issue) return t(`checkout.errors.${issue.code}`);
    return serverFields.find((f) => f.path === `order.${path}`)?.message;
  };

  function request(): OrderRequest {
    return {
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
      },
    };
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setProblem(null);
    setShortages([]);
    setServerFields([]);
    // a line out of stock or above it is fixed on its line first; the server would refuse it anyway
    if (stock.stop()) return;
    const body = request();
    const found = checkoutIssues(body.order, shop, { digital });
    setIssues(found);
    if (found.length) {
      setProblem(t('checkout.fixFields'));
      focusFirstProblem();
      return;
    }
    const text = JSON.stringify(body);
    if (attempt.current?.body !== text) attempt.current = { key: newAttemptKey(), body: text };
    setBusy(true);
    const key = attempt.current.key;
    // a logged-in shopper's order is theirs: the access token goes with it
    const res = await withLoader(asUser((headers) => placeOrder(body, key, headers)));
    setBusy(false);
    if (res.ok) {
      const { orderId, notificationToken, order, emailSent } = res.data;
      state.rememberOrder(shop.id, { orderId, token: notificationToken, paymentType: body.order.paymentType ?? null, kind: order.kind, emailSent });
      dispatch({ type: 'placed', orderId });
      dispatch({ type: 'completed' });
      // §4: placing an order clears the cart
      onPlaced();
      if (loggedIn && body.order.deliveryMode === 'ship' && body.order.shippingDetails) keepDeliveryAddress(body.order.shippingDetails, state.selectedAddressId, state.savedAddressEdited);
      attempt.current = null;
      // §2: after an order the notifications prompt speaks of the order (a logged-in shopper's pushes reach them)
      if (loggedIn) usePushPrompt.getState().force('order-success');
      // PayU takes the shopper away at once; everyone else sees the confirmation over the thank-you page
      if (body.order.paymentType !== 'payu') openModal('order-confirmation', { label: orderLabel(order), kind: order.kind, next: nextStep(body.order.paymentType ?? null) });
      void navigate(`${paths.checkout()}?${new URLSearchParams({ orderId }).toString()}`, { replace: true });
      return;
    }
    // §8: a failure is logged and the cart stays
    console.error('order placement failed', res.status, res.error?.error);
    // the server refused this attempt for good: sent again (the shop reopened, stock came back) it is a new one
    if (res.status >= 400 && res.status < 500) attempt.current = null;
    if (res.status === 0) return setProblem(noAnswerText({ offline: t('checkout.offline'), unreachable: t('checkout.unreachable') }));
    const err = res.error;
    if (err?.error === 'out_of_stock' && Array.isArray(err.lines)) {
      setShortages(err.lines as Shortage[]);
      return setProblem(t('checkout.outOfStock'));
    }
    if (err?.error === 'unavailable') return setProblem(t('checkout.unavailable'));
    if (err?.error === 'store_closed') return setProblem(t('checkout.storeClosed'));
    if (err?.error === 'slot_full' || err?.error === 'slot_closed') {
      // the slot went while the shopper filled the form: the list is asked for again
      askSlotsAgain();
      return setProblem(t(`checkout.${err.error === 'slot_full' ? 'slotTaken' : 'slotClosed'}`));
    }
    // a quantity the shop will not take in one order: no field of the form to point at, so its words
    const cartProblem = err?.fields?.find((f) => f.path.startsWith('order.items.'));
    if (res.status === 400 && cartProblem) return setProblem(cartProblem.message);
    if (res.status === 400 && err?.fields) {
      setServerFields(err.fields);
      focusFirstProblem();
      return setProblem(t('checkout.fixFields'));
    }
    setProblem(err?.message ?? t('checkout.failed'));
  }

  const personal = state.personalDetails;
  const shipping = state.shippingDetails;
  // what this way of getting the order asks (a table: the name), and how its payments are called (decision 050)
  const detailsMode = detailsModeOf(deliveryMode, { digital });
  const required = detailsAsked(shop.orderConfig.detailsConfig, detailsMode);
  const labelsOf = (p: (typeof providers)[number]) => paymentLabels(p, detailsMode);
  const chosen = providers.find((p) => p.id === state.orderPaymentType);
  const label = (text: string, isRequired: boolean) => (isRequired ? text : `${text} ${t('checkout.optional')}`);
  const setShipping = (details: Partial<typeof shipping>) => dispatch({ type: 'setShipping', details });

  return (
    <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate className="grid gap-6 lg:grid-cols-[1fr_22rem]">
      <div className="flex flex-col gap-4">
        <h1 className="text-2xl font-semibold">{t('checkout.title')}</h1>
        {/* said before the shopper fills anything in; a failed order says it again by the button */}
        {!online && problem !== t('checkout.offline') ? (
          <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            {t('checkout.offline')}
          </p>
        ) : null}
        {modes.length > 1 ? (
          <Section title={t('checkout.howToGet')}>
            <div role="radiogroup" aria-label={t('checkout.howToGet')} className="flex flex-wrap gap-2">
              {modes.map((mode) => (
                <label key={mode} className={`flex cursor-pointer items-center gap-2 rounded-full border px-4 py-2 font-medium ${state.deliveryMode === mode ? 'border-primary-strong bg-primary-strong/10' : 'border-slate-300'}`}>
                  <input type="radio" name="deliveryMode" value={mode} checked={state.deliveryMode === mode} onChange={() => dispatch({ type: 'chooseMode', mode })} className="accent-primary-strong" />
                  {t(`checkout.modes.${mode}`)}
                </label>
              ))}
            </div>
            {errorFor('deliveryMode') ? <FieldError>{errorFor('deliveryMode')}</FieldError> : null}
          </Section>
        ) : null}

        <Section title={t('checkout.contact')}>
          <Field label={label(t('checkout.fullName'), required.fullName)} autoComplete="name" value={personal.fullName} onChange={(e) => dispatch({ type: 'setPersonal', details: { fullName: e.target.value } })} error={errorFor('personalDetails.fullName')} />
          <Field label={label(t('checkout.email'), required.email)} type="email" autoComplete="email" value={personal.email} onChange={(e) => dispatch({ type: 'setPersonal', details: { email: e.target.value } })} error={errorFor('personalDetails.email')} />
          <div className="flex gap-2">
            <Field label={t('checkout.dialCode')} className="w-24" autoComplete="tel-country-code" value={personal.phone.dialCode} onChange={(e) => dispatch({ type: 'setPersonal', details: { phone: { dialCode: e.target.value } } })} />
            <Field label={label(t('checkout.phone'), required.phone)} className="flex-1" type="tel" autoComplete="tel-national" value={personal.phone.number} onChange={(e) => dispatch({ type: 'setPersonal', details: { phone: { number: e.target.value } } })} error={errorFor('personalDetails.phone')} />
          </div>
        </Section>

        {digital ? (
          <p className="rounded-lg border border-slate-200 bg-white p-4" data-testid="nothing-shipped">
            {t('checkout.digital.nothingShipped')}
          </p>
        ) : null}

        {deliveryMode === 'ship' && !digital ? (
          <Section title={t('checkout.address')}>
            {addresses.length > 0 ? (
              <div role="radiogroup" aria-label={t('checkout.savedAddresses')} className="flex flex-col gap-2">
                {addresses.map(({ id, ...address }) => (
                  <label key={id} className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-300 px-3 py-2">
                    <input type="radio" name="savedAddress" checked={state.selectedAddressId === id} onChange={() => dispatch({ type: 'useSavedAddress', id, address })} className="mt-1 accent-primary-strong" />
                    <span className="flex flex-col font-medium">
                      {address.fullName}
                      <span className="text-sm font-normal text-slate-600">{[address.streetName, address.apartment, address.city, address.zipCode].filter(Boolean).join(', ')}</span>
                    </span>
                  </label>
                ))}
                <label className="flex cursor-pointer items-center gap-3 rounded-md border border-slate-300 px-3 py-2">
                  <input type="radio" name="savedAddress" checked={state.selectedAddressId === null} onChange={() => dispatch({ type: 'useNewAddress', country: '' })} className="accent-primary-strong" />
                  <span className="font-medium">{t('checkout.newAddress')}</span>
                </label>
              </div>
            ) : null}
            <AddressFields value={shipping} onChange={setShipping} errorFor={(field) => errorFor(`shippingDetails.${field}`)} />
            {loggedIn && (!state.selectedAddressId || state.savedAddressEdited) ? <p className="text-sm text-slate-600">{t(state.savedAddressEdited ? 'checkout.addressUpdated' : 'checkout.addressSaved')}</p> : null}
            {shop.orderConfig.deliverySlots.length > 0 ? <DeliverySlotField value={state.shippingSlotId} onChange={chooseSlot} error={errorFor('shippingSlotId')} /> : null}
          </Section>
        ) : null}

        {deliveryMode === 'dine' ? (
          <Section title={t('checkout.table')}>
            {shop.dineSpaces.length > 0 ? (
              <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
                {t('checkout.chooseTable')}
                <select value={state.dineInDetails.spaceId} onChange={(e) => dispatch({ type: 'setDineIn', spaceId: e.target.value })} aria-invalid={errorFor('dineInDetails.spaceId') ? true : undefined} className="rounded-md border border-slate-300 bg-white px-3 py-2 text-base">
                  <option value="">—</option>
                  {shop.dineSpaces.map((space) => (
                    <option key={space.id} value={space.id}>
                      {space.name}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
            <Field label={t('checkout.tableNote')} value={state.dineInDetails.value} onChange={(e) => dispatch({ type: 'setDineIn', value: e.target.value })} error={errorFor('dineInDetails.spaceId')} />
          </Section>
        ) : null}

        {!enquiry && providers.length > 0 ? (
          <Section title={t('checkout.payment')}>
            <div role="radiogroup" aria-label={t('checkout.payment')} className="flex flex-col gap-2">
              {providers.map((p) => (
                <label key={p.id} className="flex cursor-pointer items-center gap-3 rounded-md border border-slate-300 px-3 py-2">
                  <input type="radio" name="paymentType" value={p.id} checked={state.orderPaymentType === p.id} onChange={() => dispatch({ type: 'choosePayment', paymentType: p.id as PaymentType })} className="accent-primary-strong" />
                  <span className="font-medium">{labelsOf(p).providerName ?? t('checkout.payAtCounter')}</span>
                </label>
              ))}
            </div>
            {errorFor('paymentType') ? <FieldError>{errorFor('paymentType')}</FieldError> : null}
          </Section>
        ) : null}

        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          {t('checkout.note')}
          <textarea value={state.note} maxLength={500} rows={2} onChange={(e) => dispatch({ type: 'setNote', note: e.target.value })} className="rounded-md border border-slate-300 px-3 py-2 text-base font-normal" />
        </label>
      </div>

      <aside className="flex flex-col gap-4 self-start rounded-lg border border-slate-200 bg-white p-4 lg:sticky lg:top-20" aria-label={t('checkout.yourOrder')}>
        <h2 className="text-lg font-semibold">{t('checkout.yourOrder')}</h2>
        <OrderSummary lines={summaryLines} totals={quote?.totals ?? cartTotals} fixes={{ onRemove: (productId) => onCartChange({ type: 'remove', productId }), onChange: (productId, qty) => onCartChange({ type: 'setQty', productId, qty }) }} />
        {/* a stock refusal is told on its lines, and here while it stops the order */}
        {refusal && !couponRefused && refusal.error !== 'out_of_stock' ? <QuoteRefusal refusal={refusal} /> : null}
        <StockNotice stock={stock} />
        <Field label={t('checkout.coupon')} value={state.couponCode} onChange={(e) => dispatch({ type: 'setCoupon', code: e.target.value })} autoComplete="off" error={couponRefused ?? serverFields.find((f) => f.path === 'order.couponCode')?.message} />
        {shop.newsletter.couponEnabled ? <p className="-mt-2 text-sm text-slate-600">{t('checkout.couponHint', { percent: shop.newsletter.couponPercent })}</p> : null}
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
  const message = refusal.error === 'unavailable' ? t('checkout.unavailable') : refusal.error === 'store_closed' ? t('checkout.storeClosed') : (refusal.fields?.[0]?.message ?? refusal.message);
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
