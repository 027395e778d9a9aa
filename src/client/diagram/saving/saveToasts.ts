/** The save toasts of spec §8, in one place. */
import { MOBILE_BREAKPOINT_PX, TOAST } from '@shared/constants';
import { TOAST_TEXT } from '@shared/messages';
import { NOT_AUTHENTICATED } from '@/api/http';
import { toast } from '@/components/ui/toast-store';
import { SAVING_COPY } from './copy';
import type { LostAccess } from './serverState';

/** How long 'Session Expired' stays readable before the page reloads. */
const RELOAD_AFTER_MS = 2500;

export const isAuthError = (error: unknown) =>
  error instanceof Error && error.message.includes(NOT_AUTHENTICATED);

/**
 * 'Diagram saved successfully' where the header's save status is hidden (phones); wider, the
 * header's 'All changes saved' already says it (one event, one message; see Decisions).
 */
export function toastSaved(): void {
  if (saveStatusShown()) return;
  toast({ title: TOAST_TEXT.success, description: TOAST_TEXT.saved });
}

/** SaveStatus shows from the mobile breakpoint up (it is `max-md:sr-only` below). */
const saveStatusShown = () => window.matchMedia(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`).matches;

/** A failed manual save; an expired session reloads the page (its text is kept in storage). */
export function toastSaveFailed(error: unknown): void {
  if (isAuthError(error)) {
    toast({
      title: TOAST_TEXT.sessionExpiredTitle,
      description: TOAST_TEXT.sessionExpired,
      variant: 'destructive',
    });
    window.setTimeout(() => window.location.reload(), RELOAD_AFTER_MS);
    return;
  }
  toast({ title: TOAST_TEXT.error, description: TOAST_TEXT.saveFailed, variant: 'destructive' });
}

/** A collaborator's save refused because they were removed or made a viewer. */
export function toastAccessLost(lost: LostAccess): void {
  toast({
    title: lost === 'removed' ? SAVING_COPY.accessRemovedTitle : SAVING_COPY.viewOnlyTitle,
    description: lost === 'removed' ? SAVING_COPY.accessRemoved : SAVING_COPY.viewOnly,
    variant: 'destructive',
  });
}

export function toastAutoSaved(): void {
  toast({
    title: TOAST_TEXT.autoSavedTitle,
    description: TOAST_TEXT.autoSaved,
    duration: TOAST.autoSavedMs,
  });
}

/** Authentication errors are left to the session refresh (spec §8). */
export function toastAutoSaveFailed(error: unknown): void {
  if (isAuthError(error)) return;
  toast({
    title: TOAST_TEXT.autoSaveFailedTitle,
    description: TOAST_TEXT.autoSaveFailed,
    variant: 'destructive',
  });
}
