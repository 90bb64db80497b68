import { useTranslation } from '../lib/i18n/i18n.ts';
import { useLoaderData, useOutlet } from 'react-router';
import { OwnerPage } from '../features/owner/components/owner-page.tsx';
import { OwnerShell } from '../features/owner/components/owner-shell.tsx';
import { ownerCatalogs } from '../lib/i18n/catalogs.server.ts';
import type { Route } from './+types/admin';

/** The owner's texts travel with these pages only, so the shop's pages do not carry them. */
export function loader({ context }: Route.LoaderArgs) {
  return { ownerMessages: ownerCatalogs[context.language] };
}

export const meta: Route.MetaFunction = () => [{ title: 'Your shop' }, { name: 'robots', content: 'noindex' }];

/**
 * /admin and the pages under it: the shop owner's (issues 8 and 18). The server renders
 * only the frame: who is logged in is known in the browser, and the owner's calls answer
 * 404 to anyone else. The frame (OwnerShell) checks who this is and keeps the live feed.
 */
export default function Admin() {
  const { i18n } = useTranslation();
  const { ownerMessages } = useLoaderData<typeof loader>();
  // /admin itself is the home (orders, bookings, stock); an order's pages come in its place.
  // No index route: each route costs every page of the shop a line of the route manifest
  const page = useOutlet();
  // once per i18n instance (a string compares by value; the merged catalog is a copy):
  // the owner's texts are in before anything reads them
  if (i18n.text('owner.title') !== ownerMessages.title) i18n.add({ owner: ownerMessages });
  return <OwnerShell>{page ?? <OwnerPage />}</OwnerShell>;
}
