import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { UTR } from '../../../../domain/payments.ts';
import { useUi } from '../../../lib/ui-store.ts';
import { useFormatPrice } from '../../../lib/format.ts';
import { sendUpiReference, usePaymentSetup, type PaymentStepProps } from '../api/orders.ts';
import { Field } from './field.tsx';
import { UpiDeadline } from './upi-deadline.tsx';
import { Button, buttonClass } from '../../../ui/button.tsx';

/**
 * Manual UPI (§9 upi-manual): a button that opens the shopper's UPI app with everything
 * filled in, the same link as a QR code for paying from another phone, and a field for
 * the reference the app shows afterwards. The shop marks the order paid once it sees
 * the money.
 */
export default function UpiPayment({ shopId, orderId, token, onError, onSent }: PaymentStepProps) {
  const { t } = useTranslation();
  const formatPrice = useFormatPrice();
  const upi = usePaymentSetup('upi-manual', { shopId, orderId, token }, onError, t('checkout.failed'));
  const [utr, setUtr] = useState('');
  const [error, setError] = useState<string | undefined>();
  // the reference is with the shop: by when it confirms the payment (null: no deadline runs), or paid at once (the bank's alert came first)
  const [sent, setSent] = useState<{ paid: boolean; verifyBy: number | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const withLoader = useUi((s) => s.withLoader);

  if (sent)
    return (
      <div role="status" className="flex flex-col gap-1 rounded-md bg-green-50 p-3 text-green-900">
        <p>{t(sent.paid ? 'checkout.paid' : 'checkout.upiWaiting')}</p>
        {sent.paid ? null : <UpiDeadline by={sent.verifyBy} />}
      </div>
    );
  if (!upi) return <p role="status">{t('nav.loading')}</p>;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const value = utr.trim();
    if (!UTR.test(value)) return setError(t('checkout.upiReferenceInvalid'));
    setBusy(true);
    const res = await withLoader(sendUpiReference(shopId, orderId, token, value));
    setBusy(false);
    if (res.ok) {
      setSent({ paid: res.data.paymentStatus === 'paid', verifyBy: res.data.verifyBy ?? null });
      onSent?.();
    } else setError(res.error?.fields?.[0]?.message ?? res.error?.message ?? t('checkout.failed'));
  }

  // a phone pays in its own UPI app: the link first under the amount; a computer has none, so the code to scan comes first there
  return (
    <div className="flex flex-col items-start gap-4">
      <div className="order-first flex flex-col gap-1">
        <h2 className="text-lg font-semibold">{t('checkout.upiTitle', { amount: formatPrice(upi.amount) })}</h2>
        {upi.extra > 0 ? (
          <p className="text-sm text-slate-700">{t('checkout.upiExact', { amount: formatPrice(upi.amount), extra: formatPrice(upi.extra) })}</p>
        ) : null}
      </div>
      <a href={upi.upiLink} className={buttonClass('primary', 'lg')}>
        {t('checkout.upiOpen')}
      </a>
      <figure className="flex flex-col items-start gap-2 pointer-fine:-order-1">
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(upi.qrSvg)}`}
          alt={`UPI ${upi.payee.vpa}`}
          width={200}
          height={200}
          className="rounded-md border border-slate-200 bg-white"
        />
        <figcaption className="text-sm text-slate-700">
          {t('checkout.upiScan')} · {upi.payee.payeeName} · {upi.payee.vpa}
        </figcaption>
      </figure>
      <form onSubmit={(e) => void submit(e)} className="flex w-full max-w-sm flex-col gap-2" noValidate>
        <Field label={t('checkout.upiReference')} value={utr} onChange={(e) => setUtr(e.target.value)} inputMode="numeric" autoComplete="off" error={error} />
        {/* an error under the field says what to enter: the hint would say it a second time */}
        {error ? null : <p className="text-sm text-slate-600">{t('checkout.upiReferenceHint')}</p>}
        <Button size="lg" type="submit" disabled={busy}>
          {t('checkout.upiSubmit')}
        </Button>
      </form>
    </div>
  );
}
