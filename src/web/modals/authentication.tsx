import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { postJson } from '../lib/api.ts';
import { notify } from '../lib/notify.ts';
import { useSession, type AuthAnswer } from '../lib/session.ts';
import { ModalFrame } from './modal-frame.tsx';
import type { ModalProps } from './registry.ts';

type Mode = 'login' | 'signup';

/**
 * Login and sign-up by e-mail and password (spec §2 authentication modal, §7). Sign-up
 * ends with the server's message: the account works once the e-mailed link is opened.
 * Errors are the server's words, or §8's text when the server cannot be reached.
 */
export default function Authentication({ close, mode: initial }: ModalProps) {
  const { t } = useTranslation();
  const signIn = useSession((s) => s.signIn);
  const [mode, setMode] = useState<Mode>(initial === 'signup' ? 'signup' : 'login');
  const [form, setForm] = useState({ name: '', email: '', password: '' });
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'error' | 'info'; text: string } | null>(null);
  const ids = { name: useId(), email: useId(), password: useId(), hint: useId() };

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setMessage(null);
    const res = mode === 'login' ? await postJson<AuthAnswer>('/api/auth/email/login', { email: form.email, password: form.password }) : await postJson<AuthAnswer>('/api/auth/email/signup', form);
    setBusy(false);
    if (res.ok && res.data.success && res.data.authToken && res.data.user) {
      signIn(res.data);
      close();
      void notify({ type: 'success', message: t('modal.auth.welcome', { name: res.data.user.name }) });
      return;
    }
    if (res.ok && res.data.success) return setMessage({ kind: 'info', text: res.data.errorMessage ?? '' });
    const error = res.ok ? null : res.error;
    setMessage({ kind: 'error', text: error?.fields?.[0]?.message ?? error?.errorMessage ?? t('modal.auth.connection') });
  }

  const field = 'rounded-md border border-slate-300 bg-white px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-primary-strong';
  const set = (key: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [key]: e.target.value }));
  return (
    <ModalFrame title={mode === 'login' ? t('modal.auth.loginTitle') : t('modal.auth.signupTitle')} close={close}>
      <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-3">
        {mode === 'signup' ? (
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.name} className="text-sm font-medium">{t('modal.auth.name')}</label>
            <input id={ids.name} value={form.name} onChange={set('name')} autoComplete="name" required minLength={2} className={field} />
          </div>
        ) : null}
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.email} className="text-sm font-medium">{t('modal.auth.email')}</label>
          <input id={ids.email} type="email" value={form.email} onChange={set('email')} autoComplete="email" required className={field} />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.password} className="text-sm font-medium">{t('modal.auth.password')}</label>
          <input
            id={ids.password}
            type="password"
            value={form.password}
            onChange={set('password')}
            autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
            required
            minLength={mode === 'signup' ? 8 : undefined}
            aria-describedby={mode === 'signup' ? ids.hint : undefined}
            className={field}
          />
          {mode === 'signup' ? <p id={ids.hint} className="text-sm text-slate-600">{t('modal.auth.passwordHint')}</p> : null}
        </div>
        {message ? (
          <p role={message.kind === 'error' ? 'alert' : 'status'} className={`rounded-md p-3 text-sm ${message.kind === 'error' ? 'bg-red-50 text-red-800' : 'bg-green-50 text-green-900'}`}>
            {message.text}
          </p>
        ) : null}
        <button type="submit" disabled={busy} className="rounded-md bg-primary-strong py-2.5 font-semibold text-white disabled:opacity-60">
          {busy ? t('modal.auth.working') : mode === 'login' ? t('modal.auth.login') : t('modal.auth.signup')}
        </button>
        <button type="button" onClick={() => (setMode(mode === 'login' ? 'signup' : 'login'), setMessage(null))} className="self-center text-sm font-medium text-primary-strong hover:underline">
          {mode === 'login' ? t('modal.auth.toSignup') : t('modal.auth.toLogin')}
        </button>
      </form>
    </ModalFrame>
  );
}
