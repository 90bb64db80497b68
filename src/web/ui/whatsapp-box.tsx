import { useId } from 'react';

/**
 * The opt-in to WhatsApp messages (issue 40): a checkbox with its label and, under it, where the
 * messages go and how to end them. Checkout asks it for an order's updates, the booking form for a
 * booking's confirmation and reminder.
 */
export function WhatsAppBox({ checked, onChange, label, hint }: { checked: boolean; onChange(checked: boolean): void; label: string; hint: string }) {
  const id = useId();
  return (
    <div className="flex items-start gap-3 rounded-lg border border-slate-200 bg-white p-4 text-sm">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={`${id}-hint`}
        className="mt-0.5 h-5 w-5 shrink-0 accent-primary-strong"
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="font-medium text-slate-900">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-slate-600">
          {hint}
        </p>
      </div>
    </div>
  );
}
