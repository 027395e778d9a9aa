import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiToken, TokenScope } from '@shared/schemas';
import { fetchJson } from './http';

export const apiTokenQueryKey = ['/api/user/api-token'] as const;

/** Spec §7: fetched when the dialog opens (created on first use). */
export function useApiToken(enabled: boolean) {
  return useQuery({
    queryKey: apiTokenQueryKey,
    queryFn: () => fetchJson<ApiToken>('/api/user/api-token'),
    enabled,
    staleTime: 0,
  });
}

export function useRegenerateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (scope: TokenScope) =>
      fetchJson<ApiToken>('/api/user/regenerate-api-token', {
        method: 'POST',
        body: JSON.stringify({ scope }),
      }),
    onSuccess: (data) => queryClient.setQueryData(apiTokenQueryKey, data),
  });
}
