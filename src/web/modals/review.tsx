import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getJson } from '../lib/api.ts';
import { queryClient } from '../lib/catalog-query.ts';
import { useUi } from '../lib/ui-store.ts';
import { ModalFrame } from './modal-frame.tsx';
import type { ModalProps } from './registry.ts';

type Review = { id: string; author: string; rating: number; text: string; createdAt: number };
type Reviews = { count: number; average: number | null; reviews: Review[] };

export const REVIEW_PREVIEW_CHARS = 250;

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

/** The reviews of a product; writing one needs an account (the accounts feature signs shoppers in). */
export default function ReviewModal({ close, variantId, title }: ModalProps) {
  const { t } = useTranslation();
  const openModal = useUi((s) => s.openModal);
  const sku = String(variantId ?? '');
  const query = useQuery({ queryKey: ['reviews', sku], queryFn: () => getJson<Reviews>(`/api/products/${encodeURIComponent(sku)}/reviews`) }, queryClient);
  const data = query.data?.ok ? query.data.data : null;
  return (
    <ModalFrame title={t('modal.reviewsTitle', { title: String(title ?? '') })} close={close}>
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
      <button type="button" onClick={() => openModal('authentication')} className="self-start rounded-md border border-primary-strong px-4 py-2 font-medium text-primary-strong">
        {t('modal.loginToReview')}
      </button>
    </ModalFrame>
  );
}
