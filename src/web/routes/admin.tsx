import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router';
import { OwnerPage } from '../features/owner/components/owner-page.tsx';
import { ownerCatalogs } from '../lib/i18n/catalogs.server.ts';
import type { Route } from './+types/admin';

/** The owner's texts travel with this page only, so the shop's pages do not carry them. */
export function loader({ context }: Route.LoaderArgs) {
  return { ownerMessages: ownerCatalogs[context.language] };
}

export const meta: Route.MetaFunction = () => [{ title: 'Your shop' }, { name: 'robots', content: 'noindex' }];

/**
 * /admin: the shop owner's page (issue 8). The server renders only its frame: who is
 * logged in is known in the browser, and the owner's calls answer 404 to anyone else.
 */
export default function Admin() {
  const { t, i18n } = useTranslation();
  const { ownerMessages } = useLoaderData<typeof loader>();
  // once per i18n instance (a string compares by value; the merged catalog is a copy):
  // the owner's texts are in before anything reads them
  if (i18n.getResource(i18n.language, 'translation', 'owner.title') !== ownerMessages.title) i18n.addResourceBundle(i18n.language, 'translation', { owner: ownerMessages }, true, true);
  return (
    <main className="mx-auto flex max-w-6xl flex-col gap-4 p-4">
      <h1 className="text-2xl font-semibold">{t('owner.title')}</h1>
      <OwnerPage />
    </main>
  );
}
