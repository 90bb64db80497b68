import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { Link } from 'react-router';
import { useFormatWhen } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { ownerApi, type OwnerReview } from '../api/owner-api.ts';
import { queryClient, refreshOwnerData, reviewsQuery } from '../api/owner-queries.ts';
import { OwnerList } from './owner-list.tsx';
import { AlertText } from '../../../ui/alert-text.tsx';
import { Button } from '../../../ui/button.tsx';

/**
 * The owner's reviews on /admin (issue 20): the newest of every product, each with a
 * switch to hide it from the shop (its product's count and average too) or show it again.
 */
export function OwnerReviews() {
  const { t } = useTranslation();
  const query = useQuery(reviewsQuery(), queryClient);
  return (
    <section aria-label={t('owner.reviews')} className="flex flex-col gap-4">
      {query.isPending ? (
        <p role="status">{t('nav.loading')}</p>
      ) : query.isError ? (
        <p role="alert">{t('owner.failed')}</p>
      ) : query.data.length === 0 ? (
        <p className="text-slate-600">{t('owner.reviewNone')}</p>
      ) : (
        <OwnerList items={query.data} keyOf={(r) => r.id} row={(r) => <ReviewRow review={r} />} className="flex flex-col gap-2" />
      )}
    </section>
  );
}

function ReviewRow({ review }: { review: OwnerReview }) {
  const { t } = useTranslation();
  const when = useFormatWhen();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const flip = async () => {
    setBusy(true);
    const res = await ownerApi.setReviewHidden(review.id, !review.hidden);
    setFailed(!res.ok);
    await refreshOwnerData('reviews');
    setBusy(false);
  };
  const label = t('owner.reviewOf', { author: review.author, product: review.productTitle });
  return (
    <article
      aria-label={label}
      className={`flex flex-wrap items-start justify-between gap-3 rounded-lg border p-3 ${review.hidden ? 'border-dashed border-slate-300 bg-slate-50 text-slate-600' : 'border-slate-200 bg-white'}`}
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="font-semibold">
          {review.variantId ? (
            <>
              {review.author} ·{' '}
              <Link to={paths.product(review.variantId)} className="underline">
                {review.productTitle}
              </Link>
            </>
          ) : (
            label
          )}
        </span>
        <span className="text-sm">
          <span className="text-amber-700" role="img" aria-label={t('owner.reviewStars', { rating: review.rating })}>
            {'★'.repeat(review.rating)}
            <span className="text-slate-300">{'★'.repeat(5 - review.rating)}</span>
          </span>{' '}
          · {when.day(new Date(review.createdAt).toISOString())}
          {review.hidden ? ` · ${t('owner.reviewHiddenNote')}` : ''}
        </span>
        <p className="break-words whitespace-pre-line">{review.text}</p>
        <AlertText message={failed ? t('owner.failed') : null} small />
      </div>
      <Button variant="secondary" size="sm" disabled={busy} onClick={() => void flip()}>
        {review.hidden ? t('owner.reviewShow') : t('owner.reviewHide')}
      </Button>
    </article>
  );
}
