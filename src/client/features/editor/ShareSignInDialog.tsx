import { Link2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Switch } from '@/components/ui/switch';
import { GoogleIcon } from '@/features/auth/GoogleIcon';
import { EDITOR_COPY } from './copy';
import { EDITOR_TESTIDS } from './testids';

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
          <span className="mb-2 inline-flex h-10 w-10 items-center justify-center rounded-lg bg-accent text-primary">
            <Link2 className="h-5 w-5" aria-hidden />
          </span>
          <DialogTitle>{EDITOR_COPY.shareTitle}</DialogTitle>
          <DialogDescription>{EDITOR_COPY.shareBody}</DialogDescription>
        </DialogHeader>
        <div className="rounded-lg border border-border bg-muted/40 p-4 opacity-70">
          <label className="flex items-center justify-between gap-4 text-sm font-medium">
            {EDITOR_COPY.makePublic}
            <Switch disabled checked={false} aria-label={EDITOR_COPY.makePublic} />
          </label>
          <p className="mt-2 text-xs text-muted-foreground">{EDITOR_COPY.shareHint}</p>
        </div>
        <DialogFooter>
          <Button onClick={onSignIn} data-testid={EDITOR_TESTIDS.shareSignIn}>
            <GoogleIcon className="h-4 w-4 rounded-full bg-white p-px" />
            {EDITOR_COPY.signInWithGoogle}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
