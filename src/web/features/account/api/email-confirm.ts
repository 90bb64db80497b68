import { postJson } from '../../../lib/api.ts';
import { useSendOnce } from '../../../lib/send-once.ts';
import { useSession, type AuthAnswer } from '../../../lib/session.ts';

/**
 * The e-mail confirmation link's code (§7 api/auth/email/confirm), sent once as
 * /email-confirmed shows (see `useSendOnce`): confirmed, the shopper is logged in and the
 * spent code leaves the address, so it stays out of the history. Undefined until the answer came.
 */
export const useEmailConfirm = (link: { email: string; code: string } | null | undefined) =>
  useSendOnce('email-confirm', link, async ({ email, code }: { email: string; code: string }) => {
    const res = await postJson<AuthAnswer>('/api/auth/email/confirm', { email, code });
    if (res.ok && res.data.success) {
      useSession.getState().signIn(res.data);
      window.history.replaceState(window.history.state, '', window.location.pathname);
    }
    return res;
  });
