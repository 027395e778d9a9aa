import { Globe } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useLocation } from 'wouter';
import type { Diagram, User } from '@shared/schemas';
import { normaliseTitle } from '@shared/title';
import { AvatarMenu } from '@/features/auth/AvatarMenu';
import { goToSignIn } from '@/features/auth/signIn';
import type { Draft } from '@/features/editor/draftStore';
import { EditorLayout } from '@/features/editor/EditorLayout';
import { saveCopyAndSignIn } from '@/features/editor/saveCopy';
import { useEditorCore } from '@/features/editor/useEditorCore';
import { copyTitle, SHARE_COPY, SHARE_TESTIDS } from './copy';
import { SharedLinkDialog } from './SharedLinkDialog';
import { useSaveCopy } from './useSaveCopy';

interface SharedDiagramEditorProps {
  token: string;
  diagram: Diagram;
  user: User | null;
}

/**
 * Someone's public diagram in the editor: edited locally, exportable; Save Copy keeps the
 * visitor's own copy 'Copy of {title}' — at once when signed in, through sign-in otherwise.
 */
export function SharedDiagramEditor({ token, diagram, user }: SharedDiagramEditorProps) {
  const core = useEditorCore(false, { title: diagram.title, content: diagram.content });
  const { store, applyDraft } = core;
  const [, navigate] = useLocation();
  const [shareOpen, setShareOpen] = useState(false);

  const openCopy = useCallback((copy: Diagram) => navigate(`/?diagramId=${copy.id}`), [navigate]);
  const saveSignedIn = useSaveCopy(openCopy);
  const onSave = useCallback(() => {
    const draft = store.get();
    if (user) return void saveSignedIn(draft);
    // Spec §4: the stored title is prefixed 'Copy of '; the copy is made at '/' after sign-in.
    saveCopyAndSignIn({ ...draft, title: copyTitle(normaliseTitle(draft.title)) }, true, '/');
  }, [store, user, saveSignedIn]);
  const onChoose = useCallback((draft: Draft) => applyDraft(draft), [applyDraft]);
  const onSignIn = useCallback(() => goToSignIn(), []);

  return (
    <div className="h-full" data-testid={SHARE_TESTIDS.sharedEditor} data-diagram-id={diagram.id}>
      <EditorLayout
        core={core}
        // Not the signed-in layout: no sidebar, and Save reads 'Save Copy' (it makes a copy).
        signedIn={false}
        onSave={onSave}
        onShare={() => setShareOpen(true)}
        onChoose={onChoose}
        onSignIn={user ? undefined : onSignIn}
        account={user ? <AvatarMenu user={user} onApiToken={() => undefined} /> : undefined}
        banner={
          <p className="flex items-center gap-2 border-b border-border bg-accent/40 px-4 py-1.5 text-xs text-muted-foreground">
            <Globe className="h-3.5 w-3.5 shrink-0 text-primary" aria-hidden />
            <span className="font-medium text-foreground">{SHARE_COPY.sharedBadge}</span>
            <span className="truncate max-sm:hidden">{SHARE_COPY.sharedReadOnly}</span>
          </p>
        }
      >
        <SharedLinkDialog open={shareOpen} onOpenChange={setShareOpen} token={token} />
      </EditorLayout>
    </div>
  );
}
