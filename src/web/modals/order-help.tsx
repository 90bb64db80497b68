import { useTranslation } from '../lib/i18n/i18n.ts';
import type { ModalProps } from './registry.ts';
import WhatsappHelp from './whatsapp-help.tsx';

/** Help with one order: the WhatsApp message names the order, so the shop can look it up. */
export default function OrderHelp(props: ModalProps<'order-help'>) {
  const { t } = useTranslation();
  const id = props.label;
  return <WhatsappHelp {...props} title={t('modal.shells.orderHelp.title')} subject={id ? t('modal.orderSubject', { id }) : undefined} />;
}
