import { QueryClient } from '@tanstack/react-query';
import { QUERY_STALE_MS } from '@shared/constants';
import { http, shouldRetry } from './http';
import { userQueryKey } from './user';

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: { staleTime: QUERY_STALE_MS, refetchOnWindowFocus: true, retry: shouldRetry },
      mutations: { retry: shouldRetry },
    },
  });
  // Spec §8: a 401 on any call but /api/user makes the app re-check who is signed in.
  http.setUnauthenticatedHandler(() => void client.invalidateQueries({ queryKey: userQueryKey }));
  return client;
}
