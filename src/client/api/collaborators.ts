/** TanStack Query hooks for the collaborator calls of spec §7. Adds and removals refetch the list. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddCollaboratorBody, Collaborator } from '@shared/schemas';
import { diagramsQueryKey } from './diagrams';
import { fetchJson } from './http';

export const collaboratorsQueryKey = (diagramId: number) =>
  ['/api/diagrams', diagramId, 'collaborators'] as const;

export const collaboratorsApi = {
  list: (diagramId: number) =>
    fetchJson<Collaborator[]>(`/api/diagrams/${diagramId}/collaborators`),
  add: (diagramId: number, body: AddCollaboratorBody) =>
    fetchJson<Collaborator>(`/api/diagrams/${diagramId}/collaborators`, {
      method: 'POST',
      body: JSON.stringify(body),
    }),
  remove: (diagramId: number, collaboratorId: number) =>
    fetchJson<void>(`/api/diagrams/${diagramId}/collaborators/${collaboratorId}`, {
      method: 'DELETE',
    }),
};

/** The owner's list of people the diagram is shared with; `diagramId` 0 (unsaved) has none. */
export function useCollaborators(diagramId: number, enabled = true) {
  return useQuery({
    queryKey: collaboratorsQueryKey(diagramId),
    queryFn: () => collaboratorsApi.list(diagramId),
    enabled: enabled && diagramId > 0,
  });
}

function useCollaboratorMutation<TVariables extends { diagramId: number }, TResult>(
  run: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    // Spec §7: after adding or removing a collaborator the diagrams list is refetched.
    onSuccess: (_result, { diagramId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: collaboratorsQueryKey(diagramId) }),
        queryClient.invalidateQueries({ queryKey: diagramsQueryKey }),
      ]),
  });
}

/** Adds an e-mail with a role; the same e-mail again changes its role. */
export function useAddCollaborator() {
  return useCollaboratorMutation(
    ({ diagramId, body }: { diagramId: number; body: AddCollaboratorBody }) =>
      collaboratorsApi.add(diagramId, body),
  );
}

export function useRemoveCollaborator() {
  return useCollaboratorMutation(
    ({ diagramId, collaboratorId }: { diagramId: number; collaboratorId: number }) =>
      collaboratorsApi.remove(diagramId, collaboratorId),
  );
}
