import { useSharedWithMe } from '@/api/sharedWithMe';

/**
 * Who owns a diagram shared with the caller, from the 'Shared with me' list (the sidebar reads the
 * same query, so this costs no extra call); null until known.
 */
export function useOwnerName(diagramId: number): string | null {
  const { data } = useSharedWithMe();
  return data?.find((entry) => entry.id === diagramId)?.ownerName ?? null;
}
