import type { VersionSummary } from '@shared/versions';

/**
 * The names a version is credited to: who saved it, then everyone whose edits it holds since
 * the previous version, each once.
 */
export function versionPeople(version: Pick<VersionSummary, 'savedBy' | 'authors'>): string[] {
  const seen = new Set<number>();
  const names: string[] = [];
  for (const person of [...(version.savedBy ? [version.savedBy] : []), ...version.authors]) {
    if (seen.has(person.id)) continue;
    seen.add(person.id);
    names.push(person.name);
  }
  return names;
}
