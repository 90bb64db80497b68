import { useTranslation } from '../lib/i18n/i18n.ts';
import type { Route } from './+types/static-page';

const PAGES = {
  '/faqs': { key: 'faqs' },
  '/t-and-c': { key: 'tAndC' },
  '/privacy': { key: 'privacy' },
} as const;

export async function loader({ context, request }: Route.LoaderArgs) {
  const page = PAGES[new URL(request.url).pathname as keyof typeof PAGES];
  const text = context.shop?.pages[page.key] ?? '';
  return {
    page: page.key,
    paragraphs: text
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter(Boolean),
  };
}

export default function StaticPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <article className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">{t(`pages.${loaderData.page}`)}</h1>
      {loaderData.paragraphs.map((p, i) => (
        <p key={i} className="leading-relaxed text-slate-700">
          {p}
        </p>
      ))}
    </article>
  );
}
