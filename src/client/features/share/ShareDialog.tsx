import { useQueryClient } from '@tanstack/react-query';
import { Share2 } from 'lucide-react';
import { useCallback, useState } from 'react';
import { can } from '@shared/policy/can';
import { isCollaboratorRole, type User } from '@shared/schemas';
import { TOAST_TEXT } from '@shared/messages';
import { diagramsApi, diagramsQueryKey } from '@/api/diagrams';
import { readableError } from '@/api/http';
import { DialogShell } from '@/components/ui/dialog-shell';
import { toast } from '@/components/ui/toast-store';
import { adoptServerFields, useServerState, type LostAccess } from '@/diagram/saving/serverState';
import type { DiagramHandle } from '@/diagram/saving/useDiagramHandle';
import { CollaboratorsSection } from './CollaboratorsSection';
import { SHARE_COPY, SHARE_TESTIDS, SHARE_TEXT } from './copy';
import { OwnerOnlyNotice } from './OwnerOnlyNotice';
import { PublicLinkSection } from './PublicLinkSection';

interface ShareDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  handle: DiagramHandle;
  user: User;
}

/**
 * Spec §2 'Share Diagram' for the signed-in editor. Whoever may share (the owner) turns the public
 * link on and off (saved at once, spec §4) and manages collaborators; a collaborator, who may do
 * neither, sees who owns it.
 */
export function ShareDialog({ open, onOpenChange, handle, user }: ShareDialogProps) {
  const { serverState, save } = handle;
  const queryClient = useQueryClient();
  const id = useServerState(serverState, (state) => state.id);
  const access = useServerState(serverState, (state) => state.access);
  const isPublic = useServerState(serverState, (state) => state.isPublic);
  const shareToken = useServerState(serverState, (state) => state.shareToken);
  const [busy, setBusy] = useState(false);

  /** A never-saved diagram is saved first (it needs an id to be shared). */
  const ensureSaved = useCallback(async (): Promise<number | null> => {
    if (serverState.get().id === 0) await save();
    return serverState.get().id || null;
  }, [serverState, save]);

  const onPublicChange = async (next: boolean) => {
    setBusy(true);
    try {
      const target = await ensureSaved();
      if (!target) return;
      adoptServerFields(serverState, await diagramsApi.update(target, { isPublic: next }));
      void queryClient.invalidateQueries({ queryKey: diagramsQueryKey });
    } catch (error) {
      toast({ title: TOAST_TEXT.error, description: readableError(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const { accessLost } = handle;
  const onAccessLost = useCallback(
    (lost: LostAccess) => {
      if (accessLost(lost)) onOpenChange(false);
    },
    [accessLost, onOpenChange],
  );

  const mayShare = can(access, 'share');
  const mayManage = can(access, 'manage-collaborators');
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      data-testid={SHARE_TESTIDS.dialog}
      data-access={access}
      icon={Share2}
      title={SHARE_TEXT.title}
      description={mayShare || mayManage ? SHARE_COPY.description : SHARE_COPY.ownerOnlyTitle}
    >
      {mayShare || mayManage ? (
        <>
          {id === 0 && (
            <p
              className="rounded-md bg-muted px-3 py-2 text-xs text-muted-foreground"
              data-testid={SHARE_TESTIDS.unsavedNote}
            >
              {SHARE_COPY.unsavedNote}
            </p>
          )}
          {mayShare && (
            <PublicLinkSection
              isPublic={isPublic}
              shareToken={shareToken}
              busy={busy}
              onPublicChange={(next) => void onPublicChange(next)}
            />
          )}
          {mayManage && (
            <CollaboratorsSection
              diagramId={id}
              owner={user}
              ensureSaved={ensureSaved}
              isPublic={isPublic}
            />
          )}
        </>
      ) : (
        isCollaboratorRole(access) && (
          <OwnerOnlyNotice diagramId={id} role={access} onAccessLost={onAccessLost} />
        )
      )}
    </DialogShell>
  );
}
