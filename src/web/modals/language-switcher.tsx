import { useRevalidator } from 'react-router';
import { uiLanguages } from '../../domain/language.ts';
import { languageNames, rememberLanguage, useTranslation } from '../lib/i18n/i18n.ts';
import { useLanguage } from '../lib/use-shop.ts';
import { ModalFrame } from './modal-frame.tsx';
import type { ModalProps } from './registry.ts';

/** Switches texts and price format; the choice is a cookie, so server-rendered pages follow it. */
export default function LanguageSwitcher({ close }: ModalProps<'language-switcher'>) {
  const { t } = useTranslation();
  const current = useLanguage();
  const revalidator = useRevalidator();
  const choose = (language: (typeof uiLanguages)[number]) => {
    rememberLanguage(language);
    void revalidator.revalidate();
    close();
  };
  return (
    <ModalFrame title={t('modal.languageTitle')} close={close}>
      <ul className="flex flex-col gap-2">
        {uiLanguages.map((l) => (
          <li key={l}>
            <button
              type="button"
              lang={l}
              onClick={() => choose(l)}
              aria-pressed={l === current}
              className={`w-full rounded-lg border px-4 py-3 text-left ${l === current ? 'border-primary-strong bg-primary-strong/10 font-semibold' : 'border-slate-300 hover:border-slate-500'}`}
            >
              {languageNames[l]}
            </button>
          </li>
        ))}
      </ul>
    </ModalFrame>
  );
}
