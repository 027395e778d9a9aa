/**
 * Nothing lost: text the server has not acknowledged is kept in browser storage, per user and
 * diagram, until it is; after a reload or a crashed tab it is offered back.
 */
import { storage } from '@/lib/storage';
import { refusedReason } from '@shared/live';
import type { Draft } from '../draftStore';
import type { ResyncReason } from './copy';
import type { LostAccess } from './serverState';

export interface Backup extends Draft {
  /** The server version the edits started from (null for a never-saved diagram). */
  baseUpdatedAt: string | null;
  /** When the backup was written (ms since epoch). */
  at: number;
  /** Set when the text was kept because the writer's access to the diagram went away. */
  lostAccess?: LostAccess;
  /** Set when the text was kept because the server refused it (the editor took its text again). */
  refused?: ResyncReason;
}

const PREFIX = 'lifeline-unsaved';
export const backupKey = (userId: number, diagramId: number) =>
  `${PREFIX}:${userId}:${diagramId === 0 ? 'new' : diagramId}`;
/**
 * Text the server refused, kept apart: the running backup under `backupKey` follows the editor,
 * which shows the server's text again after a refusal.
 */
export const refusedKey = (userId: number, diagramId: number) =>
  `${backupKey(userId, diagramId)}:refused`;

export function readBackup(key: string): Backup | null {
  const raw = storage.get(key);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Backup>;
    if (typeof value.title !== 'string' || typeof value.content !== 'string') return null;
    const refused = refusedReason.safeParse(value.refused);
    return {
      title: value.title,
      content: value.content,
      baseUpdatedAt: typeof value.baseUpdatedAt === 'string' ? value.baseUpdatedAt : null,
      at: typeof value.at === 'number' ? value.at : 0,
      ...(value.lostAccess === 'removed' || value.lostAccess === 'viewer'
        ? { lostAccess: value.lostAccess }
        : {}),
      ...(refused.success && refused.data !== 'read-only' ? { refused: refused.data } : {}),
    };
  } catch {
    return null;
  }
}

export function writeBackup(key: string, backup: Backup): void {
  storage.set(key, JSON.stringify(backup));
}

export function clearBackup(key: string): void {
  storage.remove(key);
}

/**
 * This user's text kept for diagrams they were removed from (they cannot open them any more, so
 * nothing else would offer it back), newest first.
 */
export function removedBackups(userId: number): { key: string; backup: Backup }[] {
  const prefix = `${PREFIX}:${userId}:`;
  const found: { key: string; backup: Backup }[] = [];
  for (const key of storage.keys()) {
    if (!key.startsWith(prefix)) continue;
    const backup = readBackup(key);
    if (backup?.lostAccess === 'removed') found.push({ key, backup });
  }
  return found.sort((a, b) => b.backup.at - a.backup.at);
}

/** A backup worth offering: it differs from what the server now holds. */
export function backupToOffer(key: string, server: Draft): Backup | null {
  const backup = readBackup(key);
  if (!backup) return null;
  if (backup.title === server.title && backup.content === server.content) {
    clearBackup(key);
    return null;
  }
  return backup;
}
