import { useId, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import type { ConfigStatus } from '../api/owner-api.ts';
import { configStatusQuery, queryClient } from '../api/owner-queries.ts';

/**
 * The owner's sections under a word on the shop config (decision 048): when the file has
 * mistakes, a banner lists them and says what the shop does meanwhile. While no config has
 * been valid since the start the sections have nothing to work with, so only the banner shows.
 */
export function ConfigGate({ children }: { children: ReactNode }) {
  const status = useQuery(configStatusQuery(), queryClient).data;
  if (!status || status.state === 'ok') return children;
  return (
    <>
      <ConfigBanner status={status} />
      {status.state === 'none' ? null : children}
    </>
  );
}

function ConfigBanner({ status }: { status: ConfigStatus }) {
  const { t } = useTranslation();
  const heading = useId();
  const file = status.file ?? 'SHOP_CONFIG';
  const none = status.state === 'none';
  return (
    <section aria-labelledby={heading} className="flex flex-col gap-2 rounded-lg border border-red-300 bg-red-50 p-4 text-red-950 print:hidden">
      <h2 id={heading} className="text-lg font-bold">
        {none ? t('owner.config.noneTitle') : t('owner.config.lastGoodTitle')}
      </h2>
      <p>{none ? t('owner.config.none', { file }) : t('owner.config.lastGood', { file })}</p>
      <h3 className="font-semibold">{t('owner.config.problems')}</h3>
      <ul className="flex list-disc flex-col gap-1 pl-5">
        {status.problems.map((p) => (
          <li key={`${p.path} ${p.message}`}>
            <code className="font-semibold break-all">{p.path}</code>: {p.message}
            {p.hint ? <pre className="mt-1 overflow-x-auto text-sm whitespace-pre-wrap">{p.hint}</pre> : null}
          </li>
        ))}
      </ul>
      <p className="text-sm">{t('owner.config.check')}</p>
    </section>
  );
}
