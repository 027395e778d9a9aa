/** TanStack Query hooks for the diagram calls of spec §7. Every write refetches the list. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateDiagramBody,
  Diagram,
  DiagramWithActions,
  DiagramSummary,
  SavedDiagram,
  UpdateDiagramBody,
} from '@shared/schemas';
import { fetchJson } from './http';

export const diagramsQueryKey = ['/api/diagrams'] as const;
export const diagramQueryKey = (id: number) => ['/api/diagrams', id] as const;
/** Under diagramsQueryKey, so every write's refetch of the list covers it too. */
export const diagramSummariesQueryKey = ['/api/diagrams', 'summary'] as const;

export const diagramsApi = {
  list: () => fetchJson<Diagram[]>('/api/diagrams'),
  listSummaries: () => fetchJson<DiagramSummary[]>('/api/diagrams?view=summary'),
  get: (id: number) => fetchJson<DiagramWithActions>(`/api/diagrams/${id}`),
  create: (body: CreateDiagramBody) =>
    fetchJson<Diagram>('/api/diagrams', { method: 'POST', body: JSON.stringify(body) }),
  update: (id: number, body: UpdateDiagramBody) =>
    fetchJson<SavedDiagram>(`/api/diagrams/${id}`, {
      method: 'PUT',
      body: JSON.stringify(body),
    }),
  remove: (id: number) => fetchJson<void>(`/api/diagrams/${id}`, { method: 'DELETE' }),
  /** A public diagram by its share token; anyone may ask (spec §7). */
  getShared: (token: string) =>
    fetchJson<Diagram>(`/api/diagrams/shared/${encodeURIComponent(token)}`),
};

export function useDiagrams(enabled = true) {
  return useQuery({ queryKey: diagramsQueryKey, queryFn: diagramsApi.list, enabled });
}

/** The light list (no diagram text) the sidebar shows; newest first. */
export function useDiagramSummaries(enabled = true) {
  return useQuery({
    queryKey: diagramSummariesQueryKey,
    queryFn: diagramsApi.listSummaries,
    enabled,
  });
}

function useRefetchingMutation<TVariables, TResult>(
  run: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: diagramsQueryKey }),
  });
}

export function useCreateDiagram() {
  return useRefetchingMutation((body: CreateDiagramBody) => diagramsApi.create(body));
}

export function useUpdateDiagram() {
  return useRefetchingMutation(({ id, body }: { id: number; body: UpdateDiagramBody }) =>
    diagramsApi.update(id, body),
  );
}

export function useDeleteDiagram() {
  return useRefetchingMutation((id: number) => diagramsApi.remove(id));
}

/** PUT {folderId}: moves a diagram into a folder, or to the root with null. */
export function useMoveDiagram() {
  return useRefetchingMutation(({ id, folderId }: { id: number; folderId: number | null }) =>
    diagramsApi.update(id, { folderId }),
  );
}
