import { useTranslation } from '../lib/i18n/i18n.ts';
import { whatsappLink } from '../../domain/whatsapp.ts';
import { useShop } from '../lib/use-shop.ts';
import { ModalFrame } from './modal-frame.tsx';
import type { ModalProps } from './registry.ts';

/** A wa.me link with a message already written: the shopper only has to press send. */
export default function WhatsappHelp({ close, subject, title }: ModalProps<'whatsapp-help'>) {
  const { t } = useTranslation();
  const shop = useShop();
  const text = subject ? t('modal.whatsappTextAbout', { shop: shop.title, subject }) : t('modal.whatsappText', { shop: shop.title });
  const chat = whatsappLink(shop.contact.whatsappNumber ?? '', text);
  return (
    <ModalFrame title={title ?? t('modal.whatsappTitle')} close={close}>
      <p className="text-slate-700">{t('modal.whatsappIntro')}</p>
      <blockquote className="rounded-lg bg-slate-100 p-3 text-sm text-slate-800">{text}</blockquote>
      {chat ? (
        <a
          href={chat}
          target="_blank"
          rel="noopener noreferrer"
          onClick={close}
          className="self-start rounded-md bg-[#128c4a] px-5 py-2.5 font-semibold text-white"
        >
          {t('nav.whatsapp')}
        </a>
      ) : null}
    </ModalFrame>
  );
}
