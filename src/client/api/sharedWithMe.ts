/** GET /api/shared-with-me: diagrams other people shared with the signed-in user. */
import { useQuery } from '@tanstack/react-query';
import type { SharedWithMe } from '@shared/schemas';
import { fetchJson } from './http';

export const sharedWithMeQueryKey = ['/api/shared-with-me'] as const;

export const sharedWithMeQuery = {
  queryKey: sharedWithMeQueryKey,
  queryFn: () => fetchJson<SharedWithMe[]>('/api/shared-with-me'),
};

export function useSharedWithMe() {
  return useQuery(sharedWithMeQuery);
}
