import { BLANK_DIAGRAM } from '@shared/templates';
import { STORAGE_KEYS } from '@shared/storage-keys';
import { normaliseTitle } from '@shared/title';
import { storage } from '@/lib/storage';
import type { Draft } from './draftStore';

function isDraft(value: unknown): value is Draft {
  if (typeof value !== 'object' || value === null) return false;
  const { title, content } = value as Record<string, unknown>;
  return typeof title === 'string' && typeof content === 'string';
}

export function blankDraft(): Draft {
  return { title: BLANK_DIAGRAM.title, content: BLANK_DIAGRAM.content };
}

/** Reads a {title, content} JSON value; anything malformed counts as absent. */
export function readStoredDraft(key: string): Draft | null {
  const raw = storage.get(key);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isDraft(parsed)
      ? { title: normaliseTitle(parsed.title), content: parsed.content }
      : null;
  } catch {
    return null;
  }
}

export function writeStoredDraft(key: string, draft: Draft): void {
  storage.set(key, JSON.stringify({ title: draft.title, content: draft.content }));
}

/** Signed out, the draft kept under pendingDiagramContent survives a reload; else a blank one. */
export function loadInitialDraft(signedIn: boolean): Draft {
  if (signedIn) return blankDraft();
  return readStoredDraft(STORAGE_KEYS.pendingDiagramContent) ?? blankDraft();
}
