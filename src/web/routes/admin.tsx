import { useTranslation } from 'react-i18next';
import { OwnerBoard } from '../features/owner/components/owner-board.tsx';
import type { Route } from './+types/admin';

export const meta: Route.MetaFunction = () => [{ title: 'Orders' }, { name: 'robots', content: 'noindex' }];

/**
 * /admin: the shop owner's page (issue 8). The server renders only its frame: who is
 * logged in is known in the browser, and the owner's calls answer 404 to anyone else.
 */
export default function Admin() {
  const { t } = useTranslation();
  return (
    <main className="mx-auto flex max-w-6xl flex-col gap-4 p-4">
      <h1 className="text-2xl font-semibold">{t('owner.title')}</h1>
      <OwnerBoard />
    </main>
  );
}
