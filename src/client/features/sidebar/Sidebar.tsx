/** Spec §2 sidebar 'Your Diagrams': folders and diagrams, then 'Shared with me'. */
import { FolderPlus, Loader2, Trash2 } from 'lucide-react';
import { useCallback, useState } from 'react';
import type { DiagramSummary, Folder } from '@shared/schemas';
import { MOBILE_BREAKPOINT_PX } from '@shared/constants';
import { can } from '@shared/policy/can';
import { useDiagramSummaries } from '@/api/diagrams';
import { useDeleteFolder, useFolders } from '@/api/folders';
import { readableError } from '@/api/http';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { useServerState } from '@/diagram/saving/serverState';
import { useMediaQuery } from '@/lib/useMediaQuery';
import { DropOverlay } from '@/features/transfer/DropOverlay';
import { ImportDialog } from '@/features/transfer/ImportDialog';
import { TransferMenu } from '@/features/transfer/TransferMenu';
import { useFileDrop } from '@/lib/useFileDrop';
import { useImportFiles } from '@/features/transfer/useImportFiles';
import { ConfirmDialog, type Confirmation } from './ConfirmDialog';
import { SIDEBAR_COPY, SIDEBAR_TESTIDS, SIDEBAR_TEXT } from './copy';
import { FolderDialog, type FolderEdit } from './FolderDialog';
import { SharedList } from './SharedList';
import { SidebarTree } from './SidebarTree';
import { TrashList } from './TrashList';
import { useExpandedFolders } from './useExpandedFolders';
import { useSidebarActions, type SidebarHandle } from './useSidebarActions';

export function Sidebar({ handle }: { handle: SidebarHandle }) {
  const narrow = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`);
  const folders = useFolders();
  const diagrams = useDiagramSummaries();
  const { expanded, set: setExpanded } = useExpandedFolders();
  const openId = useServerState(handle.serverState, (state) => state.id);
  const canDeleteOpen = useServerState(
    handle.serverState,
    (s) => s.id !== 0 && can(s.access, 'delete'),
  );
  const [folderEdit, setFolderEdit] = useState<FolderEdit | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const removeFolder = useDeleteFolder();
  const expand = useCallback((id: number) => setExpanded(id, true), [setExpanded]);
  const actions = useSidebarActions(handle, expand);
  const [importOpen, setImportOpen] = useState(false);
  const dropImport = useImportFiles();
  const drop = useFileDrop((files) => dropImport.mutate(files));

  const confirmDeleteDiagram = (id: number, title: string) =>
    setConfirmation({
      title: SIDEBAR_TEXT.deleteDiagramTitle,
      description: SIDEBAR_TEXT.deleteDiagramBody(title),
      run: () => actions.deleteDiagram(id, title),
    });
  const confirmDeleteFolder = (folder: Folder) =>
    setConfirmation({
      title: SIDEBAR_TEXT.deleteFolderTitle,
      description: SIDEBAR_TEXT.deleteFolderBody(folder.name),
      run: () =>
        removeFolder
          .mutateAsync(folder.id)
          .catch((error: unknown) =>
            toast({ title: readableError(error), variant: 'destructive' }),
          ),
    });
  const deleteCurrent = () => {
    const state = handle.serverState.get();
    if (state.id !== 0) confirmDeleteDiagram(state.id, state.baseline.title);
  };

  const failed = folders.error ?? diagrams.error;
  return (
    <aside
      className="relative flex h-full min-w-0 flex-col bg-card"
      aria-label={SIDEBAR_TEXT.title}
      aria-busy={dropImport.isPending || undefined}
      data-testid={SIDEBAR_TESTIDS.sidebar}
      {...drop.handlers}
    >
      {drop.active && <DropOverlay />}
      <div className="flex h-11 shrink-0 items-center gap-1 border-b border-border pl-4 pr-2">
        <h2 className="min-w-0 flex-1 truncate text-sm font-semibold">{SIDEBAR_TEXT.title}</h2>
        {narrow && (
          <Button
            variant="ghost"
            size="sm"
            className="text-destructive hover:text-destructive"
            onClick={deleteCurrent}
            disabled={!canDeleteOpen}
            data-testid={SIDEBAR_TESTIDS.deleteCurrent}
          >
            <Trash2 className="h-4 w-4" aria-hidden />
            {SIDEBAR_TEXT.deleteCurrent}
          </Button>
        )}
        <TransferMenu onImport={() => setImportOpen(true)} />
        <Button
          variant="ghost"
          size="icon"
          className="h-8 w-8"
          aria-label={SIDEBAR_COPY.newFolder}
          title={SIDEBAR_COPY.newFolder}
          onClick={() => setFolderEdit({ kind: 'create' })}
          data-testid={SIDEBAR_TESTIDS.newFolder}
        >
          <FolderPlus className="h-4 w-4" aria-hidden />
        </Button>
      </div>
      {failed ? (
        <div className="flex flex-1 flex-col items-start gap-2 p-4 text-sm text-muted-foreground">
          <p>{readableError(failed)}</p>
          <Button
            variant="outline"
            size="sm"
            onClick={() => void Promise.all([folders.refetch(), diagrams.refetch()])}
          >
            {SIDEBAR_COPY.retry}
          </Button>
        </div>
      ) : !folders.data || !diagrams.data ? (
        <div className="flex flex-1 items-center justify-center">
          <Loader2 className="h-5 w-5 animate-spin text-muted-foreground" aria-hidden />
        </div>
      ) : (
        <>
          {folders.data.length === 0 && diagrams.data.length === 0 && (
            <p className="px-4 pt-3 text-xs text-muted-foreground">{SIDEBAR_COPY.empty}</p>
          )}
          <SidebarTree
            folders={folders.data}
            diagrams={diagrams.data}
            expanded={expanded}
            setExpanded={setExpanded}
            openId={openId}
            narrow={narrow}
            onOpen={actions.open}
            onMove={(diagram: DiagramSummary, target) => void actions.moveTo(diagram, target)}
            onNewFolder={() => setFolderEdit({ kind: 'create' })}
            onRenameFolder={(folder) => setFolderEdit({ kind: 'rename', folder })}
            onDeleteFolder={confirmDeleteFolder}
            onDeleteDiagram={(diagram) => confirmDeleteDiagram(diagram.id, diagram.title)}
          />
        </>
      )}
      <SharedList openId={openId} onOpen={actions.open} startOpen={!narrow} />
      <TrashList />
      <FolderDialog
        edit={folderEdit}
        onClose={() => setFolderEdit(null)}
        onCreated={(folder) => setExpanded(folder.id, true)}
      />
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
      <ImportDialog open={importOpen} onOpenChange={setImportOpen} />
    </aside>
  );
}
