import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useFormatWhen } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { useWhatsappUpdates } from '../../../lib/use-shop.ts';
import { ownerApi } from '../api/owner-api.ts';
import { queryClient, whatsappMessagesQuery } from '../api/owner-queries.ts';
import { ReplyForm } from './whatsapp-reply.tsx';

/**
 * What customers wrote to the shop's WhatsApp lately (issue 40), under Today, newest first: each
 * with the order it is about (answered there) or, about none, a reply box while the customer's
 * 24 hours are open. Shown only with the Cloud API set up and once someone has written.
 */
export function OwnerWhatsAppMessages() {
  const offered = useWhatsappUpdates();
  return offered ? <MessageList /> : null;
}

function MessageList() {
  const { t } = useTranslation();
  const when = useFormatWhen();
  const query = useQuery(whatsappMessagesQuery(), queryClient);
  const list = query.data ?? [];
  if (list.length === 0) return null;
  const open = list.filter((m) => m.replyUntil !== null && m.orderId === null).length;
  return (
    <details className="rounded-lg border border-slate-200 bg-white p-3" open={open > 0}>
      <summary className="cursor-pointer font-bold">{t('owner.whatsappMessages', { count: list.length })}</summary>
      <ol className="mt-2 flex flex-col gap-2">
        {list.map((m) => (
          <li key={m.id} className="flex flex-col gap-0.5 rounded-md bg-slate-50 p-2 text-sm">
            <p className="flex flex-wrap justify-between gap-2">
              <span className="font-semibold">{[m.name, `+${m.from}`].filter(Boolean).join(' · ')}</span>
              <span className="text-slate-600">{when.dayTime(new Date(m.receivedAt).toISOString())}</span>
            </p>
            <p className="break-words">{m.text}</p>
            {m.orderId && m.orderNumber !== null ? (
              <Link to={`/admin/orders/${encodeURIComponent(m.orderId)}`} className="w-max font-semibold text-primary-strong underline">
                {t('owner.whatsappAbout', { order: `#${m.orderNumber}` })}
              </Link>
            ) : m.replyUntil !== null ? (
              <ReplyForm until={m.replyUntil} send={(text) => ownerApi.replyToMessage(m.id, text)} />
            ) : null}
          </li>
        ))}
      </ol>
    </details>
  );
}
