import { useMutation } from '@tanstack/react-query';
import { postJson } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { asUser, useSession, type SessionUser } from '../../../lib/session.ts';

/**
 * The name the shop uses on orders and reviews (§7 api/user/updateName), the name modal's
 * write; the session takes the new name once the server has it. The data is the call's `ApiResult`.
 */
export const useUpdateName = () =>
  useMutation(
    {
      mutationFn: (newName: string) => asUser((headers) => postJson<{ success: true; user: SessionUser }>('/api/user/updateName', { newName }, headers)),
      onSuccess: (res) => {
        if (!res.ok) return;
        const { token } = useSession.getState();
        useSession.getState().signIn({ success: true, authToken: token, user: res.data.user, errorCode: null, errorMessage: null });
      },
    },
    queryClient,
  );
