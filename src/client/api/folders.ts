/**
 * TanStack Query hooks for the folder calls of spec §7. Failures carry the spec §8 messages
 * ('Failed to fetch folders', …), except a 401, which keeps 'Not authenticated' so the session
 * rules still see it. Every write refetches the folders and the diagram list.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Folder, UpdateFolderBody } from '@shared/schemas';
import { diagramsQueryKey } from './diagrams';
import { fetchJson, HttpError } from './http';

export const foldersQueryKey = ['/api/folders'] as const;

export const FOLDER_ERRORS = {
  fetch: 'Failed to fetch folders',
  create: 'Failed to create folder',
  update: 'Failed to update folder',
  remove: 'Failed to delete folder',
} as const;

async function withMessage<T>(call: Promise<T>, message: string): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) throw error;
    throw new HttpError(message, error instanceof HttpError ? error.status : 0);
  }
}

export const foldersApi = {
  list: () => withMessage(fetchJson<Folder[]>('/api/folders'), FOLDER_ERRORS.fetch),
  create: (name: string) =>
    withMessage(
      fetchJson<Folder>('/api/folders', { method: 'POST', body: JSON.stringify({ name }) }),
      FOLDER_ERRORS.create,
    ),
  update: (id: number, body: UpdateFolderBody) =>
    withMessage(
      fetchJson<Folder>(`/api/folders/${id}`, { method: 'PUT', body: JSON.stringify(body) }),
      FOLDER_ERRORS.update,
    ),
  remove: (id: number) =>
    withMessage(fetchJson<void>(`/api/folders/${id}`, { method: 'DELETE' }), FOLDER_ERRORS.remove),
};

export function useFolders() {
  return useQuery({ queryKey: foldersQueryKey, queryFn: foldersApi.list });
}

function useFolderMutation<TVariables, TResult>(run: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    // Not awaited: the dialog closes as soon as the server has acknowledged the write.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: foldersQueryKey });
      void queryClient.invalidateQueries({ queryKey: diagramsQueryKey });
    },
  });
}

export function useCreateFolder() {
  return useFolderMutation((name: string) => foldersApi.create(name));
}

export function useUpdateFolder() {
  return useFolderMutation(({ id, body }: { id: number; body: UpdateFolderBody }) =>
    foldersApi.update(id, body),
  );
}

export function useDeleteFolder() {
  return useFolderMutation((id: number) => foldersApi.remove(id));
}
