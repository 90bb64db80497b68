import { useTranslation } from '../lib/i18n/i18n.ts';
import { ModalFrame } from './modal-frame.tsx';
import type { ModalProps } from './registry.ts';

export default function FeatureNotImplemented({ close }: ModalProps<'feature-not-implemented'>) {
  const { t } = useTranslation();
  return (
    <ModalFrame title={t('modal.notImplementedTitle')} close={close}>
      <p className="text-slate-700">{t('modal.notImplementedText')}</p>
      <button type="button" onClick={close} className="self-end rounded-md bg-primary px-5 py-2 font-semibold text-on-primary">
        {t('modal.ok')}
      </button>
    </ModalFrame>
  );
}
