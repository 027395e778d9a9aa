import { useCallback, useRef, useState } from 'react';
import type { User } from '@shared/schemas';
import type { Template } from '@shared/templates';
import { goToSignIn } from '@/features/auth/signIn';
import { TemplateDialog } from '@/features/templates/TemplateDialog';
import { useTheme } from '@/features/theme/useTheme';
import { CodeEditor, type CodeEditorHandle } from './CodeEditor';
import { blankDraft, loadInitialDraft } from './draftStorage';
import { createDraftStore, type Draft } from './draftStore';
import { EditorHeader } from './EditorHeader';
import { EditorPanels } from './EditorPanels';
import { PreviewPane } from './PreviewPane';
import { saveCopyAndSignIn } from './saveCopy';
import { SaveYourWorkDialog } from './SaveYourWorkDialog';
import { ShareSignInDialog } from './ShareSignInDialog';
import { EDITOR_TESTIDS } from './testids';
import { usePersistDraft } from './usePersistDraft';
import { useSignInPrompt } from './useSignInPrompt';

/**
 * Spec §2 "Editor screen". Signed out (at /try) it edits a local draft; signed in it is the same
 * screen with 'Save' for now (saving, the sidebar and sharing arrive with sign-in).
 */
export default function EditorScreen({ user }: { user: User | null }) {
  const signedIn = user !== null;
  const [store] = useState(() => createDraftStore(loadInitialDraft(signedIn)));
  const [initialText] = useState(() => store.get().content);
  const editor = useRef<CodeEditorHandle>(null);
  const { resolved } = useTheme();
  const prompt = useSignInPrompt(!signedIn);
  const [templatesOpen, setTemplatesOpen] = useState(false);
  const [shareOpen, setShareOpen] = useState(false);
  usePersistDraft(store, !signedIn);

  const { recordEdit, reset: resetPrompt } = prompt;
  const onTextChange = useCallback((text: string) => store.setContent(text), [store]);

  const load = useCallback(
    (draft: Draft) => {
      store.setTitle(draft.title);
      editor.current?.setText(draft.content);
      resetPrompt(); // Spec §4: New resets the edit counter.
    },
    [store, resetPrompt],
  );

  const onNew = useCallback(() => {
    resetPrompt();
    setTemplatesOpen(true);
  }, [resetPrompt]);

  // Signed in, saving to the server comes with the diagrams API; nothing to do yet.
  const onSave = useCallback(() => {
    if (!signedIn) saveCopyAndSignIn(store.get(), true);
  }, [signedIn, store]);
  const onShare = useCallback(() => {
    if (!signedIn) setShareOpen(true);
  }, [signedIn]);
  const onSignIn = useCallback(() => goToSignIn(), []);
  const focusEditor = useCallback(() => editor.current?.focus(), []);
  const signInKeepingCopy = useCallback(() => saveCopyAndSignIn(store.get(), false), [store]);

  return (
    <div className="flex h-full flex-col bg-background" data-testid={EDITOR_TESTIDS.screen}>
      <EditorHeader
        store={store}
        signedIn={signedIn}
        onSave={onSave}
        onShare={onShare}
        onNew={onNew}
        onSignIn={onSignIn}
      />
      <EditorPanels
        signedIn={signedIn}
        editor={
          <CodeEditor
            ref={editor}
            initialText={initialText}
            dark={resolved === 'dark'}
            onTextChange={onTextChange}
            onUserEdit={recordEdit}
          />
        }
        preview={<PreviewPane store={store} />}
      />
      <TemplateDialog
        open={templatesOpen}
        onOpenChange={setTemplatesOpen}
        onChoose={(template: Template) => load(template)}
        onBlank={() => load(blankDraft())}
        onChosenFocus={focusEditor}
      />
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
    </div>
  );
}
