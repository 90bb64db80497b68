import { useTranslation } from '../lib/i18n/i18n.ts';
import { ModalFrame } from './modal-frame.tsx';
import type { ModalProps } from './registry.ts';

/** The size guide the product page chose (`text`): the product's own, else its category's (decision 044). */
export default function SizeGuide({ close, text }: ModalProps<'size-guide'>) {
  const { t } = useTranslation();
  return (
    <ModalFrame title={t('modal.sizeGuideTitle')} close={close}>
      <p className="whitespace-pre-line text-slate-700">{text}</p>
    </ModalFrame>
  );
}
