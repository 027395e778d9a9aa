/**
 * Which versions thinning drops: every version of the last 24 hours stays; older ones keep only
 * the newest of each calendar day (UTC); and never more than VERSIONS_MAX, dropping the oldest.
 */
import { VERSIONS_KEEP_ALL_MS, VERSIONS_MAX } from '../../shared/versions.js';

export interface Dated {
  id: number;
  createdAt: Date;
}

/** The ids to delete. `versions` may be in any order; ties in time are broken by id. */
export function versionsToDrop(versions: readonly Dated[], now: Date): number[] {
  const newestFirst = [...versions].sort(
    (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id,
  );
  const recentFrom = now.getTime() - VERSIONS_KEEP_ALL_MS;
  const daysSeen = new Set<string>();
  const kept: Dated[] = [];
  const dropped: number[] = [];
  for (const version of newestFirst) {
    if (version.createdAt.getTime() > recentFrom) {
      kept.push(version);
      continue;
    }
    const day = version.createdAt.toISOString().slice(0, 10);
    if (daysSeen.has(day)) {
      dropped.push(version.id);
    } else {
      daysSeen.add(day);
      kept.push(version);
    }
  }
  return [...dropped, ...kept.slice(VERSIONS_MAX).map((version) => version.id)];
}
