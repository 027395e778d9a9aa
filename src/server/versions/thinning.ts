/**
 * Which versions thinning drops. Some versions matter whatever their age, so that nobody with
 * edit rights can push another person's work out of the history by saving many times:
 * - the first version;
 * - every 'restore' version;
 * - the last version of each run of one author's versions (the newest version of an author
 *   before someone else's), so each person's work before another took over survives.
 * Each author keeps at most VERSIONS_PROTECTED_PER_AUTHOR of these (their newest; the first
 * version always); the rest are thinnable. Of the thinnable versions, every one of the last 24
 * hours stays, older ones keep only the newest of each calendar day (UTC), and at most
 * VERSIONS_MAX stay, dropping the oldest.
 */
import {
  VERSIONS_KEEP_ALL_MS,
  VERSIONS_MAX,
  VERSIONS_PROTECTED_PER_AUTHOR,
  type VersionKind,
} from '../../shared/versions.js';

export interface Thinnable {
  id: number;
  createdAt: Date;
  /** The author; null once their account is gone (all such versions count as one author). */
  savedBy: number | null;
  kind: VersionKind;
}

const oldestFirst = (a: Thinnable, b: Thinnable) =>
  a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id;

/** The ids of the versions thinning never drops. `versions` must be oldest first. */
export function protectedVersions(versions: readonly Thinnable[]): Set<number> {
  const candidates = versions.filter(
    (version, i) =>
      i === 0 ||
      version.kind === 'restore' ||
      (i + 1 < versions.length && versions[i + 1]!.savedBy !== version.savedBy),
  );
  const kept = new Set<number>();
  const perAuthor = new Map<number | null, number>();
  for (const version of [...candidates].reverse()) {
    const count = perAuthor.get(version.savedBy) ?? 0;
    if (version === versions[0] || count < VERSIONS_PROTECTED_PER_AUTHOR) kept.add(version.id);
    if (version !== versions[0]) perAuthor.set(version.savedBy, count + 1);
  }
  return kept;
}

/** The ids to delete. `versions` may be in any order; ties in time are broken by id. */
export function versionsToDrop(versions: readonly Thinnable[], now: Date): number[] {
  const sorted = [...versions].sort(oldestFirst);
  const keep = protectedVersions(sorted);
  const recentFrom = now.getTime() - VERSIONS_KEEP_ALL_MS;
  const daysSeen = new Set<string>();
  const kept: Thinnable[] = [];
  const dropped: number[] = [];
  for (const version of sorted.reverse()) {
    if (keep.has(version.id)) continue;
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
