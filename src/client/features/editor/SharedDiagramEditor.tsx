import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { Diagram, User } from '@shared/schemas';
import { normaliseTitle } from '@shared/title';
import { AvatarMenu } from '@/features/auth/AvatarMenu';
import type { Draft } from '@/diagram/draftStore';
import { EditorLayout } from './EditorLayout';
import { saveCopyAndSignIn, signInKeepingDraft } from './saveCopy';
import { useEditorCore } from './useEditorCore';
import { copyTitle } from '@/diagram/saving/copyTitle';
import { SHARE_TESTIDS } from '@/features/share/copy';
import { SharedBanner } from '@/features/share/SharedBanner';
import { SharedLinkDialog } from '@/features/share/SharedLinkDialog';
import { openPresent } from '@/features/present/presentState';
import { useFollowShared } from '@/diagram/live/useFollowShared';
import { useSaveCopy } from '@/diagram/saving/useSaveCopy';

interface SharedDiagramEditorProps {
  token: string;
  diagram: Diagram;
  user: User | null;
}

/**
 * Someone's public diagram in the editor: edited locally, exportable; Save Copy keeps the
 * visitor's own copy 'Copy of {title}' — at once when signed in, through sign-in otherwise. The
 * owner's edits keep arriving while the page is open (merged with the visitor's own).
 */
export function SharedDiagramEditor({ token, diagram, user }: SharedDiagramEditorProps) {
  const core = useEditorCore(false, { title: diagram.title, content: diagram.content });
  const { store, applyDraft, diagram: open } = core;
  // The owner's edits arrive while this page is open, until the visitor starts another diagram.
  const [following, setFollowing] = useState(true);
  const follow = useFollowShared(open, token, following);
  const [, navigate] = useLocation();
  const [shareOpen, setShareOpen] = useState(false);

  const openCopy = useCallback((copy: Diagram) => navigate(`/?diagramId=${copy.id}`), [navigate]);
  const saveSignedIn = useSaveCopy(openCopy);
  // Spec §4: the stored title is prefixed 'Copy of '; the copy is made at '/' after sign-in.
  const visitorCopy = useCallback(() => {
    const draft = store.get();
    return { ...draft, title: copyTitle(normaliseTitle(draft.title)) };
  }, [store]);
  const onSave = useCallback(() => {
    if (user) return void saveSignedIn(store.get());
    saveCopyAndSignIn(visitorCopy(), true, '/');
  }, [store, user, saveSignedIn, visitorCopy]);
  // The owner's text arrives by itself; only what the visitor typed makes the text theirs.
  const edited = useRef(false);
  const onUserEdit = useCallback(() => {
    edited.current = true;
  }, []);
  const onChoose = useCallback(
    (draft: Draft) => {
      setFollowing(false);
      applyDraft(draft);
    },
    [applyDraft],
  );
  const onSignIn = useCallback(
    () => signInKeepingDraft(visitorCopy(), { own: edited.current, path: '/' }),
    [visitorCopy],
  );
  // `/d/{token}?step=N` opens presenting at step N (clamped to the diagram's steps).
  useEffect(() => {
    const step = new URLSearchParams(window.location.search).get('step');
    if (step !== null) openPresent(Number(step));
  }, []);
  // Drawn by the server in the page's theme: the diagram shows while the renderer here loads.
  const firstDrawing = useMemo(
    () => ({
      text: diagram.content,
      src: (theme: 'light' | 'dark') => `/d/${encodeURIComponent(token)}.svg?theme=${theme}`,
    }),
    [diagram.content, token],
  );

  return (
    <div className="h-full" data-testid={SHARE_TESTIDS.sharedEditor} data-diagram-id={diagram.id}>
      <EditorLayout
        firstDrawing={firstDrawing}
        stepInAddress
        core={core}
        // Not the signed-in layout: no sidebar, and Save reads 'Save Copy' (it makes a copy).
        signedIn={false}
        onSave={onSave}
        onShare={() => setShareOpen(true)}
        onChoose={onChoose}
        onUserEdit={onUserEdit}
        onSignIn={user ? undefined : onSignIn}
        account={user ? <AvatarMenu user={user} onApiToken={() => undefined} /> : undefined}
        banner={<SharedBanner follow={follow} store={store} />}
      >
        <SharedLinkDialog open={shareOpen} onOpenChange={setShareOpen} token={token} />
      </EditorLayout>
    </div>
  );
}
