import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchJson } from './http';
import { userQueryKey } from './user';

/** POST /api/logout; on success the client cache is cleared and the user re-checked (spec §7). */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => fetchJson<void>('/api/logout', { method: 'POST' }),
    onSuccess: async () => {
      queryClient.clear();
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
    },
  });
}
