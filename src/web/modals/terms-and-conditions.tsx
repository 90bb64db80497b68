import { useTranslation } from '../lib/i18n/i18n.ts';
import { useShop } from '../lib/use-shop.ts';
import { ModalFrame } from './modal-frame.tsx';
import type { ModalProps } from './registry.ts';

/** The shop's own terms (config `pages.tAndC`), for checkout's "I accept" without leaving the page. */
export default function TermsAndConditions({ close }: ModalProps<'terms-and-conditions'>) {
  const { t } = useTranslation();
  const text = useShop().pages.tAndC;
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <ModalFrame title={t('pages.tAndC')} close={close}>
      {paragraphs.map((p, i) => (
        <p key={i} className="text-sm leading-relaxed text-slate-700">
          {p}
        </p>
      ))}
    </ModalFrame>
  );
}
