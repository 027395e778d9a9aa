import { TOAST } from '@shared/constants';
import { TOAST_TEXT } from '@shared/messages';
import { STORAGE_KEYS } from '@shared/storage-keys';
import { normaliseTitle } from '@shared/title';
import { toast } from '@/components/ui/toast-store';
import { storage } from '@/lib/storage';
import { currentPath, goToSignIn } from '@/features/auth/signIn';
import { SIGN_IN_REDIRECT_DELAY_MS } from './copy';
import { hasOwnText } from './hasOwnText';
import { writeStoredDraft } from '@/diagram/draftStorage';
import type { Draft } from '@/diagram/draftStore';

/**
 * Spec §4 "Saving when signed out": keep the diagram under pendingDiagramSave and the current
 * path under authRedirectPath, then go to Google sign-in; after sign-in the copy is created.
 * `notify` shows the 'Sign in required' toast first (Save Copy); the prompt's and the share
 * dialog's sign-in buttons are explicit choices and leave at once. `path` is where sign-in returns
 * (a shared diagram's copy is made at '/', not back on the link).
 */
export function saveCopyAndSignIn(draft: Draft, notify: boolean, path = currentPath()): void {
  writeStoredDraft(STORAGE_KEYS.pendingDiagramSave, {
    title: normaliseTitle(draft.title),
    content: draft.content,
  });
  storage.set(STORAGE_KEYS.authRedirectPath, path);
  if (!notify) {
    goToSignIn(path);
    return;
  }
  toast({
    title: TOAST_TEXT.signInRequiredTitle,
    description: TOAST_TEXT.signInRequired,
    duration: TOAST.signInRequiredMs,
  });
  window.setTimeout(() => goToSignIn(path), SIGN_IN_REDIRECT_DELAY_MS);
}

/**
 * The one way a signed-out editor signs in (the header's Sign In, the 'Save Your Work' prompt,
 * the share dialog): text the user wrote comes along as a copy made after sign-in, as the prompt
 * promises. An untouched template or blank diagram is not kept; it would only add a diagram.
 * `own` says whether the text is the user's (by default: not blank, not a template as chosen).
 */
export function signInKeepingDraft(
  draft: Draft,
  { own = hasOwnText(draft.content), path = currentPath() }: { own?: boolean; path?: string } = {},
): void {
  if (own) saveCopyAndSignIn(draft, false, path);
  else goToSignIn();
}
