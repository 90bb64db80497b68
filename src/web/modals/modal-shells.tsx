import { useTranslation } from 'react-i18next';
import { ModalFrame } from './modal-frame.tsx';
import type { ModalProps } from './registry.ts';

/**
 * The frames of modals whose flows arrive with accounts and orders. Each opens, is
 * announced with its title, closes like the others and says plainly what it will do.
 */
function Shell({ close, title, text }: ModalProps & { title: string; text: string }) {
  const { t } = useTranslation();
  return (
    <ModalFrame title={title} close={close}>
      <p className="text-slate-700">{text}</p>
      <button type="button" onClick={close} className="self-end rounded-md bg-primary-strong px-5 py-2 font-semibold text-white">
        {t('modal.ok')}
      </button>
    </ModalFrame>
  );
}

const shell = (key: 'verifyPhone' | 'addEmail') =>
  function ShellModal(props: ModalProps) {
    const { t } = useTranslation();
    return <Shell {...props} title={t(`modal.shells.${key}.title`)} text={t(`modal.shells.${key}.text`)} />;
  };

export const VerifyPhoneModal = shell('verifyPhone');
export const AddEmailModal = shell('addEmail');
