import { LANDING } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { GoogleIcon } from './GoogleIcon';

/** The primary 'Sign in with Google' action of dialogs that nudge towards an account. */
export function SignInWithGoogleButton({
  onClick,
  testId,
}: {
  onClick: () => void;
  testId: string;
}) {
  return (
    <Button onClick={onClick} data-testid={testId}>
      <GoogleIcon className="h-4 w-4 rounded-full bg-white p-px" />
      {LANDING.signIn}
    </Button>
  );
}
