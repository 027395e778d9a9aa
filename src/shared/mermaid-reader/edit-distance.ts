/** Names longer than this are never compared: typos are made in names people type. */
const MAX_COMPARED = 64;

/**
 * Edit distance with adjacent transpositions counted as one edit (optimal string alignment):
 * "Alcie" and "Alice" are one edit apart. Answers `limit + 1` as soon as the distance must exceed
 * `limit`, and for names too long to compare.
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  if (a.length > MAX_COMPARED || b.length > MAX_COMPARED) return limit + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (before[j - 2] ?? 0) + 1);
      }
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return Math.min(previous[b.length] ?? 0, limit + 1);
}

/** How far a name may be from a known one to count as a typo of it. */
function typoLimit(a: string, b: string): number {
  if (a.toLowerCase() === b.toLowerCase()) return 0;
  // One letter off a one- or two-letter name (A and B) is another name, not a typo.
  return Math.min(2, Math.floor(Math.min(a.length, b.length) / 3));
}

/** The candidate `name` is most likely a typo of (case aside, or a few edits), or null. */
export function closestName(name: string, candidates: readonly string[]): string | null {
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    if (candidate === name) continue;
    const caseOnly = candidate.toLowerCase() === name.toLowerCase();
    const limit = typoLimit(name, candidate);
    const distance = caseOnly ? 0 : editDistance(name, candidate, limit);
    if ((caseOnly || (limit > 0 && distance <= limit)) && distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}
