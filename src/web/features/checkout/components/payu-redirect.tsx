import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderToken } from '../../../lib/order-call.ts';
import { usePaymentSetup } from '../api/orders.ts';

/**
 * PayU's hosted checkout: the server signs the form, the browser posts it to PayU (the
 * CSP allows that one origin), and PayU sends the shopper back to /checkout with the
 * result. The button stays for browsers that do not submit on their own.
 */
export default function PayuRedirect({ shopId, orderId, token, onError }: { shopId: string; orderId: string; token: OrderToken; onError: (message: string) => void }) {
  const { t } = useTranslation();
  const payu = usePaymentSetup('payu', { shopId, orderId, token }, onError, t('checkout.failed'));
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (payu) form.current?.submit();
  }, [payu]);

  if (!payu) return <p role="status">{t('checkout.payuGoing')}</p>;
  return (
    <form ref={form} method="post" action={payu.action} className="flex flex-col items-start gap-3">
      <p role="status">{t('checkout.payuGoing')}</p>
      {Object.entries(payu.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className="rounded-md bg-primary px-5 py-2.5 font-semibold text-on-primary">
        {t('checkout.payuContinue')}
      </button>
    </form>
  );
}
