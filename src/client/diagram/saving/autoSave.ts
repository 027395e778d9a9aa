/**
 * Spec §5: auto-save runs only when the user is signed in, auto-save is on, the diagram has
 * content, and there are unsaved changes; 2000 ms after the last change, so one request per
 * pause in typing. A new diagram gets its id from its first auto-save, once the user has typed
 * in it (an untouched one is never saved, so no junk diagrams fill the list; see Decisions).
 */
import { AUTO_SAVE_DELAY_MS } from '@shared/constants';
import { can } from '@shared/policy/can';
import type { DraftStore } from '../draftStore';
import { isUnsaved, type ServerStateStore } from './serverState';
import type { SaveOutcome, Saver } from './saver';

export interface AutoSaveOptions {
  draft: DraftStore;
  serverState: ServerStateStore;
  saver: Saver;
  /** Signed in and the auto-save switch on. */
  enabled: () => boolean;
  onResult: (result: { outcome: SaveOutcome } | { error: unknown }) => void;
  delayMs?: number;
}

export function autoSaveEligible(
  options: Pick<AutoSaveOptions, 'draft' | 'serverState' | 'enabled'>,
) {
  const state = options.serverState.get();
  const draft = options.draft.get();
  return (
    options.enabled() &&
    draft.content !== '' &&
    can(state.access, 'edit') &&
    state.status !== 'conflict' &&
    isUnsaved(draft, state.baseline)
  );
}

/** Starts watching; returns a function that stops (and cancels a pending save). */
export function startAutoSave(options: AutoSaveOptions): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    clearTimeout(timer);
    if (!autoSaveEligible(options)) return;
    timer = setTimeout(() => {
      if (!autoSaveEligible(options)) return;
      options.saver.save(false, 'auto').then(
        (outcome) => options.onResult({ outcome }),
        (error: unknown) => options.onResult({ error }),
      );
    }, options.delayMs ?? AUTO_SAVE_DELAY_MS);
  };
  const unsubscribe = options.draft.subscribe(schedule);
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}
