import { QueryClient } from '@tanstack/react-query';
import { OTHER_RETRIES, QUERY_STALE_MS } from '@shared/constants';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: QUERY_STALE_MS, refetchOnWindowFocus: true, retry: OTHER_RETRIES },
      mutations: { retry: OTHER_RETRIES },
    },
  });
}
