/** 'Recently deleted' (/api/trash). The key sits under the diagrams key: deleting refetches it. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Diagram } from '@shared/schemas';
import type { TrashedDiagram } from '@shared/versions';
import { diagramsQueryKey } from './diagrams';
import { fetchJson } from './http';

export const trashQueryKey = ['/api/diagrams', 'trash'] as const;

export const trashApi = {
  list: () => fetchJson<TrashedDiagram[]>('/api/trash'),
  restore: (id: number) => fetchJson<Diagram>(`/api/trash/${id}/restore`, { method: 'POST' }),
  remove: (id: number) => fetchJson<void>(`/api/trash/${id}`, { method: 'DELETE' }),
};

export function useTrash(enabled: boolean) {
  return useQuery({ queryKey: trashQueryKey, queryFn: trashApi.list, enabled });
}

function useTrashMutation<TResult>(run: (id: number) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: diagramsQueryKey }),
  });
}

export const useRestoreFromTrash = () => useTrashMutation(trashApi.restore);
export const useDeleteForever = () => useTrashMutation(trashApi.remove);
