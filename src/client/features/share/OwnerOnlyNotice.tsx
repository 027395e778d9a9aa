import { ShieldCheck } from 'lucide-react';
import type { CollaboratorRole } from '@shared/schemas';
import { SHARE_COPY, SHARE_TESTIDS } from './copy';
import { EditorLinkButton } from './EditorLinkButton';
import type { LostAccess } from '@/diagram/saving/serverState';
import { useOwnerName } from './useOwnerName';
import { useSharedAccessCheck } from './useSharedAccessCheck';

interface OwnerOnlyNoticeProps {
  diagramId: number;
  role: CollaboratorRole;
  /** The fresh list says this collaborator's access is gone or now view-only. */
  onAccessLost: (lost: LostAccess) => void;
}

/** What an editor or viewer sees under Share: who owns it, and that only they can share it. */
export function OwnerOnlyNotice({ diagramId, role, onAccessLost }: OwnerOnlyNoticeProps) {
  const owner = useOwnerName(diagramId) ?? SHARE_COPY.someone;
  useSharedAccessCheck(diagramId, role, onAccessLost);
  return (
    <div
      className="flex gap-3 rounded-lg border border-border bg-muted/30 p-4"
      data-testid={SHARE_TESTIDS.ownerOnly}
    >
      <ShieldCheck className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden />
      <div className="grid gap-1 text-sm">
        <p className="font-medium">{SHARE_COPY.sharedBy(owner, role)}</p>
        <p className="text-muted-foreground">{SHARE_COPY.ownerOnly(owner)}</p>
        <div className="mt-2">
          <EditorLinkButton diagramId={diagramId} />
        </div>
      </div>
    </div>
  );
}
