import { useId, type InputHTMLAttributes } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';

/** The fields and notes the account modals share (authentication, verify phone, add e-mail). */
const fieldClass = 'rounded-md border border-slate-300 bg-white px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-primary-strong';

export type Note = { kind: 'error' | 'info'; text: string };

export function Message({ note }: { note: Note }) {
  return (
    <p
      role={note.kind === 'error' ? 'alert' : 'status'}
      className={`rounded-md p-3 text-sm ${note.kind === 'error' ? 'bg-red-50 text-red-800' : 'bg-green-50 text-green-900'}`}
    >
      {note.text}
    </p>
  );
}

/** A phone number as the country's dial code and the number; the server gets them joined (E.164). */
export function PhoneField({
  dialCode,
  number,
  onDialCode,
  onNumber,
}: {
  dialCode: string;
  number: string;
  onDialCode: React.ChangeEventHandler<HTMLInputElement>;
  onNumber: React.ChangeEventHandler<HTMLInputElement>;
}) {
  const { t } = useTranslation();
  const ids = { dial: useId(), number: useId() };
  return (
    <div className="flex gap-2">
      <div className="flex w-20 flex-col gap-1">
        <label htmlFor={ids.dial} className="text-sm font-medium">
          {t('modal.auth.countryCode')}
        </label>
        <input
          id={ids.dial}
          value={dialCode}
          onChange={onDialCode}
          inputMode="tel"
          autoComplete="tel-country-code"
          required
          pattern="\+?[0-9]{1,4}"
          className={fieldClass}
        />
      </div>
      <div className="flex flex-1 flex-col gap-1">
        <label htmlFor={ids.number} className="text-sm font-medium">
          {t('modal.auth.phone')}
        </label>
        <input id={ids.number} type="tel" value={number} onChange={onNumber} autoComplete="tel-national" required className={fieldClass} />
      </div>
    </div>
  );
}

/** A labelled box of the account modals; `hint` is a note under it, which the box points to (aria-describedby). */
export function TextField({ label, hint, className, ...input }: { label: string; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input id={id} aria-describedby={hint ? hintId : undefined} {...input} className={className ? `${fieldClass} ${className}` : fieldClass} />
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The 6-digit one-time code; phones offer it from the message (autocomplete one-time-code). */
export function CodeField({ value, onChange }: { value: string; onChange: React.ChangeEventHandler<HTMLInputElement> }) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('modal.auth.code')}
      value={value}
      onChange={onChange}
      inputMode="numeric"
      autoComplete="one-time-code"
      required
      pattern="[0-9]{6}"
      maxLength={6}
      className="tracking-widest"
    />
  );
}
