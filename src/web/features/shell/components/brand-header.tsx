import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { Link } from 'react-router';
import type { ShopConfig } from '../../../../domain/shop-config.ts';
import { paths } from '../../../lib/paths.ts';
import { UserIcon } from '../../../ui/icons.tsx';

/** The basic layout's bar (cover, e-mail confirmed): the shop's logo and name, the way into the catalog. */
export function BrandHeader({ shop }: { shop: ShopConfig }) {
  const { t } = useTranslation();
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-2.5">
        <Link to={paths.cover(shop.id)} className="flex items-center gap-2 text-lg font-bold tracking-tight">
          {shop.logo ? <img src={shop.logo} alt="" width={32} height={32} className="size-8 rounded-full" /> : null}
          {shop.title}
        </Link>
        <Link to={paths.catalog()} className="ml-auto text-sm font-medium text-primary-strong hover:underline">
          {t('nav.allProducts')}
        </Link>
        <Link to={paths.account()} aria-label={t('nav.account')} className="rounded-full p-2 text-slate-700 hover:bg-slate-100">
          <UserIcon />
        </Link>
      </div>
    </header>
  );
}
