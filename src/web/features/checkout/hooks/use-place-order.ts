import { useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { useNavigate } from 'react-router';
import { checkoutIssueMessages, checkoutIssues, type CheckoutIssue, type CheckoutIssueCode } from '../../../../domain/checkout-rules.ts';
import { toMinor } from '../../../../domain/money.ts';
import type { OrderRequest, PaymentType } from '../../../../domain/order.ts';
import { paidThroughGateway } from '../../../../domain/payment-types.ts';
import { orderLabel } from '../../../../domain/order-number.ts';
import { useFormatPrice } from '../../../lib/format.ts';
import { noAnswerText } from '../../../lib/no-answer.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { paths } from '../../../lib/paths.ts';
import { usePushPrompt } from '../../../lib/push-prompt.ts';
import { asUser, useSession } from '../../../lib/session.ts';
import { useUi } from '../../../lib/ui-store.ts';
import { useShop } from '../../../lib/use-shop.ts';
import { useKeepDeliveryAddress } from '../api/addresses.ts';
import { askSlotsAgain } from '../api/delivery-slots.ts';
import { placeOrder } from '../api/orders.ts';
import { useCheckout } from '../store/checkout-store.ts';

/** A line the shop has less of than asked, as the server's out_of_stock answer lists it. */
export type Shortage = { id: string; title: string; requested: number; available: number };

type FieldProblem = { path: string; message: string };

/** A fresh key per checkout attempt; the same attempt sent again (a retry after a network error) keeps it. */
const newAttemptKey = () => `co-${Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')}`;

/**
 * Placing the order (§4 Checkout, §8): the form's own checks, then the create call with one
 * Idempotency-Key per attempt, and what follows an answer — the thank-you page, the cart
 * emptied, the address kept, the notifications prompt — or the refusal in words the
 * shopper can act on (`problem`, a field's `errorFor`, the `shortages`).
 */
export function usePlaceOrder({ digital, onPlaced }: { digital: boolean; onPlaced: () => void }) {
  const { t } = useTranslation();
  const shop = useShop();
  const navigate = useNavigate();
  const openModal = useUi((s) => s.openModal);
  const withLoader = useUi((s) => s.withLoader);
  const loggedIn = useSession((s) => s.status === 'user');
  const price = useFormatPrice();
  const keepDeliveryAddress = useKeepDeliveryAddress();
  const [issues, setIssues] = useState<CheckoutIssue[]>([]);
  const [serverFields, setServerFields] = useState<FieldProblem[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [shortages, setShortages] = useState<Shortage[]>([]);
  const [busy, setBusy] = useState(false);
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // after a refused submit, the first field to fix gets the focus
  const focusFirstProblem = () => requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  const nextStep = (type: PaymentType | null) => (type === 'pof' ? t('checkout.payOnDelivery') : type === 'upi-manual' ? t('checkout.upiNext') : '');

  /** A field's problem: the form's own check first, then the server's words for it. */
  const errorFor = (path: string) => {
    const issue = issues.find((i) => i.path === path);
    if (issue) return t(`checkout.errors.${issue.code}`);
    const message = serverFields.find((f) => f.path === `order.${path}`)?.message;
    // the server answers in the shop's English: its checkout words are told in the shopper's language
    const known = Object.entries(checkoutIssueMessages).find(([, english]) => english === message)?.[0] as CheckoutIssueCode | undefined;
    return known ? t(`checkout.errors.${known}`) : message;
  };

  /** `stopForStock`: true when a line out of stock or above it must be fixed on its line first (the server would refuse it anyway). */
  async function place(body: OrderRequest, stopForStock: () => boolean) {
    setProblem(null);
    setShortages([]);
    setServerFields([]);
    if (stopForStock()) return;
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
      const state = useCheckout.getState();
      const { orderId, notificationToken, order, emailSent } = res.data;
      state.rememberOrder(shop.id, { orderId, token: notificationToken, paymentType: body.order.paymentType ?? null, kind: order.kind, emailSent });
      state.dispatch({ type: 'placed', orderId });
      state.dispatch({ type: 'completed' });
      // §4: placing an order clears the cart
      onPlaced();
      if (loggedIn && body.order.deliveryMode === 'ship' && body.order.shippingDetails)
        keepDeliveryAddress(body.order.shippingDetails, state.selectedAddressId, state.savedAddressEdited);
      attempt.current = null;
      // §2: after an order the notifications prompt speaks of the order (a logged-in shopper's pushes reach them)
      if (loggedIn) usePushPrompt.getState().force('order-success');
      // a gateway's page (PayU) or window (Razorpay) comes at once; everyone else sees the confirmation over the thank-you page
      if (!paidThroughGateway(body.order.paymentType))
        openModal('order-confirmation', { label: orderLabel(order), kind: order.kind, next: nextStep(body.order.paymentType ?? null) });
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
    if (err?.error === 'price_changed') {
      // the summary asks for the new quote; placing the order again agrees to the total it then shows
      void queryClient.invalidateQueries({ queryKey: ['order-quote'] });
      const total = (err.quote as { grandTotal?: unknown } | undefined)?.grandTotal;
      return setProblem(
        typeof total === 'number'
          ? t('checkout.priceChanged', { total: price(toMinor(total, shop.localeConfig.fractionDigits)) })
          : (err.message ?? t('checkout.failed')),
      );
    }
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

  return { place, formRef, errorFor, serverFields, problem, shortages, busy };
}
