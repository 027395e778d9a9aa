import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchJson } from './http';
import { userQueryKey } from './user';

/**
 * POST /api/logout; on success the client cache is cleared and the user re-checked (spec §7),
 * then the page goes to the landing page afresh, so nothing of the account stays in memory.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => fetchJson<void>('/api/logout', { method: 'POST' }),
    onSuccess: async () => {
      queryClient.clear();
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
      window.location.assign('/');
    },
  });
}
