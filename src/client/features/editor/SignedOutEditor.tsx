import { useCallback, useState } from 'react';
import { goToSignIn } from '@/features/auth/signIn';
import type { Draft } from './draftStore';
import { EditorLayout } from './EditorLayout';
import { saveCopyAndSignIn } from './saveCopy';
import { SaveYourWorkDialog } from './SaveYourWorkDialog';
import { ShareSignInDialog } from './ShareSignInDialog';
import { useEditorCore } from './useEditorCore';
import { usePersistDraft } from './usePersistDraft';
import { useSignInPrompt } from './useSignInPrompt';

/** Signed out (at /try): a local draft, Save Copy through sign-in, the 'Save Your Work' prompt. */
export function SignedOutEditor() {
  const core = useEditorCore(false);
  const { store, applyDraft, editor } = core;
  const prompt = useSignInPrompt(true);
  const [shareOpen, setShareOpen] = useState(false);
  usePersistDraft(store, true);

  const { recordEdit, reset: resetPrompt } = prompt;
  const onChoose = useCallback(
    (draft: Draft) => {
      applyDraft(draft);
      resetPrompt(); // Spec §4: New resets the edit counter.
    },
    [applyDraft, resetPrompt],
  );
  const onSave = useCallback(() => saveCopyAndSignIn(store.get(), true), [store]);
  const onShare = useCallback(() => setShareOpen(true), []);
  const onSignIn = useCallback(() => goToSignIn(), []);
  const focusEditor = () => editor.current?.focus();
  const signInKeepingCopy = useCallback(() => saveCopyAndSignIn(store.get(), false), [store]);

  return (
    <EditorLayout
      core={core}
      signedIn={false}
      onSave={onSave}
      onShare={onShare}
      onNew={resetPrompt}
      onSignIn={onSignIn}
      onChoose={onChoose}
      onUserEdit={recordEdit}
    >
      <SaveYourWorkDialog
        open={prompt.open}
        onOpenChange={prompt.setOpen}
        onSignIn={signInKeepingCopy}
        onClosed={focusEditor}
      />
      <ShareSignInDialog
        open={shareOpen}
        onOpenChange={setShareOpen}
        onSignIn={signInKeepingCopy}
      />
    </EditorLayout>
  );
}
