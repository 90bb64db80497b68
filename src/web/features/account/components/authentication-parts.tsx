import { useTranslation } from '../../../lib/i18n/i18n.ts';
import type { MessageKey } from '../../../lib/i18n/translate.ts';
import type { Route, Via } from '../api/auth-calls.ts';
import type { AuthState, Mode } from '../hooks/use-authentication.ts';
import { CodeField, PhoneField, TextField } from './auth-fields.tsx';

/** The parts of the authentication modal (authentication.tsx) that change with its mode and step. */

export const titleKeys = {
  login: 'modal.auth.loginTitle',
  code: 'modal.auth.codeTitle',
  signup: 'modal.auth.signupTitle',
  reset: 'modal.auth.resetTitle',
} as const satisfies Record<Mode, MessageKey>;

/** What the button says at a step: send the code, check it, save the password, sign up or log in. */
export const submitKey = (mode: Mode, via: Via, stage: number): MessageKey =>
  stage === 0 && (mode === 'code' || mode === 'reset' || (mode === 'signup' && via === 'phone'))
    ? 'modal.auth.sendCode'
    : mode === 'reset'
      ? stage === 1
        ? 'modal.auth.checkCode'
        : 'modal.auth.savePassword'
      : mode === 'signup'
        ? 'modal.auth.signup'
        : 'modal.auth.login';

/** E-mail or phone, where the mode is offered by both. */
export function ViaSwitch({ via, onChoose }: { via: Via; onChoose(via: Via): void }) {
  const { t } = useTranslation();
  return (
    <div role="group" aria-label={t('modal.auth.via')} className="grid grid-cols-2 rounded-md border border-slate-300 p-1">
      {(['email', 'phone'] as const).map((v) => (
        <button
          key={v}
          type="button"
          aria-pressed={via === v}
          onClick={() => onChoose(v)}
          className={`rounded py-1.5 text-sm font-medium ${via === v ? 'bg-primary text-on-primary' : 'text-slate-700'}`}
        >
          {v === 'email' ? t('modal.auth.viaEmail') : t('modal.auth.viaPhone')}
        </button>
      ))}
    </div>
  );
}

/** Where a phone's code goes, when the shop sends codes both ways: a text message or WhatsApp. */
export function RouteChoice({ route, onChoose }: { route: Route; onChoose(route: Route): void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
      <legend className="mb-1 font-medium text-slate-800">{t('modal.auth.sendCodeBy')}</legend>
      {(['sms', 'whatsapp'] as const).map((r) => (
        <label key={r} className="flex items-center gap-2">
          <input type="radio" name="code-route" checked={route === r} onChange={() => onChoose(r)} className="accent-primary-strong" />
          {t(r === 'sms' ? 'modal.auth.bySms' : 'modal.auth.byWhatsapp')}
        </label>
      ))}
    </fieldset>
  );
}

/** The boxes a step asks for: a sign-up's name, the e-mail address or phone number, the code, the password. */
export function AuthFields({ state }: { state: AuthState }) {
  const { t } = useTranslation();
  const { mode, via, stage, form, set, dialCode } = state;
  const codeStage = stage === 1 && mode !== 'login' && !(mode === 'signup' && via === 'email');
  const askName = mode === 'signup' && stage === 0;
  const askPassword = mode === 'login' || (mode === 'signup' && (via === 'email' || stage === 1)) || (mode === 'reset' && stage === 2);
  const newPassword = mode !== 'login';
  return (
    <>
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
    </>
  );
}

const link = 'text-sm font-medium text-primary-strong hover:underline';

/** Under the button: back to the first step, and the ways to the other modes this shop offers. */
export function AuthLinks({ state }: { state: AuthState }) {
  const { t } = useTranslation();
  const { mode, stage, ways, go, back } = state;
  return (
    <>
      {stage > 0 ? (
        <button type="button" onClick={back} className={`self-center ${link}`}>
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
    </>
  );
}
