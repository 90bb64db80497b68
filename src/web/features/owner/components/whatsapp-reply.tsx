import { useState } from 'react';
import type { Minor } from '../../../../domain/money.ts';
import type { OwnerOrderView } from '../../../../domain/order-view.ts';
import type { ApiResult } from '../../../lib/api.ts';
import { useFormatWhen } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { AlertText } from '../../../ui/alert-text.tsx';
import { Button } from '../../../ui/button.tsx';
import { ownerApi } from '../api/owner-api.ts';
import { refreshOwnerData } from '../api/owner-queries.ts';

/** WhatsApp delivers a business's free-form text only this long after the customer last wrote. */
const WINDOW_MS = 24 * 3600 * 1000;

/**
 * The owner's reply to a customer who wrote on WhatsApp about the order (issue 40): offered for the
 * 24 hours after their last message, when a reply is free and WhatsApp delivers it; the server
 * checks the window again. Sent, it joins the history with what WhatsApp says of it.
 */
export function WhatsAppReply({ order }: { order: OwnerOrderView<Minor> }) {
  // when the page was opened: a window that closes meanwhile is refused by the server, in words
  const [openedAt] = useState(() => Date.now());
  const lastHeard = Math.max(0, ...order.history.filter((e) => e.action === 'whatsapp.received').map((e) => e.at));
  const until = lastHeard + WINDOW_MS;
  if (!lastHeard || until <= openedAt) return null;
  return <ReplyForm until={until} send={(text) => ownerApi.whatsappReply(order.id, text)} />;
}

/** A free reply on WhatsApp while the customer's window is open (until `until`): a box and Send; the owner's data refreshes after. */
export function ReplyForm({ until, send }: { until: number; send(text: string): Promise<ApiResult<unknown>> }) {
  const { t } = useTranslation();
  const when = useFormatWhen();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function submit() {
    setBusy(true);
    setProblem(null);
    const res = await send(text);
    setBusy(false);
    if (!res.ok) return setProblem(res.error?.fields?.[0]?.message ?? res.error?.message ?? t('owner.failed'));
    setText('');
    await refreshOwnerData('orders');
  }

  return (
    <form onSubmit={(e) => (e.preventDefault(), void submit())} className="mt-2 flex flex-col gap-2 border-t border-slate-200 pt-3">
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        {t('owner.whatsappReply')}
        <textarea
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={2}
          maxLength={2000}
          required
          className="rounded-md border border-slate-300 px-3 py-2 text-base font-normal"
        />
      </label>
      <p className="text-xs text-slate-600">{t('owner.whatsappReplyUntil', { time: when.dayTime(new Date(until).toISOString()) })}</p>
      <AlertText message={problem} small />
      <Button type="submit" size="sm-tall" disabled={busy || !text.trim()} className="self-start">
        {t('owner.whatsappReplySend')}
      </Button>
    </form>
  );
}
