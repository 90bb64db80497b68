import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { dialCodeOf, joinPhone } from '../../../../domain/phone.ts';
import { authCalls, type AuthOutcome, type Via } from '../api/auth-calls.ts';
import { verifyCaller } from '../api/caller-verification.ts';
import { useCountry } from '../hooks/use-country.ts';
import { notify } from '../../../lib/notify.ts';
import { useSession, type AuthAnswer } from '../../../lib/session.ts';
import { useUi } from '../../../lib/ui-store.ts';
import { useOnline } from '../../../lib/use-online.ts';
import { useCodeChannels, useShop } from '../../../lib/use-shop.ts';
import { CodeField, Message, PhoneField, TextField, type Note } from './auth-fields.tsx';
import { ModalFrame } from '../../../modals/modal-frame.tsx';
import type { ModalProps } from '../../../modals/registry.ts';
import { Button } from '../../../ui/button.tsx';

/** Password login, one-time-code login, sign-up, and a password reset by code. */
type Mode = 'login' | 'code' | 'signup' | 'reset';

/**
 * The authentication modal (spec §2, §7): by e-mail or phone, with a password or a
 * one-time code (by phone only where the shopper's country is IN, §4), sign-up (e-mail:
 * confirmed by a link; phone: by a texted code) and a password reset in three steps.
 * Whatever needs a code is offered only by the channels the shop can send codes by.
 * Errors are the server's words, or §8's texts when it cannot be reached or a code could
 * not be sent. A new account made by a code login is asked for its name next.
 */
export default function Authentication({ close, mode: initial }: ModalProps<'authentication'>) {
  const { t, i18n } = useTranslation();
  const shop = useShop();
  const country = useCountry(shop.id);
  const codes = useCodeChannels();
  const signIn = useSession((s) => s.signIn);
  const openModal = useUi((s) => s.openModal);
  const withLoader = useUi((s) => s.withLoader);
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
  const [stage, setStage] = useState(0);
  const [form, setForm] = useState({ name: '', email: '', dialCode: '', number: '', password: '', code: '' });
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Note | null>(null);
  const online = useOnline();

  const via: Via = ways[mode].includes(chosenVia) ? chosenVia : (ways[mode][0] ?? 'email');
  const dialCode = form.dialCode || dialCodeOf(country);
  const id = via === 'email' ? form.email.trim() : joinPhone(dialCode, form.number);
  const set = (key: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [key]: e.target.value }));

  function go(next: Mode) {
    setMode(next);
    setStage(0);
    setMessage(null);
    setForm((f) => ({ ...f, password: '', code: '' }));
  }

  const fail = (reason: string | null) => setMessage({ kind: 'error', text: reason ?? t('modal.auth.connection') });

  function finish(result: AuthOutcome<AuthAnswer>) {
    if (!result.ok) return fail(result.reason);
    const { user } = result.data;
    signIn(result.data);
    close();
    void notify({ type: 'success', message: user?.name ? t('modal.auth.welcome', { name: user.name }) : t('modal.auth.welcomeNew') });
    // an account a code login just made has no name yet
    if (!user?.name) openModal('update-name');
  }

  /** §8: a code send that failed says so in its own words, with the server's reason when there is one. */
  async function sendCode(send: () => Promise<AuthOutcome<unknown>>, failed: (reason: string | null) => string) {
    const result = await send();
    if (!result.ok) return setMessage({ kind: 'error', text: failed(result.reason) });
    setStage(1);
    setMessage({ kind: 'info', text: t('modal.auth.codeSentTo', { to: id }) });
  }
  const otpFailed = (reason: string | null) => (reason ? `${t('modal.auth.otpSendFailed')}: ${reason}` : t('modal.auth.otpSendFailed'));
  const resetFailed = (reason: string | null) => reason ?? t('modal.auth.resetSendFailed');

  async function step() {
    const { name, password, code } = form;
    if (mode === 'login') return finish(await authCalls.login(via, id, password));
    if (mode === 'code') return stage === 0 ? sendCode(() => authCalls.sendOtp(via, id), otpFailed) : finish(await authCalls.verifyOtp(via, id, code));
    if (mode === 'signup' && via === 'email') {
      const result = await authCalls.emailSignup({ name, email: id, password });
      return result.ok ? setMessage({ kind: 'info', text: result.data.errorMessage ?? '' }) : fail(result.reason);
    }
    if (mode === 'signup')
      return stage === 0
        ? sendCode(() => authCalls.sendOtpForSignup(name, id), otpFailed)
        : finish(await authCalls.phoneSignup({ name, phoneNumber: id, password, otp: code }));
    if (stage === 0) return sendCode(() => authCalls.sendCodeForPasswordReset(via, id), resetFailed);
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
    if (outcome.kind === 'verified') return finish({ ok: true, data: outcome.answer });
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

  const codeStage = stage === 1 && mode !== 'login' && !(mode === 'signup' && via === 'email');
  const askName = mode === 'signup' && stage === 0;
  const askPassword = mode === 'login' || (mode === 'signup' && (via === 'email' || stage === 1)) || (mode === 'reset' && stage === 2);
  const newPassword = mode !== 'login';
  const titles: Record<Mode, string> = {
    login: t('modal.auth.loginTitle'),
    code: t('modal.auth.codeTitle'),
    signup: t('modal.auth.signupTitle'),
    reset: t('modal.auth.resetTitle'),
  };
  const submitLabel =
    stage === 0 && (mode === 'code' || mode === 'reset' || (mode === 'signup' && via === 'phone'))
      ? t('modal.auth.sendCode')
      : mode === 'reset'
        ? stage === 1
          ? t('modal.auth.checkCode')
          : t('modal.auth.savePassword')
        : mode === 'signup'
          ? t('modal.auth.signup')
          : t('modal.auth.login');
  const link = 'text-sm font-medium text-primary-strong hover:underline';

  return (
    <ModalFrame title={titles[mode]} close={close}>
      <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-3">
        {mode === 'login' && shop.callerVerification && country === 'IN' ? (
          <button
            type="button"
            disabled={busy}
            onClick={() => void continueWithCaller(shop.callerVerification!)}
            className="rounded-md border border-primary-strong py-2.5 font-semibold text-primary-strong disabled:opacity-60"
          >
            {t('modal.auth.withCaller')}
          </button>
        ) : null}
        {stage === 0 && ways[mode].length > 1 ? (
          <div role="group" aria-label={t('modal.auth.via')} className="grid grid-cols-2 rounded-md border border-slate-300 p-1">
            {(['email', 'phone'] as const).map((v) => (
              <button
                key={v}
                type="button"
                aria-pressed={via === v}
                onClick={() => (setVia(v), setMessage(null))}
                className={`rounded py-1.5 text-sm font-medium ${via === v ? 'bg-primary text-on-primary' : 'text-slate-700'}`}
              >
                {v === 'email' ? t('modal.auth.viaEmail') : t('modal.auth.viaPhone')}
              </button>
            ))}
          </div>
        ) : null}
        {askName ? <TextField label={t('modal.auth.name')} value={form.name} onChange={set('name')} autoComplete="name" required minLength={2} /> : null}
        {stage === 0 && via === 'email' ? (
          <TextField label={t('modal.auth.email')} type="email" value={form.email} onChange={set('email')} autoComplete="email" required />
        ) : null}
        {stage === 0 && via === 'phone' ? <PhoneField dialCode={dialCode} number={form.number} onDialCode={set('dialCode')} onNumber={set('number')} /> : null}
        {codeStage ? <CodeField value={form.code} onChange={set('code')} /> : null}
        {askPassword ? (
          <TextField
            label={mode === 'reset' ? t('modal.auth.newPassword') : t('modal.auth.password')}
            hint={newPassword ? t('modal.auth.passwordHint') : undefined}
            type="password"
            value={form.password}
            onChange={set('password')}
            autoComplete={newPassword ? 'new-password' : 'current-password'}
            required
            minLength={newPassword ? 8 : undefined}
          />
        ) : null}
        {online ? null : (
          <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            {t('app.loginOffline')}
          </p>
        )}
        {message ? <Message note={message} /> : null}
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? t('modal.auth.working') : submitLabel}
        </Button>
        {stage > 0 ? (
          <button type="button" onClick={() => (setStage(0), setMessage(null))} className={`self-center ${link}`}>
            {t('modal.auth.changeOrResend')}
          </button>
        ) : null}
        {mode === 'login' ? (
          <div className="flex flex-wrap justify-between gap-2">
            {ways.code.length > 0 ? (
              <button type="button" onClick={() => go('code')} className={link}>
                {t('modal.auth.withCode')}
              </button>
            ) : null}
            {ways.reset.length > 0 ? (
              <button type="button" onClick={() => go('reset')} className={link}>
                {t('modal.auth.forgot')}
              </button>
            ) : null}
          </div>
        ) : mode === 'code' || mode === 'reset' ? (
          <button type="button" onClick={() => go('login')} className={`self-center ${link}`}>
            {t('modal.auth.withPassword')}
          </button>
        ) : null}
        {mode === 'signup' || ways.signup.length > 0 ? (
          <button type="button" onClick={() => go(mode === 'signup' ? 'login' : 'signup')} className={`self-center ${link}`}>
            {mode === 'signup' ? t('modal.auth.toLogin') : t('modal.auth.toSignup')}
          </button>
        ) : null}
      </form>
    </ModalFrame>
  );
}
