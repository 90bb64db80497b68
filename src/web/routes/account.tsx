import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../lib/paths.ts';
import { useShop } from '../lib/use-shop.ts';

const PAGES = ['orders', 'appointments', 'addresses', 'profile'] as const;

/** The account screen (no header). Its pages fill in with accounts; until then they ask the shopper to log in. */
export default function Account() {
  const { t } = useTranslation();
  const shop = useShop();
  const [params] = useSearchParams();
  const active = PAGES.find((p) => p === params.get('activePage')) ?? PAGES[0];
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-6">
      <div className="flex items-center justify-between">
        <h1 className="text-2xl font-semibold">{t('account.title')}</h1>
        <Link to={paths.home()} className="text-sm font-medium text-primary-strong hover:underline">
          {shop.title}
        </Link>
      </div>
      <nav aria-label={t('account.pages')}>
        <ul className="flex gap-2 overflow-x-auto">
          {PAGES.map((p) => (
            <li key={p}>
              <Link to={paths.account(p)} aria-current={p === active ? 'page' : undefined} className={`block rounded-full border px-3 py-1.5 text-sm ${p === active ? 'border-primary-strong bg-primary-strong text-white' : 'border-slate-300 bg-white'}`}>
                {t(`account.${p}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section className="rounded-lg border border-slate-200 bg-white p-6">
        <h2 className="mb-2 text-lg font-semibold">{t(`account.${active}`)}</h2>
        <p className="text-slate-700">{t('account.loginToSee', { page: t(`account.${active}`).toLowerCase() })}</p>
      </section>
    </main>
  );
}
