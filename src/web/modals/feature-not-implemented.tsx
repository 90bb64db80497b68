import { useTranslation } from '../lib/i18n/i18n.ts';
import { ModalFrame } from './modal-frame.tsx';
import type { ModalProps } from './registry.ts';
import { Button } from '../ui/button.tsx';

export default function FeatureNotImplemented({ close }: ModalProps<'feature-not-implemented'>) {
  const { t } = useTranslation();
  return (
    <ModalFrame title={t('modal.notImplementedTitle')} close={close}>
      <p className="text-slate-700">{t('modal.notImplementedText')}</p>
      <Button size="md-wide" className="self-end" onClick={close}>
        {t('modal.ok')}
      </Button>
    </ModalFrame>
  );
}
