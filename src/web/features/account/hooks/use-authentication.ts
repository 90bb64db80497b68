import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { dialCodeOf, joinPhone } from '../../../../domain/phone.ts';
import { authCalls, type AuthOutcome, type Route, type Via } from '../api/auth-calls.ts';
import { verifyCaller } from '../api/caller-verification.ts';
import { useCountry } from './use-country.ts';
import { notify } from '../../../lib/notify.ts';
import { useSession, type AuthAnswer } from '../../../lib/session.ts';
import { useUi } from '../../../lib/ui-store.ts';
import { useCodeChannels, useShop } from '../../../lib/use-shop.ts';
import type { Note } from '../components/auth-fields.tsx';
import type { ModalProps } from '../../../modals/registry.ts';

/** Password login, one-time-code login, sign-up, and a password reset by code. */
export type Mode = 'login' | 'code' | 'signup' | 'reset';

/**
 * Where the authentication modal stands: the mode, the channel (e-mail or phone), the step
 * within the mode (0: the details, 1: the code, 2: a reset's new password), what has been
 * typed and the note shown.
 */
export function useAuthState(initial: ModalProps<'authentication'>['mode']) {
  const shop = useShop();
  const country = useCountry(shop.id);
  const codes = useCodeChannels();
  // the ways each mode is offered: a password works by both, the rest need a code (or link) that can be sent
  const byCode = (['email', 'phone'] as const).filter((v) => codes[v]);
  const ways: Record<Mode, readonly Via[]> = {
    login: ['email', 'phone'],
    code: byCode.filter((v) => v === 'email' || country === 'IN'),
    signup: byCode,
    reset: byCode,
  };
  const [mode, setMode] = useState<Mode>(initial === 'signup' && ways.signup.length > 0 ? 'signup' : 'login');
  const [chosenVia, setVia] = useState<Via>('email');
  // a phone's code by text message unless the shop sends codes only by WhatsApp; the shopper may choose when it does both
  const [route, setRoute] = useState<Route>(codes.sms || !codes.whatsapp ? 'sms' : 'whatsapp');
  const [stage, setStage] = useState(0);
  const [form, setForm] = useState({ name: '', email: '', dialCode: '', number: '', password: '', code: '' });
  const [message, setMessage] = useState<Note | null>(null);

  const via: Via = ways[mode].includes(chosenVia) ? chosenVia : (ways[mode][0] ?? 'email');
  const dialCode = form.dialCode || dialCodeOf(country);
  return {
    shop,
    country,
    ways,
    mode,
    via,
    stage,
    setStage,
    form,
    dialCode,
    id: via === 'email' ? form.email.trim() : joinPhone(dialCode, form.number),
    message,
    setMessage,
    set: (key: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [key]: e.target.value })),
    go(next: Mode) {
      setMode(next);
      setStage(0);
      setMessage(null);
      setForm((f) => ({ ...f, password: '', code: '' }));
    },
    chooseVia: (v: Via) => (setVia(v), setMessage(null)),
    /** How a phone's code goes, and whether the shopper may choose. */
    route,
    routes: codes.sms && codes.whatsapp,
    chooseRoute: setRoute,
    /** Back to the first step, to change the number or address or have a new code sent. */
    back: () => (setStage(0), setMessage(null)),
  };
}

export type AuthState = ReturnType<typeof useAuthState>;

/** A login's answer taken: the session kept, the modal closed, a welcome. */
function useSignIn(close: () => void) {
  const { t } = useTranslation();
  const signIn = useSession((s) => s.signIn);
  const openModal = useUi((s) => s.openModal);
  return (answer: AuthAnswer) => {
    const { user } = answer;
    signIn(answer);
    close();
    void notify({ type: 'success', message: user?.name ? t('modal.auth.welcome', { name: user.name }) : t('modal.auth.welcomeNew') });
    // an account a code login just made has no name yet
    if (!user?.name) openModal('update-name');
  };
}

/**
 * What the modal's buttons do: the step of the mode with the server, and the caller
 * verification. Errors are the server's words, or §8's texts when it cannot be reached or a
 * code could not be sent.
 */
export function useAuthActions(state: AuthState, close: () => void) {
  const { t, i18n } = useTranslation();
  const signIn = useSignIn(close);
  const withLoader = useUi((s) => s.withLoader);
  const [busy, setBusy] = useState(false);
  const { shop, mode, via, id, stage, setStage, setMessage, route } = state;

  const fail = (reason: string | null) => setMessage({ kind: 'error', text: reason ?? t('modal.auth.connection') });
  const finish = (result: AuthOutcome<AuthAnswer>) => (result.ok ? signIn(result.data) : fail(result.reason));

  /** §8: a code send that failed says so in its own words, with the server's reason when there is one. */
  async function sendCode(send: () => Promise<AuthOutcome<unknown>>, failed: (reason: string | null) => string) {
    const result = await send();
    if (!result.ok) return setMessage({ kind: 'error', text: failed(result.reason) });
    setStage(1);
    setMessage({ kind: 'info', text: t(via === 'phone' && route === 'whatsapp' ? 'modal.auth.codeSentOnWhatsapp' : 'modal.auth.codeSentTo', { to: id }) });
  }
  const otpFailed = (reason: string | null) => (reason ? `${t('modal.auth.otpSendFailed')}: ${reason}` : t('modal.auth.otpSendFailed'));
  const resetFailed = (reason: string | null) => reason ?? t('modal.auth.resetSendFailed');

  async function step() {
    const { name, password, code } = state.form;
    if (mode === 'login') return finish(await authCalls.login(via, id, password));
    if (mode === 'code') return stage === 0 ? sendCode(() => authCalls.sendOtp(via, id, route), otpFailed) : finish(await authCalls.verifyOtp(via, id, code));
    if (mode === 'signup' && via === 'email') {
      const result = await authCalls.emailSignup({ name, email: id, password });
      return result.ok ? setMessage({ kind: 'info', text: result.data.errorMessage ?? '' }) : fail(result.reason);
    }
    if (mode === 'signup')
      return stage === 0
        ? sendCode(() => authCalls.sendOtpForSignup(name, id, route), otpFailed)
        : finish(await authCalls.phoneSignup({ name, phoneNumber: id, password, otp: code }));
    if (stage === 0) return sendCode(() => authCalls.sendCodeForPasswordReset(via, id, route), resetFailed);
    if (stage === 1) {
      const checked = await authCalls.verifyCodeForPasswordReset(via, id, code);
      if (!checked.ok) return fail(checked.reason);
      setStage(2);
      return setMessage(null);
    }
    return finish(await authCalls.resetPassword(via, id, password, code));
  }

  /** §7 caller verification; §8: its errors are danger toasts, and this modal stays for another way in. */
  async function continueWithCaller(settings: { partnerKey: string; partnerName: string }) {
    setBusy(true);
    setMessage(null);
    const outcome = await verifyCaller({ ...settings, shopId: shop.id, language: i18n.language, color: shop.themeConfig.primaryColor });
    setBusy(false);
    if (outcome.kind === 'verified') return signIn(outcome.answer);
    if (outcome.kind === 'not-installed') return setMessage({ kind: 'info', text: t('modal.auth.callerMissing') });
    void notify({ type: 'danger', message: outcome.kind === 'timed-out' ? t('modal.auth.callerTimedOut') : outcome.message });
    if (outcome.kind === 'error' && !outcome.backoffToOtherLogin) close();
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setMessage(null);
    // the loader (§2) covers the page while the server answers; it is gone before a failure's message shows
    await withLoader(step());
    setBusy(false);
  }

  return { busy, submit, continueWithCaller };
}
