import { useCallback, useState } from 'react';
import type { User } from '@shared/schemas';
import { AvatarMenu } from '@/features/auth/AvatarMenu';
import type { Draft } from './draftStore';
import { EditorLayout } from './EditorLayout';
import { AutoSaveSwitch } from './saving/AutoSaveSwitch';
import { ConflictDialog } from './saving/ConflictDialog';
import { useDocument } from './saving/documentStore';
import { RestoreBanner } from './saving/RestoreBanner';
import { SaveStatus } from './saving/SaveStatus';
import { useDocumentSession } from './saving/useDocumentSession';
import { useInitialDiagram } from './saving/useInitialDiagram';
import { EDITOR_TESTIDS } from './testids';
import { useEditorCore } from './useEditorCore';

/** Signed in: the open diagram is kept on the server, saved by hand or automatically. */
export function SignedInEditor({ user }: { user: User }) {
  const core = useEditorCore(true);
  const { store, applyDraft } = core;
  const session = useDocumentSession({ user, draft: store, applyDraft });
  const [ready, setReady] = useState(false);
  const markReady = useCallback(() => setReady(true), []);
  useInitialDiagram(session, markReady);
  const conflict = useDocument(session.doc, (state) => state.conflict);

  const { startNew, save, doc, saver } = session;
  // Spec §4: New and template choice start a new diagram; the current one is saved first.
  const onChoose = useCallback(
    (draft: Draft) => {
      void saver
        .save()
        .catch(() => undefined)
        .then(() => startNew(draft));
    },
    [saver, startNew],
  );

  return (
    <div className="relative h-full" data-testid={EDITOR_TESTIDS.signedIn} data-ready={ready}>
      <EditorLayout
        core={core}
        signedIn
        onSave={() => void save()}
        onShare={() => undefined}
        onChoose={onChoose}
        status={<SaveStatus draft={store} doc={doc} />}
        autoSave={
          <AutoSaveSwitch checked={session.autoSaveOn} onCheckedChange={session.setAutoSaveOn} />
        }
        account={<AvatarMenu user={user} onApiToken={() => undefined} />}
        banner={
          session.backupOffer && (
            <RestoreBanner
              backup={session.backupOffer}
              onRestore={session.restoreBackup}
              onDiscard={session.discardBackup}
            />
          )
        }
      >
        <ConflictDialog
          server={conflict}
          onChoose={(choice) => void session.resolveConflict(choice)}
        />
      </EditorLayout>
    </div>
  );
}
