import { useQuery } from '@tanstack/react-query';
import { SESSION_REFRESH_MS, USER_FETCH_NETWORK_RETRIES, USER_STALE_MS } from '@shared/constants';
import type { User } from '@shared/schemas';
import { fetchJson, HttpError } from './http';

export const userQueryKey = ['/api/user'] as const;

/** Spec §4: a 401 means signed out (null); the user is re-fetched every 20 minutes. */
async function fetchUser(): Promise<User | null> {
  try {
    return await fetchJson<User>('/api/user', {
      cache: 'no-store',
      headers: { 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
    });
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) return null;
    throw error;
  }
}

export function useUser() {
  return useQuery({
    queryKey: userQueryKey,
    queryFn: fetchUser,
    staleTime: USER_STALE_MS,
    refetchInterval: (query) => (query.state.data ? SESSION_REFRESH_MS : false),
    // Retried only on a network failure (fetch rejects with a TypeError), up to 3 times.
    retry: (count, error) => !(error instanceof HttpError) && count < USER_FETCH_NETWORK_RETRIES,
  });
}
