import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { useSearchParams } from 'react-router';
import { useShop } from '../../../lib/use-shop.ts';
import { ownerApi } from '../api/owner-api.ts';
import { queryClient } from '../api/owner-queries.ts';
import { useOwnerAccess } from '../hooks/use-owner-access.ts';
import { OwnerBoard } from './owner-board.tsx';
import { OwnerBookings } from './owner-bookings.tsx';
import { OwnerCoupons } from './owner-coupons.tsx';
import { OwnerCustomers } from './owner-customers.tsx';
import { OwnerProducts } from './owner-products.tsx';
import { OwnerShopFront } from './owner-shop-front.tsx';
import { OwnerReviews } from './owner-reviews.tsx';
import { OwnerSalesChart } from './owner-sales-chart.tsx';
import { OwnerStock } from './owner-stock.tsx';
import { OwnerToday } from './owner-today.tsx';
import { OwnerTables } from './owner-tables.tsx';
import { OwnerBankAlerts } from './owner-bank-alerts.tsx';
import { OwnerWhatsAppMessages } from './owner-whatsapp-messages.tsx';

const SECTIONS = ['orders', 'bookings', 'tables', 'products', 'shopFront', 'stock', 'customers', 'coupons', 'reviews'] as const;
type Section = (typeof SECTIONS)[number];

/**
 * The owner's home on /admin (issue 8): the shop's open / closed switch and its
 * sections — today's figures, the last 30 days and the live orders, the bookings (when the shop takes them), the tables (when it has them), products, the shop front (categories and banners), stock, customers, coupons and reviews. The
 * section is in the address (`?section=stock`), so a reload keeps it.
 */
export function OwnerPage() {
  const { t } = useTranslation();
  const shop = useShop();
  const bookings = shop.appointments.enabled;
  const tables = shop.dineSpaces.length > 0;
  const [params, setParams] = useSearchParams();
  const sections = SECTIONS.filter((s) => (s !== 'bookings' || bookings) && (s !== 'tables' || tables));
  const asked = params.get('section') as Section | null;
  const section: Section = asked && sections.includes(asked) ? asked : 'orders';

  return (
    <div className="flex flex-col gap-4">
      <h1 className="sr-only">{t('owner.title')}</h1>
      <div className="contents print:hidden">
        <StoreSwitch />
      </div>
      {/* one row that scrolls sideways on a phone, rather than eight tabs wrapping onto three rows */}
      <nav aria-label={t('owner.sections')} className="-mx-4 flex print:hidden gap-x-1 overflow-x-auto border-b border-slate-200 px-4 [scrollbar-width:thin]">
        {sections.map((name) => (
          <button
            key={name}
            type="button"
            aria-current={section === name ? 'page' : undefined}
            ref={section === name ? (tab) => tab?.scrollIntoView({ block: 'nearest', inline: 'nearest' }) : undefined}
            onClick={() => setParams(name === 'orders' ? {} : { section: name }, { replace: true })}
            className={`shrink-0 whitespace-nowrap border-b-2 px-3 py-2.5 font-semibold ${section === name ? 'border-primary-strong text-primary-strong' : 'border-transparent text-slate-600'}`}
          >
            {t(`owner.${name}`)}
          </button>
        ))}
      </nav>
      {section === 'orders' ? (
        <>
          {/* printed, the orders section is the board's list alone */}
          <div className="contents print:hidden">
            <OwnerToday />
            <OwnerBankAlerts />
            <OwnerWhatsAppMessages />
            <OwnerSalesChart />
          </div>
          <OwnerBoard />
        </>
      ) : section === 'bookings' ? (
        <OwnerBookings date={params.get('date') ?? undefined} />
      ) : section === 'tables' ? (
        <OwnerTables />
      ) : section === 'coupons' ? (
        <OwnerCoupons />
      ) : section === 'reviews' ? (
        <OwnerReviews />
      ) : section === 'products' ? (
        <OwnerProducts />
      ) : section === 'shopFront' ? (
        <OwnerShopFront />
      ) : section === 'customers' ? (
        <OwnerCustomers />
      ) : (
        <OwnerStock />
      )}
    </div>
  );
}

/** The shop's open / closed switch: closed, the storefront says so and refuses orders. */
function StoreSwitch() {
  const { t } = useTranslation();
  const { query, key } = useOwnerAccess();
  const [busy, setBusy] = useState(false);
  const open = query.data?.ok ? query.data.data.open : true;
  const flip = async () => {
    setBusy(true);
    const res = await ownerApi.setStore(!open);
    setBusy(false);
    if (res.ok) queryClient.setQueryData(key, res);
  };
  return (
    <div className={`flex flex-wrap items-center justify-between gap-3 rounded-lg p-3 ${open ? 'bg-green-50 text-green-950' : 'bg-amber-100 text-amber-950'}`}>
      <p role="status" className="font-medium">
        {open ? t('owner.storeOpen') : t('owner.storeClosed')}
      </p>
      <button
        type="button"
        disabled={busy}
        onClick={() => void flip()}
        className="rounded-md border border-current px-3 py-1.5 text-sm font-semibold disabled:opacity-50"
      >
        {open ? t('owner.closeStore') : t('owner.openStore')}
      </button>
    </div>
  );
}
