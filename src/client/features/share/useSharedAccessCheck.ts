import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CollaboratorRole } from '@shared/schemas';
import { can } from '@shared/policy/can';
import { sharedWithMeQuery } from '@/api/sharedWithMe';
import type { LostAccess } from '@/diagram/saving/serverState';

/**
 * Opening Share as a collaborator asks the server again what is shared with them (whatever the
 * cached list says): a diagram no longer in it was taken away, one shared now only to view was
 * made read-only. Either is reported as a refused save would be.
 */
export function useSharedAccessCheck(
  diagramId: number,
  role: CollaboratorRole,
  onLost: (lost: LostAccess) => void,
): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let current = true;
    queryClient
      .fetchQuery({ ...sharedWithMeQuery, staleTime: 0 })
      .then((list) => {
        if (!current) return;
        const entry = list.find((shared) => shared.id === diagramId);
        if (!entry) onLost('removed');
        else if (can(role, 'edit') && !can(entry.role, 'edit')) onLost('viewer');
      })
      // Not reachable now: nothing is known, and the dialog says what it says.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [queryClient, diagramId, role, onLost]);
}
