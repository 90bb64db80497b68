import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from '../lib/i18n/i18n.ts';
import { queryClient } from '../lib/query-client.ts';
import { useSession } from '../lib/session.ts';
import { useUi } from '../lib/ui-store.ts';
import { ModalFrame } from './modal-frame.tsx';
import type { ModalProps } from './registry.ts';
import { Button } from '../ui/button.tsx';
import { reviewEligibilityQuery, reviewsQuery, useSendReview } from './api/reviews.ts';

const REVIEW_PREVIEW_CHARS = 250;

function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation();
  return (
    <span className="text-amber-600" role="img" aria-label={t('modal.stars', { rating })}>
      {'★'.repeat(rating)}
      <span className="text-slate-300">{'★'.repeat(5 - rating)}</span>
    </span>
  );
}

/** A review's text, cut at 250 characters with a way to read the rest (§9). */
function ReviewText({ text }: { text: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (text.length <= REVIEW_PREVIEW_CHARS) return <p className="text-slate-700">{text}</p>;
  return (
    <p className="text-slate-700">
      {open ? text : `${text.slice(0, REVIEW_PREVIEW_CHARS).trimEnd()}…`}{' '}
      <button type="button" onClick={() => setOpen(!open)} className="font-medium text-primary-strong underline">
        {open ? t('modal.readLess') : t('modal.readMore')}
      </button>
    </p>
  );
}

/** A logged-in shopper's review: 1 to 5 stars and a few words; writing again replaces it (the list above is asked again then). */
function WriteReview({ sku }: { sku: string }) {
  const { t } = useTranslation();
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');
  const [state, setState] = useState<{ kind: 'idle' | 'sending' | 'saved' } | { kind: 'error'; message: string }>({ kind: 'idle' });
  const textId = useId();
  // 'sending' is set here at once, not read from the mutation, whose state reaches the page a moment later: a second tap sends nothing
  const sendReview = useSendReview(sku);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (rating < 1 || !text.trim()) return setState({ kind: 'error', message: t('modal.reviewIncomplete') });
    setState({ kind: 'sending' });
    const res = await sendReview.mutateAsync({ rating, text });
    if (!res.ok) return setState({ kind: 'error', message: res.error?.fields?.[0]?.message ?? res.error?.message ?? t('modal.networkError') });
    setState({ kind: 'saved' });
  }

  if (state.kind === 'saved')
    return (
      <p role="status" className="rounded-md bg-green-50 p-3 text-green-900">
        {t('modal.reviewSaved')}
      </p>
    );
  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-3 border-t border-slate-200 pt-3" noValidate>
      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm font-medium">{t('modal.yourRating')}</legend>
        <div className="flex gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="cursor-pointer text-2xl" title={t('modal.stars', { rating: n })}>
              <input
                type="radio"
                name="rating"
                value={n}
                checked={rating === n}
                onChange={() => setRating(n)}
                className="sr-only"
                aria-label={t('modal.stars', { rating: n })}
              />
              <span aria-hidden="true" className={n <= rating ? 'text-amber-600' : 'text-slate-300'}>
                ★
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <label htmlFor={textId} className="text-sm font-medium">
        {t('modal.yourReview')}
      </label>
      <textarea
        id={textId}
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={2000}
        rows={4}
        className="rounded-md border border-slate-300 px-3 py-2"
      />
      {state.kind === 'error' ? (
        <p role="alert" className="text-sm text-red-700">
          {state.message}
        </p>
      ) : null}
      <Button type="submit" size="md-wide" className="self-start" disabled={state.kind === 'sending'}>
        {t('modal.sendReview')}
      </Button>
    </form>
  );
}

/**
 * The form, for a shopper who received the product (the server says whether they did);
 * anyone else is told why there is none. When the question cannot be asked the form is
 * shown, and the server's answer to sending it says why if it is refused.
 */
function ReviewIfReceived({ sku, userId }: { sku: string; userId: string }) {
  const { t } = useTranslation();
  const query = useQuery(reviewEligibilityQuery(sku, userId), queryClient);
  if (query.isPending) return null;
  if (query.data?.ok && !query.data.data.canReview) return <p className="border-t border-slate-200 pt-3 text-slate-700">{t('modal.reviewBuyersOnly')}</p>;
  return <WriteReview sku={sku} />;
}

/** The reviews of a product; a logged-in shopper who received it can write one. */
export default function ReviewModal({ close, variantId, title }: ModalProps<'review'>) {
  const { t } = useTranslation();
  const openModal = useUi((s) => s.openModal);
  const userId = useSession((s) => (s.status === 'user' ? (s.user?.id ?? null) : null));
  const sku = variantId;
  const query = useQuery(reviewsQuery(sku), queryClient);
  const data = query.data?.ok ? query.data.data : null;
  return (
    <ModalFrame title={t('modal.reviewsTitle', { title })} close={close}>
      {query.isPending ? <p className="text-slate-600">…</p> : null}
      {query.data && !query.data.ok ? <p role="alert">{t('modal.networkError')}</p> : null}
      {data && data.count === 0 ? <p className="text-slate-700">{t('modal.noReviews')}</p> : null}
      {data && data.count > 0 ? (
        <>
          <p className="font-medium">{t('modal.reviewAverage', { average: data.average, count: data.count })}</p>
          <ul className="flex flex-col gap-4">
            {data.reviews.map((r) => (
              <li key={r.id} className="flex flex-col gap-1 border-b border-slate-100 pb-3">
                <span className="flex items-center gap-2 text-sm font-semibold">
                  {r.author} <Stars rating={r.rating} />
                </span>
                <ReviewText text={r.text} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {userId ? (
        <ReviewIfReceived sku={sku} userId={userId} />
      ) : (
        <button
          type="button"
          onClick={() => openModal('authentication')}
          className="self-start rounded-md border border-primary-strong px-4 py-2 font-medium text-primary-strong"
        >
          {t('modal.loginToReview')}
        </button>
      )}
    </ModalFrame>
  );
}
