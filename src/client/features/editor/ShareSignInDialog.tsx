import { Link2 } from 'lucide-react';
import { DialogShell } from '@/components/ui/dialog-shell';
import { Switch } from '@/components/ui/switch';
import { SignInWithGoogleButton } from '@/features/auth/SignInWithGoogleButton';
import { EDITOR_COPY } from './copy';
import { EDITOR_TESTIDS } from './testIds';

interface ShareSignInDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSignIn: () => void;
}

/**
 * 'Share Diagram' for signed-out users: the public-link switch is shown, disabled, so people see
 * what signing in gives them.
 */
export function ShareSignInDialog({ open, onOpenChange, onSignIn }: ShareSignInDialogProps) {
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      size="md"
      data-testid={EDITOR_TESTIDS.shareDialog}
      icon={Link2}
      title={EDITOR_COPY.shareTitle}
      description={EDITOR_COPY.shareBody}
      footer={<SignInWithGoogleButton onClick={onSignIn} testId={EDITOR_TESTIDS.shareSignIn} />}
    >
      <div className="rounded-lg border border-border bg-muted/40 p-4">
        <label className="flex items-center justify-between gap-4 text-sm font-medium">
          {EDITOR_COPY.makePublic}
          <Switch disabled checked={false} aria-label={EDITOR_COPY.makePublic} />
        </label>
        <p className="mt-2 text-xs text-muted-foreground">{EDITOR_COPY.shareHint}</p>
      </div>
    </DialogShell>
  );
}
