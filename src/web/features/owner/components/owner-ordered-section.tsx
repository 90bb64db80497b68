import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import type { ApiResult } from '../../../lib/api.ts';
import { refreshOwnerData } from '../api/owner-queries.ts';
import { Button } from '../../../ui/button.tsx';
import { AlertText } from '../../../ui/alert-text.tsx';
import { boxedList } from './owner-list.tsx';

/** Moves the item at `index` one place up (-1) or down (+1): the new order of ids. */
const moved = (ids: string[], index: number, by: -1 | 1) => {
  const next = [...ids];
  [next[index], next[index + by]] = [next[index + by]!, next[index]!];
  return next;
};

function Row({ title, detail, swatch, children }: { title: string; detail: ReactNode; swatch?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-2 p-3">
      <div className="flex items-center gap-2">
        {swatch ? <span aria-hidden className="size-5 shrink-0 rounded border border-slate-300" style={{ background: swatch }} /> : null}
        <span className="min-w-0 flex-1 font-medium">{title}</span>
      </div>
      <p className="text-sm text-slate-600">{detail}</p>
      {children}
    </div>
  );
}

/** Up, down, edit and delete for one row; a refused delete says why. */
function RowActions({
  name,
  index,
  count,
  onMove,
  onEdit,
  onDelete,
}: {
  name: string;
  index: number;
  count: number;
  onMove: (by: -1 | 1) => Promise<void>;
  onEdit: () => void;
  onDelete: () => Promise<string | null>;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    await work();
    setBusy(false);
  };
  return (
    <>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm-tall"
          disabled={busy || index === 0}
          aria-label={t('owner.moveUp', { name })}
          onClick={() => void run(() => onMove(-1))}
        >
          ↑
        </Button>
        <Button
          variant="secondary"
          size="sm-tall"
          disabled={busy || index === count - 1}
          aria-label={t('owner.moveDown', { name })}
          onClick={() => void run(() => onMove(1))}
        >
          ↓
        </Button>
        <Button variant="secondary" size="sm-tall" onClick={onEdit}>
          {t('owner.edit')}
        </Button>
        <Button
          variant="secondary"
          size="sm-tall"
          disabled={busy}
          onClick={() => void run(async () => window.confirm(t('owner.deleteConfirm', { name })) && setRefused(await onDelete()))}
        >
          {t('owner.delete')}
        </Button>
      </div>
      <AlertText message={refused} small />
    </>
  );
}

/**
 * One list of the shop front — categories or banners — in the shop's order: each row with up,
 * down, edit and delete, and a form to add one. What differs is told by the caller.
 */
export function OrderedSection<T extends { id: string }>(props: {
  heading: string;
  newLabel: string;
  items: T[];
  row: (item: T) => { title: string; swatch: string; detail: ReactNode };
  order: (ids: string[]) => Promise<unknown>;
  remove: (id: string) => Promise<ApiResult<unknown>>;
  form: (item: T | undefined, onDone: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const heading = useId();
  const [editing, setEditing] = useState<string | null>(null);
  const ids = props.items.map((item) => item.id);
  const done = () => setEditing(null);
  return (
    <section aria-labelledby={heading} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={heading} className="text-lg font-semibold">
          {props.heading}
        </h2>
        {editing !== 'new' ? <Button onClick={() => setEditing('new')}>{props.newLabel}</Button> : null}
      </div>
      {editing === 'new' ? props.form(undefined, done) : null}
      <ul className={boxedList}>
        {props.items.map((item, i) => {
          const { title, swatch, detail } = props.row(item);
          return (
            <li key={item.id}>
              <Row title={title} swatch={swatch} detail={detail}>
                <RowActions
                  name={title}
                  index={i}
                  count={props.items.length}
                  onMove={async (by) => void (await props.order(moved(ids, i, by)), await refreshOwnerData('shopFront'))}
                  onEdit={() => setEditing(editing === item.id ? null : item.id)}
                  onDelete={async () => {
                    const res = await props.remove(item.id);
                    await refreshOwnerData('shopFront');
                    return res.ok ? null : (res.error?.message ?? t('owner.failed'));
                  }}
                />
                {editing === item.id ? props.form(item, done) : null}
              </Row>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
