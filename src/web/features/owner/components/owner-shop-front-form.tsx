import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import type { ApiResult } from '../../../lib/api.ts';
import { refreshOwnerData } from '../api/owner-queries.ts';
import { Field } from './product-fields.tsx';
import { Button } from '../../../ui/button.tsx';

/** What the shop front's forms (categories, banners) share: saving, the server's problems by box, the save row, a colour box. */

type Problem = { message: string; fields: Record<string, string> } | null;

/** A call's outcome as a form shows it: null when it went through. */
const problemOf = (res: ApiResult<unknown>, failed: string): Problem =>
  res.ok ? null : { message: res.error?.message ?? failed, fields: Object.fromEntries((res.error?.fields ?? []).map((f) => [f.path, f.message])) };

/** The message for a box: its own path's, or the first of its parts' (`link` shows `link.value.1`'s). */
const errorAt = (problem: Problem) => (path: string) =>
  problem?.fields[path] ?? Object.entries(problem?.fields ?? {}).find(([p]) => p.startsWith(`${path}.`))?.[1];

export function SaveRow({ busy, problem, onCancel }: { busy: boolean; problem: Problem; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button type="submit" disabled={busy}>
        {t('owner.productSave')}
      </Button>
      <Button variant="secondary" size="sm-tall" onClick={onCancel}>
        {t('owner.cancel')}
      </Button>
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem.message}
        </p>
      ) : null}
    </div>
  );
}

export function ColourBox({ label, error, value, onChange }: { label: string; error: string | undefined; value: string; onChange: (value: string) => void }) {
  return (
    <Field label={label} error={error}>
      {(id, describedBy) => (
        <span className="flex items-center gap-2">
          <input
            type="color"
            aria-hidden
            tabIndex={-1}
            value={/^#[0-9a-f]{6}$/i.test(value) ? value : '#000000'}
            onChange={(e) => onChange(e.target.value)}
            className="h-10 w-12 rounded border border-slate-300"
          />
          <input
            id={id}
            aria-describedby={describedBy}
            aria-invalid={describedBy ? true : undefined}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            className="flex-1 rounded-md border border-slate-300 px-3 py-2 text-base"
          />
        </span>
      )}
    </Field>
  );
}

/**
 * What a category or banner form shares: sending it, the server's problems by field, and
 * its pictures still uploading (`track`), so it is saved once they are in, not without them.
 */
export function useShopFrontForm(send: () => Promise<ApiResult<unknown>>, onDone: () => void) {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  const [uploading, setUploading] = useState(0);
  const [problem, setProblem] = useState<Problem>(null);
  const save = async () => {
    setSending(true);
    const res = await send();
    setSending(false);
    setProblem(problemOf(res, t('owner.failed')));
    if (res.ok) {
      await refreshOwnerData('shopFront');
      onDone();
    }
  };
  return { save, problem, error: errorAt(problem), busy: sending || uploading > 0, track: (busy: boolean) => setUploading((n) => n + (busy ? 1 : -1)) };
}
