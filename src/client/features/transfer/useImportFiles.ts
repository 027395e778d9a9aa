/** Import as a mutation: refetches folders and diagrams after it, and says what happened. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { diagramsQueryKey } from '@/api/diagrams';
import { foldersQueryKey } from '@/api/folders';
import { readableError } from '@/api/http';
import { toast } from '@/components/ui/toast-store';
import { TRANSFER_COPY } from './copy';
import { importFiles } from './transferApi';

/** `toastErrors: false` when the caller shows the error itself (the dialog does). */
export function useImportFiles({ toastErrors = true } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importFiles,
    // An import is all or nothing on the server; retrying a refused one cannot help.
    retry: false,
    onSuccess: async (result) => {
      toast({
        title: TRANSFER_COPY.imported(result.diagrams.length),
        description: TRANSFER_COPY.importedFolders(result.folders.length),
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: foldersQueryKey }),
        queryClient.invalidateQueries({ queryKey: diagramsQueryKey }),
      ]);
    },
    onError: (error) => {
      if (!toastErrors) return;
      toast({
        title: TRANSFER_COPY.importFailed,
        description: readableError(error),
        variant: 'destructive',
      });
    },
  });
}

export type ImportMutation = ReturnType<typeof useImportFiles>;
