import { postJson } from './api.ts';
import { useSendOnce } from './send-once.ts';

export type NewsletterConfirmed = { couponSent: boolean; percent: number | null };

/**
 * The newsletter confirmation link's code (double opt-in, §7 api/newsletter/confirm), sent
 * once as /newsletter-confirmed shows (see `useSendOnce`); once it is spent the code leaves
 * the address, so it stays out of the history. Undefined until the answer came. In lib/: the
 * newsletter is no feature with an api/ folder, and routes keep no calls of their own.
 */
export const useNewsletterConfirm = (link: { email: string; code: string } | null | undefined) =>
  useSendOnce('newsletter-confirm', link, async (target: { email: string; code: string }) => {
    const res = await postJson<NewsletterConfirmed>('/api/newsletter/confirm', target);
    if (res.ok) window.history.replaceState(window.history.state, '', window.location.pathname);
    return res;
  });
