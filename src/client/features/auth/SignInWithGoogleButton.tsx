import { Button } from '@/components/ui/button';
import { SignInLabel } from './SignInLabel';

/**
 * The primary sign-in action of dialogs that nudge towards an account: 'Sign in with Google',
 * or 'Sign in locally' on a server without an issuer.
 */
export function SignInWithGoogleButton({
  onClick,
  testId,
}: {
  onClick: () => void;
  testId: string;
}) {
  return (
    <Button onClick={onClick} data-testid={testId}>
      <SignInLabel badge="flex h-4 w-4 items-center justify-center rounded-full bg-white" />
    </Button>
  );
}
