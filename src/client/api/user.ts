import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  SESSION_REFRESH_MS,
  SIGNED_IN_COOKIE,
  USER_FETCH_NETWORK_RETRIES,
  USER_STALE_MS,
} from '@shared/constants';
import type { User } from '@shared/schemas';
import { fetchJson, HttpError } from './http';

export const userQueryKey = ['/api/user'] as const;

/**
 * Whether the browser may hold a session: the server sets a readable hint cookie beside its
 * HttpOnly session cookie (auth/session-cookie.ts). Without it the user is plainly signed out.
 */
export function mayBeSignedIn(cookies: string): boolean {
  return cookies.split(';').some((part) => part.trim().startsWith(`${SIGNED_IN_COOKIE}=`));
}

/**
 * Spec §4: a 401 means signed out (null); any other failure throws. With no session cookie the
 * answer is known without asking, so a signed-out page prints no 401 in the console.
 */
export async function fetchUser(cookies: string = document.cookie): Promise<User | null> {
  if (!mayBeSignedIn(cookies)) return null;
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

/** Retried only on a network failure (fetch rejects with a TypeError), up to 3 times. */
export function retryUserFetch(failureCount: number, error: unknown): boolean {
  return !(error instanceof HttpError) && failureCount < USER_FETCH_NETWORK_RETRIES;
}

export function useUser() {
  const query = useQuery({
    queryKey: userQueryKey,
    queryFn: () => fetchUser(),
    staleTime: USER_STALE_MS,
    // While signed in, re-fetch every 20 minutes to keep the session fresh.
    refetchInterval: (query) => (query.state.data ? SESSION_REFRESH_MS : false),
    refetchIntervalInBackground: true,
    retry: retryUserFetch,
  });
  // Spec §8: a failed session refresh only logs a warning; the signed-in user stays.
  const refreshFailed = query.isRefetchError;
  useEffect(() => {
    if (refreshFailed) console.warn('Session refresh failed; will try again later.');
  }, [refreshFailed]);
  return query;
}
