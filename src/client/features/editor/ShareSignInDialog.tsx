import { Link2 } from 'lucide-react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogIcon,
  DialogTitle,
} from '@/components/ui/dialog';
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
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="md" data-testid={EDITOR_TESTIDS.shareDialog}>
        <DialogHeader>
          <DialogIcon>
            <Link2 className="h-5 w-5" aria-hidden />
          </DialogIcon>
          <DialogTitle>{EDITOR_COPY.shareTitle}</DialogTitle>
          <DialogDescription>{EDITOR_COPY.shareBody}</DialogDescription>
        </DialogHeader>
        <div className="rounded-lg border border-border bg-muted/40 p-4">
          <label className="flex items-center justify-between gap-4 text-sm font-medium">
            {EDITOR_COPY.makePublic}
            <Switch disabled checked={false} aria-label={EDITOR_COPY.makePublic} />
          </label>
          <p className="mt-2 text-xs text-muted-foreground">{EDITOR_COPY.shareHint}</p>
        </div>
        <DialogFooter>
          <SignInWithGoogleButton onClick={onSignIn} testId={EDITOR_TESTIDS.shareSignIn} />
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
