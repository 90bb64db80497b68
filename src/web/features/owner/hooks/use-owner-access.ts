import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../../lib/session.ts';
import { queryClient, storeQuery } from '../api/owner-queries.ts';

/**
 * Whether the logged-in user is the owner, read from the open / closed switch's call
 * (the owner's calls answer 404 to anyone else), per user: another login asks again.
 */
export function useOwnerAccess() {
  const session = useSession((s) => s.status);
  const userId = useSession((s) => s.user?.id ?? null);
  const options = storeQuery(userId);
  const query = useQuery({ ...options, enabled: session === 'user' }, queryClient);
  return { session, query, key: options.queryKey };
}
