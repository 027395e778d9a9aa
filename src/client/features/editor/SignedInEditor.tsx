import { useCallback, useMemo, useState } from 'react';
import { isStatementLine } from '@shared/comments/statement';
import type { User } from '@shared/schemas';
import { readableError } from '@/api/http';
import { ApiTokenDialog } from '@/features/api-token/ApiTokenDialog';
import { AvatarMenu } from '@/features/auth/AvatarMenu';
import { CommentsButton } from '@/features/comments/CommentsButton';
import { CommentsPanel } from '@/features/comments/CommentsPanel';
import { MentionsDialog } from '@/features/comments/MentionsDialog';
import { useCommentMarkers } from '@/features/comments/useCommentMarkers';
import { HistoryButton } from '@/features/history/HistoryButton';
import { ChangesSinceBanner } from '@/features/history/ChangesSinceBanner';
import { HistoryDialog } from '@/features/history/HistoryDialog';
import { useChangesSinceVisit, type VersionRange } from '@/features/history/useChangesSinceVisit';
import { AccessBadge } from '@/features/share/AccessBadge';
import { QuickSwitcher } from '@/features/shortcuts/QuickSwitcher';
import { TraceCheck } from '@/features/trace-check/TraceCheck';
import { TraceImport } from '@/features/trace-import/TraceImport';
import { ShareDialog } from '@/features/share/ShareDialog';
import { useSaveCopy } from '@/diagram/saving/useSaveCopy';
import { useViewerMode } from './useViewerMode';
import { useSidebarSlot } from '@/features/sidebar/useSidebarSlot';
import { EDITOR_COPY } from './copy';
import { DiscardChangesDialog, type DiscardQuestion } from './DiscardChangesDialog';
import type { Draft } from '@/diagram/draftStore';
import { PresenceStrip } from './presence/PresenceStrip';
import { EditorLayout } from './EditorLayout';
import { AccessLostBanner } from './saving/AccessLostBanner';
import { AutoSaveSwitch } from './saving/AutoSaveSwitch';
import { ConflictDialog } from './saving/ConflictDialog';
import { isUnsaved, useServerState } from '@/diagram/saving/serverState';
import type { SaveOutcome } from '@/diagram/saving/saver';
import { RestoreBanner } from './saving/RestoreBanner';
import { SaveStatus } from './saving/SaveStatus';
import { useAccessLoss } from '@/diagram/saving/useAccessLoss';
import { useDiagramHandle } from '@/diagram/saving/useDiagramHandle';
import { useInitialDiagram } from '@/diagram/saving/useInitialDiagram';
import { useLiveDiagram } from '@/diagram/live/useLiveDiagram';
import { useSwitchToDiagram } from '@/diagram/saving/useSwitchToDiagram';
import { EDITOR_TESTIDS } from './testIds';
import { useEditorCore } from './useEditorCore';

/** Signed in: the open diagram is kept on the server, saved by hand or automatically. */
export function SignedInEditor({ user }: { user: User }) {
  const core = useEditorCore(true);
  const { store, applyDraft, openDraft } = core;
  const handle = useDiagramHandle({ user, draft: store, applyDraft, openDraft });
  const [ready, setReady] = useState(false);
  const [tokenOpen, setTokenOpen] = useState(false);
  const markReady = useCallback(() => setReady(true), []);
  useInitialDiagram(handle, markReady);
  useLiveDiagram({
    user,
    diagram: core.diagram,
    serverState: handle.serverState,
    saver: handle.saver,
    autoSaveOn: handle.autoSaveOn,
    onSaved: handle.refetchList,
    onRefused: handle.keepRefused,
  });
  const conflict = useServerState(handle.serverState, (state) => state.conflict);
  const [shareOpen, setShareOpen] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const saved = useServerState(handle.serverState, (state) => state.id !== 0);
  const diagramId = useServerState(handle.serverState, (state) => state.id);
  const [historyCompare, setHistoryCompare] = useState<VersionRange | null>(null);
  const access = useServerState(handle.serverState, (state) => state.access);
  const [commentsOpen, setCommentsOpen] = useState(false);
  const [mentionsOpen, setMentionsOpen] = useState(false);
  const [commentLine, setCommentLine] = useState<number | null>(null);
  const { view } = core;
  const openComments = useCallback(
    (line?: number) => {
      const at = line ?? view.caretLine();
      setCommentLine(isStatementLine(view.getText(), at) ? at : null);
      setCommentsOpen(true);
    },
    [view],
  );
  useCommentMarkers(diagramId, view, openComments);
  const openHistory = useCallback(() => {
    setHistoryCompare(null);
    setHistoryOpen(true);
  }, []);
  const sinceVisit = useChangesSinceVisit(user.id, diagramId);
  const { autoSaveOn, setAutoSaveOn } = handle;
  const autoSaveSetting = useMemo(
    () => ({ checked: autoSaveOn, onCheckedChange: setAutoSaveOn }),
    [autoSaveOn, setAutoSaveOn],
  );
  // A viewer's diagram is read-only; Save makes the viewer's own copy (spec §4).
  const viewer = useViewerMode(handle.serverState, core.editor);
  const saveCopy = useSaveCopy(handle.open);
  const accessLoss = useAccessLoss(user, handle.serverState, store, handle.open);
  const sidebar = useSidebarSlot(handle);

  const { startNew, save, serverState, saver } = handle;
  const [discard, setDiscard] = useState<DiscardQuestion | null>(null);
  const [switcherOpen, setSwitcherOpen] = useState(false);
  const openSwitcher = useCallback(() => setSwitcherOpen(true), []);
  const switchTo = useSwitchToDiagram(handle);
  // Spec §4: New and template choice start a new diagram; the current one is saved first. When
  // that save fails the changes would be lost, so the user is asked; a lost-update conflict
  // opens the conflict dialog instead and nothing is replaced. A new diagram nobody typed in is
  // not saved: it would only leave an untouched template in the list.
  const onChoose = useCallback(
    (draft: Draft) => {
      const current = serverState.get();
      const untouched = current.id === 0 && !isUnsaved(store.get(), current.baseline);
      const saving: Promise<SaveOutcome> = untouched ? Promise.resolve('unchanged') : saver.save();
      saving.then(
        (outcome) => {
          if (outcome !== 'conflict' && outcome !== 'refused') startNew(draft);
        },
        (error: unknown) =>
          setDiscard({
            description: EDITOR_COPY.discardSaveFailed(readableError(error)),
            proceed: () => startNew(draft),
          }),
      );
    },
    [serverState, store, saver, startNew],
  );

  return (
    <div className="relative h-full" data-testid={EDITOR_TESTIDS.signedIn} data-ready={ready}>
      <EditorLayout
        core={core}
        signedIn
        sidebar={sidebar}
        sidebarToggle={sidebar.toggle}
        onSave={() =>
          void (accessLoss.lost ? accessLoss.saveAsCopy() : viewer ? saveCopy(store.get()) : save())
        }
        onShare={() => setShareOpen(true)}
        onChoose={onChoose}
        onQuickSwitch={openSwitcher}
        status={
          <>
            <PresenceStrip diagram={core.diagram} />
            <AccessBadge serverState={serverState} />
            <SaveStatus draft={store} serverState={serverState} />
          </>
        }
        autoSave={
          <AutoSaveSwitch checked={handle.autoSaveOn} onCheckedChange={handle.setAutoSaveOn} />
        }
        history={saved && <HistoryButton onClick={openHistory} />}
        comments={saved && <CommentsButton onClick={() => openComments()} />}
        onHistory={saved ? openHistory : undefined}
        autoSaveSetting={autoSaveSetting}
        account={
          <AvatarMenu
            user={user}
            onApiToken={() => setTokenOpen(true)}
            onMentions={() => setMentionsOpen(true)}
          />
        }
        banner={
          <>
            {accessLoss.notice && (
              <AccessLostBanner
                notice={accessLoss.notice}
                onSaveCopy={() => void accessLoss.saveAsCopy()}
                onDiscard={accessLoss.lost ? undefined : accessLoss.discardKept}
              />
            )}
            {sinceVisit.range && (
              <ChangesSinceBanner
                onShow={() => {
                  setHistoryCompare(sinceVisit.range);
                  setHistoryOpen(true);
                  sinceVisit.dismiss();
                }}
                onDismiss={sinceVisit.dismiss}
              />
            )}
            {handle.backupOffer && (
              <RestoreBanner
                backup={handle.backupOffer}
                onRestore={handle.restoreBackup}
                onDiscard={handle.discardBackup}
              />
            )}
          </>
        }
      >
        <ShareDialog open={shareOpen} onOpenChange={setShareOpen} handle={handle} user={user} />
        <ApiTokenDialog open={tokenOpen} onOpenChange={setTokenOpen} />
        <CommentsPanel
          open={commentsOpen && saved}
          onOpenChange={setCommentsOpen}
          diagramId={diagramId}
          access={access}
          user={user}
          line={commentLine}
          onShowLine={(line) => {
            view.showLine(line);
            view.focus();
          }}
        />
        <MentionsDialog open={mentionsOpen} onOpenChange={setMentionsOpen} />
        <QuickSwitcher open={switcherOpen} onOpenChange={setSwitcherOpen} onOpen={switchTo} />
        <TraceImport onCreated={switchTo} />
        <TraceCheck
          diagramId={diagramId}
          onGoToLine={(line) => core.view.smarts.goTo(line, null, true)}
          getText={() => core.view.getText()}
        />
        <HistoryDialog
          open={historyOpen && saved}
          onOpenChange={setHistoryOpen}
          handle={handle}
          draft={store}
          compare={historyCompare}
        />
        <DiscardChangesDialog question={discard} onClose={() => setDiscard(null)} />
        <ConflictDialog
          server={conflict}
          onChoose={(choice) => void handle.resolveConflict(choice)}
        />
      </EditorLayout>
    </div>
  );
}
