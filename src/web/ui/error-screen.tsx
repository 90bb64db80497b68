import { Link } from 'react-router';

/** The full-page error of §2: a heading, a sentence, and a way back into the shop. */
export function ErrorScreen({ title, text, homeLabel }: { title: string; text: string; homeLabel: string }) {
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 px-6 text-center">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-16 text-slate-400" fill="none" stroke="currentColor" strokeWidth="1.5">
        <path d="M12 9v4m0 4h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
      </svg>
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="text-slate-600">{text}</p>
      <Link to="/" reloadDocument className="rounded-md bg-primary px-5 py-2.5 font-medium text-on-primary hover:opacity-90">
        {homeLabel}
      </Link>
    </main>
  );
}
