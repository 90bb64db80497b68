import { useMutation } from '@tanstack/react-query';
import { postJson } from '../../lib/api.ts';
import { queryClient } from '../../lib/query-client.ts';

/**
 * The newsletter modal's write (double opt-in, §7 api/newsletter/subscribe): the server
 * e-mails the address a link to confirm. In modals/api/, as a feature's calls are in its
 * api/: a modal may import only lib/, ui/ and the domain. The data is the call's `ApiResult`.
 */
export const useNewsletterSubscribe = () =>
  useMutation({ mutationFn: (email: string) => postJson<{ success: true }>('/api/newsletter/subscribe', { email }) }, queryClient);
