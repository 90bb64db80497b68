import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { ownerApi, type OwnerTables as Tables } from '../api/owner-api.ts';
import { queryClient, refreshOwnerData, tablesQuery } from '../api/owner-queries.ts';
import { AlertText } from '../../../ui/alert-text.tsx';
import { Button } from '../../../ui/button.tsx';
import { DownloadButton } from './download-button.tsx';
import { OwnerList, SectionHeading } from './owner-list.tsx';
import { TableBill } from './table-bill.tsx';

/**
 * The shop's tables on /admin (issue 41): the sheet of their QR codes to print; each table's
 * code — the four digits a storefront order from that table must carry, printed on its card —
 * with a new one a tap away (the owner's own digits, or random) when a code got out; and each
 * table's open bill, its rounds added up, to settle once.
 */
export function OwnerTables() {
  const { t } = useTranslation();
  const query = useQuery(tablesQuery(), queryClient);
  return (
    <section aria-labelledby="owner-tables" className="flex flex-col gap-4">
      <SectionHeading id="owner-tables" title={t('owner.tables')}>
        <DownloadButton label={t('owner.board.tableSheet')} fileName="table-codes.svg" fetchFile={ownerApi.tableSheet} />
      </SectionHeading>
      {query.isPending ? <p role="status">{t('nav.loading')}</p> : null}
      {query.isError ? <p role="alert">{t('owner.failed')}</p> : null}
      {query.data ? (
        <>
          <p className="text-slate-700">{query.data.codesAsked ? t('owner.tableCodes.codesAsked') : t('owner.tableCodes.noCodes')}</p>
          <OwnerList
            items={query.data.tables}
            keyOf={(table) => table.id}
            row={(table) => <TableRow table={table} freeTables={query.data.tables.filter((other) => !other.bill)} />}
          />
        </>
      ) : null}
    </section>
  );
}

function TableRow({ table, freeTables }: { table: Tables['tables'][number]; freeTables: Tables['tables'] }) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);

  async function change(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const typed = String(new FormData(form).get('code') ?? '').trim();
    setProblem(null);
    const res = await ownerApi.changeTableCode(table.id, typed || undefined);
    if (!res.ok) return setProblem(res.error?.fields?.[0]?.message ?? res.error?.message ?? t('owner.failed'));
    form.reset();
    setChanged(true);
    await refreshOwnerData('tables');
  }

  return (
    <article aria-label={table.name} className="flex flex-wrap items-center justify-between gap-3 p-3">
      <div className="flex flex-col">
        <span className="font-semibold">{table.name}</span>
        {table.code ? (
          <span className="text-sm text-slate-700">
            {t('owner.tableCodes.code')} <span className="font-mono text-2xl font-bold tracking-widest text-slate-900">{table.code}</span>
          </span>
        ) : null}
        {changed ? (
          <span role="status" className="text-sm text-green-800">
            {t('owner.tableCodes.changed')}
          </span>
        ) : null}
      </div>
      {table.code ? (
        <form onSubmit={(e) => void change(e)} aria-label={t('owner.tableCodes.change', { table: table.name })} className="flex flex-wrap items-end gap-2">
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t('owner.tableCodes.newCode')}
            <input
              name="code"
              inputMode="numeric"
              pattern="[0-9]{4}"
              maxLength={4}
              autoComplete="off"
              placeholder={t('owner.tableCodes.random')}
              className="w-32 rounded-md border border-slate-300 px-3 py-2 font-mono"
            />
          </label>
          <Button type="submit" variant="secondary">
            {t('owner.tableCodes.changeButton')}
          </Button>
          <AlertText message={problem} small />
        </form>
      ) : null}
      {table.bill ? (
        <TableBill table={table.name} bill={table.bill} freeTables={freeTables} />
      ) : (
        <p className="w-full text-sm text-slate-600">{t('owner.bill.none')}</p>
      )}
    </article>
  );
}
