import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

/** A labelled input with its error under it, tied together for assistive technology. */
export function Field({
  label,
  error,
  className = '',
  ...input
}: { label: string; error?: string | undefined; className?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`rounded-md border bg-white px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-primary-strong ${error ? 'border-red-600' : 'border-slate-300'}`}
        {...input}
      />
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </div>
  );
}

export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="text-sm text-red-700">
      {children}
    </p>
  );
}

/** A titled group of fields. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
