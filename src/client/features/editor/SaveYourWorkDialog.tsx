import { CloudUpload } from 'lucide-react';
import { SAVE_PROMPT } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { DialogShell } from '@/components/ui/dialog-shell';
import { keepClearBottom } from '@/components/ui/keepClear';
import { SignInWithGoogleButton } from '@/features/auth/SignInWithGoogleButton';
import { EDITOR_COPY } from './copy';
import { EDITOR_TESTIDS } from './testIds';

interface SaveYourWorkDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSignIn: () => void;
  /** Gives the keyboard back to the editor, so the user keeps typing where they were. */
  onClosed: () => void;
}

/**
 * Spec §2/§4: the nudge for signed-out users after a few edits. It is not modal and takes no
 * focus: the keyboard stays in the editor, so a key typed as it opens goes into the text, never
 * into the dialog (a space would have pressed its focused button). Tab reaches its buttons.
 */
export function SaveYourWorkDialog({
  open,
  onOpenChange,
  onSignIn,
  onClosed,
}: SaveYourWorkDialogProps) {
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      modal={false}
      size="md"
      // A corner card, not a box over the text being typed.
      className="top-auto left-auto right-4 translate-x-0 translate-y-0 sm:right-6"
      // Above the bottom bars, placed as it opens: on a phone the Code/Diagram tabs stay in reach.
      ref={(panel: HTMLDivElement | null) => {
        if (panel) panel.style.bottom = `${keepClearBottom() + 16}px`;
      }}
      data-testid={EDITOR_TESTIDS.saveYourWork}
      onOpenAutoFocus={(event) => event.preventDefault()}
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        onClosed();
      }}
      icon={CloudUpload}
      title={SAVE_PROMPT.title}
      description={EDITOR_COPY.saveYourWorkBody}
      footer={
        <>
          <Button
            variant="outline"
            onClick={() => onOpenChange(false)}
            data-testid={EDITOR_TESTIDS.continueWithoutSaving}
          >
            {SAVE_PROMPT.continueWithout}
          </Button>
          <SignInWithGoogleButton onClick={onSignIn} testId={EDITOR_TESTIDS.saveYourWorkSignIn} />
        </>
      }
    />
  );
}
