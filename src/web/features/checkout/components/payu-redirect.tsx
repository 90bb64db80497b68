import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { untilPageLeaves } from '../../../lib/page-leave.ts';
import { useUi } from '../../../lib/ui-store.ts';
import { usePaymentSetup, type PaymentStepProps } from '../api/orders.ts';
import { Button } from '../../../ui/button.tsx';

/** How long the loader waits for PayU's page to replace this one before it shows the Continue button again. */
const HAND_OVER_MS = 10_000;

/**
 * PayU's hosted checkout: the server signs the form, the browser posts it to PayU (the
 * CSP allows that one origin), and PayU sends the shopper back to /checkout with the
 * result. The button stays for browsers that do not submit on their own.
 */
export default function PayuRedirect({ shopId, orderId, token, onError }: PaymentStepProps) {
  const { t } = useTranslation();
  // the loader (§2) covers the page from asking the server for PayU's form until PayU's page comes
  const payu = usePaymentSetup('payu', { shopId, orderId, token }, onError, t('checkout.failed'), { loader: true });
  const withLoader = useUi((s) => s.withLoader);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!payu) return;
    form.current?.submit();
    void withLoader(untilPageLeaves(HAND_OVER_MS));
  }, [payu, withLoader]);

  if (!payu) return <p role="status">{t('checkout.payuGoing')}</p>;
  return (
    <form ref={form} method="post" action={payu.action} className="flex flex-col items-start gap-3">
      <p role="status">{t('checkout.payuGoing')}</p>
      {Object.entries(payu.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button size="lg" type="submit">
        {t('checkout.payuContinue')}
      </Button>
    </form>
  );
}
