import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { dialCodeOf, joinPhone } from '../../../../domain/phone.ts';
import { authCalls, type Via } from '../api/auth-calls.ts';
import { useCountry } from '../hooks/use-country.ts';
import { notify } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { useShop } from '../../../lib/use-shop.ts';
import { CodeField, Message, PhoneField, TextField, type Note } from './auth-fields.tsx';
import { ModalFrame } from '../../../modals/modal-frame.tsx';
import type { ModalProps } from '../../../modals/registry.ts';
import { Button } from '../../../ui/button.tsx';

/**
 * A new phone number (verify-phone modal) or e-mail address (add-email modal) for the
 * logged-in shopper (spec §2, §7 sendOtpForVerification + updatePhone, updateEmail):
 * a code goes to the new contact, and only that code makes it the account's.
 */
function ContactChange({ close, via }: ModalProps<'verify-phone' | 'add-email'> & { via: Via }) {
  const { t } = useTranslation();
  const shop = useShop();
  const country = useCountry(shop.id);
  const user = useSession((s) => s.user);
  const [stage, setStage] = useState(0);
  const [form, setForm] = useState({ email: '', dialCode: '', number: '', code: '' });
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Note | null>(null);
  const dialCode = form.dialCode || dialCodeOf(country);
  const contact = via === 'email' ? form.email.trim() : joinPhone(dialCode, form.number);
  const set = (key: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [key]: e.target.value }));
  const key = via === 'email' ? 'addEmail' : 'verifyPhone';
  // a shopper who has an e-mail is changing it, not adding one
  const heading = via === 'email' && user?.email ? 'changeEmail' : key;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setMessage(null);
    if (stage === 0) {
      const sent = via === 'email' ? await authCalls.updateEmail(contact) : await authCalls.sendOtpForVerification(contact);
      if (sent.ok) {
        setStage(1);
        setMessage({ kind: 'info', text: t('modal.auth.codeSentTo', { to: contact }) });
      } else setMessage({ kind: 'error', text: sent.reason ? `${t('modal.auth.otpSendFailed')}: ${sent.reason}` : t('modal.auth.otpSendFailed') });
    } else {
      const done = via === 'email' ? await authCalls.updateEmail(contact, form.code) : await authCalls.updatePhone(contact, form.code);
      if (done.ok) {
        useSession.getState().signIn(done.data);
        close();
        void notify({ type: 'success', message: t(`modal.shells.${key}.saved`) });
      } else setMessage({ kind: 'error', text: done.reason ?? t('modal.auth.connection') });
    }
    setBusy(false);
  }

  return (
    <ModalFrame title={t(`modal.shells.${heading}.title`)} close={close}>
      <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-3">
        <p className="text-slate-700">{t(`modal.shells.${heading}.text`)}</p>
        {stage === 0 && via === 'email' ? (
          <TextField
            label={t('modal.auth.email')}
            type="email"
            value={form.email}
            onChange={set('email')}
            placeholder={user?.email ?? undefined}
            autoComplete="email"
            required
          />
        ) : null}
        {stage === 0 && via === 'phone' ? <PhoneField dialCode={dialCode} number={form.number} onDialCode={set('dialCode')} onNumber={set('number')} /> : null}
        {stage === 1 ? <CodeField value={form.code} onChange={set('code')} /> : null}
        {message ? <Message note={message} /> : null}
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? t('modal.auth.working') : stage === 0 ? t('modal.auth.sendCode') : t('modal.auth.confirmCode')}
        </Button>
        {stage === 1 ? (
          <button type="button" onClick={() => (setStage(0), setMessage(null))} className="self-center text-sm font-medium text-primary-strong hover:underline">
            {t('modal.auth.changeOrResend')}
          </button>
        ) : null}
      </form>
    </ModalFrame>
  );
}

export const VerifyPhoneModal = (props: ModalProps<'verify-phone'>) => <ContactChange {...props} via="phone" />;
export const AddEmailModal = (props: ModalProps<'add-email'>) => <ContactChange {...props} via="email" />;
