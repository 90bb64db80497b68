import { postJson } from '../../../lib/api.ts';
import type { AuthAnswer } from '../../../lib/session.ts';

/**
 * Truecaller's web flow, the browser's half (spec §7 realtime flow, §8, §9; decision 020):
 * name a nonce over the shop's WebSocket, open the Truecaller app by its deep link, look
 * 600 ms later whether the page lost focus to it (if not, the app is not there), then
 * wait up to 30 s for the shop to hear back from Truecaller.
 */
const FOCUS_CHECK_MS = 600;
const VERIFICATION_WAIT_MS = 30_000;

export type CallerOutcome =
  | { kind: 'verified'; answer: AuthAnswer }
  | { kind: 'error'; message: string; backoffToOtherLogin: boolean }
  | { kind: 'not-installed' }
  | { kind: 'timed-out' };

type Event = { event: string; data?: { authToken?: string; message?: string; backoffToOtherLogin?: boolean } };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function verifyCaller(settings: {
  shopId: string;
  partnerKey: string;
  partnerName: string;
  language: string;
  color: string;
}): Promise<CallerOutcome> {
  const nonce = crypto.randomUUID().replaceAll('-', '');
  const socket = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/auth/caller/socket`);
  const events: Event[] = [];
  let heard: (() => void) | undefined;
  socket.onmessage = (m) => {
    events.push(JSON.parse(String(m.data)) as Event);
    heard?.();
  };
  /** The first event of these kinds, or undefined after `ms`. */
  const waitFor = async (kinds: string[], ms: number) => {
    const until = Date.now() + ms;
    for (;;) {
      const found = events.find((e) => kinds.includes(e.event));
      if (found || Date.now() >= until || socket.readyState === WebSocket.CLOSED) return found;
      await Promise.race([new Promise<void>((resolve) => (heard = resolve)), sleep(Math.min(250, until - Date.now()))]);
    }
  };
  try {
    await new Promise<void>((resolve, reject) => ((socket.onopen = () => resolve()), (socket.onerror = () => reject(new Error('socket')))));
    socket.send(JSON.stringify({ event: 'set_truecaller_nonce', data: { nonce, storeId: settings.shopId } }));
    if (!(await waitFor(['truecaller_nonce_received'], 5000)))
      return { kind: 'error', message: 'There was an error connecting to the server.', backoffToOtherLogin: true };

    const link = new URL('truecallersdk://truesdk/web_verify');
    for (const [k, v] of Object.entries({
      type: 'btmsheet',
      requestNonce: nonce,
      partnerKey: settings.partnerKey,
      partnerName: settings.partnerName,
      lang: settings.language.slice(0, 2),
      loginPrefix: 'continue',
      loginSuffix: 'login',
      ctaPrefix: 'continuewith',
      ctaColor: settings.color,
      ctaTextColor: '#ffffff',
      btnShape: 'round',
      skipOption: 'useanothermethod',
      ttl: String(VERIFICATION_WAIT_MS),
    })) {
      link.searchParams.set(k, v);
    }
    window.location.href = link.toString();
    await sleep(FOCUS_CHECK_MS);
    // the app came up over the page: the page lost focus; otherwise there is no app to answer
    if (document.hasFocus()) return { kind: 'not-installed' };

    const outcome = await waitFor(['truecaller_verified', 'truecaller_verification_error'], VERIFICATION_WAIT_MS);
    if (!outcome) return { kind: 'timed-out' };
    if (outcome.event === 'truecaller_verification_error')
      return { kind: 'error', message: outcome.data?.message ?? '', backoffToOtherLogin: outcome.data?.backoffToOtherLogin ?? true };
    const res = await postJson<AuthAnswer>('/api/auth/caller/exchange', { nonce, authToken: outcome.data?.authToken ?? '' });
    if (res.ok && res.data.success) return { kind: 'verified', answer: res.data };
    return {
      kind: 'error',
      message: res.ok ? (res.data.errorMessage ?? '') : (res.error?.errorMessage ?? 'There was an error connecting to the server.'),
      backoffToOtherLogin: true,
    };
  } catch {
    return { kind: 'error', message: 'There was an error connecting to the server.', backoffToOtherLogin: true };
  } finally {
    socket.close();
  }
}
