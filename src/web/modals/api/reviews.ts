import { queryOptions, useMutation } from '@tanstack/react-query';
import { getJson, postJson } from '../../lib/api.ts';
import { queryClient } from '../../lib/query-client.ts';
import { asUser } from '../../lib/session.ts';

/**
 * A product's reviews (§7 api/products/:sku/reviews), read and written by the review modal.
 * The modals' calls live in modals/api/, as a feature's live in its api/: a modal may import
 * only lib/, ui/ and the domain, never a feature, and these calls are no one else's.
 */

export type Review = { id: string; author: string; rating: number; text: string; createdAt: number };
export type Reviews = { count: number; average: number | null; reviews: Review[] };

const reviewsPath = (sku: string) => `/api/products/${encodeURIComponent(sku)}/reviews`;

/** The product's reviews with their count and average. */
export const reviewsQuery = (sku: string) => queryOptions({ queryKey: ['reviews', sku], queryFn: () => getJson<Reviews>(reviewsPath(sku)) });

/** Whether the logged-in shopper may review the product (they received it). */
export const reviewEligibilityQuery = (sku: string, userId: string) =>
  queryOptions({
    queryKey: ['reviews', sku, 'eligibility', userId],
    queryFn: () => asUser((headers) => getJson<{ canReview: boolean }>(`${reviewsPath(sku)}/eligibility`, headers)),
  });

/**
 * The logged-in shopper's review of the product (writing again replaces it); once the server
 * has it, the product's reviews are asked again (that list only: whether they may review stays).
 */
export const useSendReview = (sku: string) =>
  useMutation(
    {
      mutationFn: (review: { rating: number; text: string }) => asUser((headers) => postJson(reviewsPath(sku), review, headers)),
      onSuccess: (res) => {
        if (res.ok) void queryClient.invalidateQueries({ queryKey: reviewsQuery(sku).queryKey, exact: true });
      },
    },
    queryClient,
  );
