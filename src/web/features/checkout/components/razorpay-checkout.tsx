import { useEffect, useRef, useState } from 'react';
import type { Minor } from '../../../../domain/money.ts';
import { PAYING_PAGES } from '../../../../domain/payment-types.ts';
import { useFormatPrice } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { usePriceFormat } from '../../../lib/use-shop.ts';
import { Button } from '../../../ui/button.tsx';
import { confirmRazorpay, usePaymentSetup, type PaymentStepProps, type RazorpayAnswer, type RazorpayOptions } from '../api/orders.ts';

/** Standard Checkout's surface, as its script defines it on `window`. */
type Checkout = { open(): void; on(event: 'payment.failed', listener: () => void): void };
type CheckoutClass = new (
  options: Omit<RazorpayOptions, 'script'> & { handler: (answer: RazorpayAnswer) => void; modal: { ondismiss: () => void } },
) => Checkout;
declare global {
  interface Window {
    Razorpay?: CheckoutClass;
  }
}

/** Whether this document was loaded at a page whose CSP lets Checkout's script run (a client-side navigation keeps the first page's). */
function documentMayPay(): boolean {
  const loaded = performance.getEntriesByType('navigation')[0];
  return PAYING_PAGES.test(loaded ? new URL(loaded.name).pathname : window.location.pathname);
}

/** Loads Checkout's script once per page. */
let loading: Promise<CheckoutClass> | null = null;
function checkoutClass(src: string): Promise<CheckoutClass> {
  loading ??= new Promise<CheckoutClass>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => (window.Razorpay ? resolve(window.Razorpay) : reject(new Error('Razorpay Checkout did not load')));
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('Razorpay Checkout did not load'));
    };
    document.head.append(script);
  });
  return loading;
}

/**
 * Razorpay's Standard Checkout: the server makes the Razorpay order, Checkout (Razorpay's
 * own window over the page: UPI apps, cards, netbanking) takes the money, and its signed
 * answer goes to the server, which marks the order paid. Razorpay's webhook does the same
 * when the shopper closes the page after paying. Closed unpaid, the button opens it again.
 */
export default function RazorpayCheckout({ shopId, orderId, token, onError, onSent }: PaymentStepProps) {
  const { t } = useTranslation();
  const price = useFormatPrice();
  const { fractionDigits } = usePriceFormat();
  const setup = usePaymentSetup('razorpay', { shopId, orderId, token }, onError, t('checkout.failed'));
  const [state, setState] = useState<'loading' | 'open' | 'closed' | 'confirming'>('loading');
  const [failed, setFailed] = useState(false);
  const checkout = useRef<Checkout | null>(null);

  const open = () => {
    setFailed(false);
    setState('open');
    checkout.current?.open();
  };

  useEffect(() => {
    if (!setup) return;
    // this page's CSP does not allow Checkout: the same address, loaded afresh, does
    if (!documentMayPay()) return window.location.reload();
    let gone = false;
    const { script, ...options } = setup.checkout;
    checkoutClass(script).then(
      (Razorpay) => {
        if (gone) return;
        const made = new Razorpay({
          ...options,
          handler: (answer) => {
            setState('confirming');
            void confirmRazorpay(shopId, orderId, token, answer).then((res) => {
              if (!res.ok) onError(res.error?.message ?? t('checkout.failed'));
              onSent?.();
            });
          },
          modal: { ondismiss: () => setState('closed') },
        });
        made.on('payment.failed', () => setFailed(true));
        checkout.current = made;
        setState('open');
        made.open();
      },
      () => {
        if (!gone) onError(t('checkout.razorpayUnavailable'));
      },
    );
    return () => {
      gone = true;
    };
  }, [setup, shopId, orderId, token, onError, onSent, t]);

  if (!setup || state === 'loading') return <p role="status">{t('checkout.razorpayOpening')}</p>;
  if (state === 'confirming') return <p role="status">{t('checkout.razorpayConfirming')}</p>;
  const amount = price((setup.checkout.amount / 10 ** (2 - fractionDigits)) as Minor);
  return (
    <div className="flex flex-col items-start gap-3">
      {failed ? (
        <p role="alert" className="rounded-md bg-amber-50 p-3 text-amber-900">
          {t('checkout.paymentFailed')}
        </p>
      ) : null}
      <Button size="lg" onClick={open} disabled={state === 'open'}>
        {t('checkout.razorpayPay', { amount })}
      </Button>
    </div>
  );
}
