import { useTranslation } from '../lib/i18n/i18n.ts';
import { ModalFrame } from './modal-frame.tsx';
import type { ModalProps } from './registry.ts';
import { Button } from '../ui/button.tsx';

/**
 * The order confirmation (§2): shown the moment the shop has the order, over the
 * thank-you page, with the order number and what happens next.
 */
export default function OrderConfirmation({ close, label, kind, next }: ModalProps<'order-confirmation'>) {
  const { t } = useTranslation();
  return (
    <ModalFrame title={t('modal.shells.orderConfirmation.title')} close={close}>
      <p className="font-medium">{kind === 'enquiry' ? t('checkout.enquirySent') : t('checkout.thankYou')}</p>
      <p className="text-slate-700">{t('checkout.orderNumber', { id: label })}</p>
      {next ? <p className="text-slate-700">{next}</p> : null}
      <Button size="md-wide" className="self-end" onClick={close}>
        {t('modal.ok')}
      </Button>
    </ModalFrame>
  );
}
