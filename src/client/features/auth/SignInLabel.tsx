import { LogIn } from 'lucide-react';
import { LANDING } from '@shared/messages';
import { GoogleIcon } from './GoogleIcon';
import { signInMode } from './signIn';
import { SIGN_IN_COPY } from './testIds';

/**
 * What the sign-in action will do: spec §2's 'Sign in with Google' when the server signs in
 * through its issuer, 'Sign in locally' when it has none and shows its own form.
 */
export function SignInLabel({ badge }: { badge: string }) {
  if (signInMode() === 'local') {
    return (
      <>
        <LogIn className="h-4 w-4" aria-hidden />
        {SIGN_IN_COPY.local}
      </>
    );
  }
  return (
    <>
      <span className={badge}>
        <GoogleIcon className="h-3.5 w-3.5" />
      </span>
      {LANDING.signIn}
    </>
  );
}
