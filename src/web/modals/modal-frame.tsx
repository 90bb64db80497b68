import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useTranslation } from '../lib/i18n/i18n.ts';

/** A modal's title, body and close button: every modal looks and is announced alike. */
export function ModalFrame({ title, children, close }: { title: string; children: ReactNode; close(): void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-start justify-between gap-4">
        <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
        <button type="button" onClick={close} aria-label={t('modal.close')} className="-m-2 rounded-full p-2 text-slate-600 hover:bg-slate-100">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M6 6l12 12M18 6 6 18" />
          </svg>
        </button>
      </div>
      {children}
    </div>
  );
}
