import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { useFormatPrice, useFormatWhen } from '../../../lib/format.ts';
import type { Minor } from '../../../../domain/money.ts';
import { ownerApi, type OwnerCustomer } from '../api/owner-api.ts';
import { useCustomers } from '../api/owner-queries.ts';
import { OwnerSearchBox } from './owner-search-box.tsx';
import { OwnerList, SectionHeading } from './owner-list.tsx';
import { useSettled } from '../../../lib/use-settled.ts';
import { DownloadButton } from './download-button.tsx';

// what the server sends at most without a search (owner-customer-routes.ts)
const SHOWN = 200;

/**
 * The owner's customers on /admin (issue 21): shoppers with accounts and guests who left
 * an e-mail address or a phone number, who ordered last first, each a tap away from a call
 * or an e-mail; found by name, e-mail or phone; the whole list as a CSV file.
 */
export function OwnerCustomers() {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  // typed words are sent a moment after the owner stops typing
  const words = useSettled(typed.trim(), 250);
  const query = useCustomers(words);

  return (
    <section aria-labelledby="owner-customers" className="flex flex-col gap-4">
      <SectionHeading id="owner-customers" title={t('owner.customers')}>
        <DownloadButton label={t('owner.customersCsv')} fileName="customers.csv" fetchFile={ownerApi.customersCsv} />
      </SectionHeading>
      <OwnerSearchBox label={t('owner.findCustomer')} value={typed} onChange={setTyped} />
      {query.isPending ? <p role="status">{t('nav.loading')}</p> : null}
      {query.isError ? <p role="alert">{t('owner.failed')}</p> : null}
      {query.data ? (
        query.data.length === 0 ? (
          <p className="text-slate-600">{words ? t('owner.customerNoMatch') : t('owner.customerNone')}</p>
        ) : (
          <>
            {!words && query.data.length >= SHOWN ? <p className="text-sm text-slate-600">{t('owner.customersShown', { shown: SHOWN })}</p> : null}
            <OwnerList items={query.data} keyOf={(c) => c.key} row={(c) => <CustomerRow customer={c} />} />
          </>
        )
      ) : null}
    </section>
  );
}

function CustomerRow({ customer: c }: { customer: OwnerCustomer<Minor> }) {
  const { t } = useTranslation();
  const price = useFormatPrice();
  const when = useFormatWhen();
  const name = c.name || t('owner.customerNoName');
  return (
    <article aria-label={name} className="flex flex-col gap-1 p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-2">
        <span className="min-w-0 font-semibold break-words">{name}</span>
        <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${c.account ? 'bg-blue-50 text-blue-900' : 'bg-slate-200 text-slate-800'}`}>
          {c.account ? t('owner.customerAccount') : t('owner.customerGuest')}
        </span>
      </div>
      {c.phone || c.email ? (
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {c.phone ? (
            <a href={`tel:${c.phone.replace(/[^\d+]/g, '')}`} className="py-1 text-primary-strong underline">
              {c.phone}
            </a>
          ) : null}
          {c.email ? (
            <a href={`mailto:${c.email}`} className="min-w-0 py-1 break-all text-primary-strong underline">
              {c.email}
            </a>
          ) : null}
        </div>
      ) : null}
      <p className="text-sm text-slate-700">
        {t('owner.customerOrders', { count: c.orders })} · <span className="tabular-nums">{t('owner.customerSpent', { amount: price(c.spent) })}</span>
      </p>
      <p className="text-sm text-slate-600">{t('owner.customerLastOrder', { when: when.longDay(new Date(c.lastOrderAt).toISOString()) })}</p>
    </article>
  );
}
