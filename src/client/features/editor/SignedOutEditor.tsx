import { useCallback, useState } from 'react';
import { EDITOR_COPY } from './copy';
import { DiscardChangesDialog, type DiscardQuestion } from './DiscardChangesDialog';
import type { Draft } from '@/diagram/draftStore';
import { EditorLayout } from './EditorLayout';
import { saveCopyAndSignIn, signInKeepingDraft } from './saveCopy';
import { SaveYourWorkDialog } from './SaveYourWorkDialog';
import { hasOwnText } from './hasOwnText';
import { ShareSignInDialog } from './ShareSignInDialog';
import { useEditorCore } from './useEditorCore';
import { usePersistDraft } from '@/diagram/usePersistDraft';
import { useSignInPrompt } from './useSignInPrompt';

/** Signed out (at /try): a local draft, Save Copy through sign-in, the 'Save Your Work' prompt. */
export function SignedOutEditor() {
  const core = useEditorCore(false);
  const { store, applyDraft, editor } = core;
  const prompt = useSignInPrompt(true);
  const [shareOpen, setShareOpen] = useState(false);
  usePersistDraft(store, true);

  const [discard, setDiscard] = useState<DiscardQuestion | null>(null);
  const { recordEdit, reset: resetPrompt } = prompt;
  const onChoose = useCallback(
    (draft: Draft) => {
      const proceed = () => {
        applyDraft(draft);
        resetPrompt(); // Spec §4: New resets the edit counter.
      };
      // Signed out, the text exists only here: replacing the user's own text asks first.
      if (hasOwnText(store.get().content)) {
        setDiscard({ description: EDITOR_COPY.discardSignedOut, proceed });
      } else {
        proceed();
      }
    },
    [applyDraft, resetPrompt, store],
  );
  const onSave = useCallback(() => saveCopyAndSignIn(store.get(), true), [store]);
  const onShare = useCallback(() => setShareOpen(true), []);
  const focusEditor = () => editor.current?.focus();
  // Every way to sign in from here keeps what was typed (issue: the header's lost it).
  const signIn = useCallback(() => signInKeepingDraft(store.get()), [store]);

  return (
    <EditorLayout
      core={core}
      signedIn={false}
      onSave={onSave}
      onShare={onShare}
      onNew={resetPrompt}
      onSignIn={signIn}
      onChoose={onChoose}
      onUserEdit={recordEdit}
    >
      <SaveYourWorkDialog
        open={prompt.open}
        onOpenChange={prompt.setOpen}
        onSignIn={signIn}
        onClosed={focusEditor}
      />
      <DiscardChangesDialog question={discard} onClose={() => setDiscard(null)} />
      <ShareSignInDialog open={shareOpen} onOpenChange={setShareOpen} onSignIn={signIn} />
    </EditorLayout>
  );
}
