/**
 * 'Changes since your last visit': the newest version of each diagram when the user opened it is
 * kept in this browser's storage; when the diagram opens again and versions newer than that one
 * were saved by someone else, the comparison from it to the newest version is offered. A version thinned out
 * of the history since then offers nothing.
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { STORAGE_KEYS } from '@shared/storage-keys';
import type { VersionSummary } from '@shared/versions';
import { versionsApi } from '@/api/versions';
import { storage } from '@/lib/storage';

export interface VersionRange {
  from: number;
  to: number;
}

/** The range to offer, given the version last seen and the versions newest first. */
export function changesSince(
  versions: readonly VersionSummary[],
  lastSeen: number | null,
  userId: number,
): VersionRange | null {
  const newest = versions[0];
  if (!newest || lastSeen === null || newest.id === lastSeen) return null;
  const seenAt = versions.findIndex((version) => version.id === lastSeen);
  if (seenAt <= 0) return null;
  const byOthers = versions
    .slice(0, seenAt)
    .some(
      (version) =>
        (version.savedBy !== null && version.savedBy.id !== userId) ||
        version.authors.some((author) => author.id !== userId),
    );
  return byOthers ? { from: lastSeen, to: newest.id } : null;
}

export function useChangesSinceVisit(userId: number, diagramId: number) {
  // Read once per opening, apart from History's list, which every save refetches.
  const versions = useQuery({
    queryKey: ['last-visit', diagramId],
    queryFn: () => versionsApi.list(diagramId),
    enabled: diagramId !== 0,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  // What was stored when the diagram opened, read once per diagram before it is overwritten.
  const [opened] = useState(() => new Map<number, number | null>());
  if (diagramId !== 0 && !opened.has(diagramId)) {
    const stored = Number(storage.get(STORAGE_KEYS.lastSeenVersion(userId, diagramId)));
    opened.set(diagramId, Number.isInteger(stored) && stored > 0 ? stored : null);
  }
  const [dismissed, setDismissed] = useState<ReadonlySet<number>>(new Set());
  const newest = versions.data?.[0]?.id ?? null;
  useEffect(() => {
    if (newest !== null)
      storage.set(STORAGE_KEYS.lastSeenVersion(userId, diagramId), String(newest));
  }, [userId, diagramId, newest]);
  const dismiss = useCallback(
    () => setDismissed((previous) => new Set([...previous, diagramId])),
    [diagramId],
  );
  const range =
    versions.data && !dismissed.has(diagramId)
      ? changesSince(versions.data, opened.get(diagramId) ?? null, userId)
      : null;
  return { range, dismiss };
}
