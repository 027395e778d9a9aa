import { describe, expect, it } from 'vitest';
import type { VersionKind } from '../../shared/versions.js';
import { versionsToDrop, type Thinnable } from './thinning.js';

const now = new Date('2026-03-10T12:00:00.000Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
const OWNER = 1;
const EDITOR = 2;

/** Versions by one author, ids in the order given. */
const versions = (...dates: Date[]): Thinnable[] =>
  dates.map((createdAt, i) => ({ id: i + 1, createdAt, savedBy: OWNER, kind: 'manual' }));

/** A history written oldest first, one entry a minute ending `endHoursAgo` hours ago. */
function history(
  entries: readonly (readonly [number | null, VersionKind])[],
  endHoursAgo = 0,
): Thinnable[] {
  return entries.map(([savedBy, kind], i) => ({
    id: i + 1,
    createdAt: hoursAgo(endHoursAgo + (entries.length - 1 - i) / 60),
    savedBy,
    kind,
  }));
}
const repeat = <T>(n: number, entry: T): T[] => Array.from({ length: n }, () => entry);
const kept = (all: Thinnable[], drop: number[]) =>
  all.map((v) => v.id).filter((id) => !drop.includes(id));

describe('versionsToDrop', () => {
  it('keeps every version of the last 24 hours', () => {
    const recent = versions(hoursAgo(0), hoursAgo(1), hoursAgo(1), hoursAgo(12), hoursAgo(23.9));
    expect(versionsToDrop(recent, now)).toEqual([]);
  });

  it('keeps only the newest version of each older calendar day (UTC)', () => {
    const all = versions(
      new Date('2026-03-08T23:59:00.000Z'), // 1: newest of 8 March
      new Date('2026-03-08T08:00:00.000Z'), // 2
      new Date('2026-03-08T00:00:00.000Z'), // 3
      new Date('2026-03-07T10:00:00.000Z'), // 4: only one of 7 March (and the first)
      hoursAgo(2), // 5: recent
    );
    expect(versionsToDrop(all, now).sort()).toEqual([2, 3]);
  });

  it('breaks ties in time by id, keeping the higher id', () => {
    const same = new Date('2026-03-01T10:00:00.000Z');
    const first = new Date('2026-02-01T10:00:00.000Z');
    expect(versionsToDrop(versions(same, same, first), now)).toEqual([1]);
  });

  it('never keeps more than 100 thinnable versions, dropping the oldest; the first stays', () => {
    const many = versions(...Array.from({ length: 106 }, (_, i) => hoursAgo(i * 0.1)));
    // ids follow age; 106 is the first version.
    expect(versionsToDrop(many, now).sort((a, b) => a - b)).toEqual([101, 102, 103, 104, 105]);
  });

  it('counts the limit after thinning older days', () => {
    const recent = Array.from({ length: 99 }, (_, i) => hoursAgo(i * 0.2));
    const old = [new Date('2026-02-01T10:00:00.000Z'), new Date('2026-02-01T09:00:00.000Z')];
    const old2 = [new Date('2026-01-15T10:00:00.000Z')];
    const first = [new Date('2026-01-01T10:00:00.000Z')];
    const dropped = versionsToDrop(versions(...recent, ...old, ...old2, ...first), now);
    // 99 recent + newest of 1 Feb = 100; the older of 1 Feb thins, 15 Jan is over the limit,
    // and the first version (1 Jan) stays.
    expect(dropped.sort((a, b) => a - b)).toEqual([101, 102]);
  });

  it("keeps the owner's last version when an editor saves 150 times after it", () => {
    const all = history([
      [OWNER, 'created'],
      ...repeat(5, [OWNER, 'manual'] as const),
      [OWNER, 'manual'], // 7: the owner's last before the editor's run
      ...repeat(150, [EDITOR, 'manual'] as const),
    ]);
    const left = kept(all, versionsToDrop(all, now));
    expect(left).toContain(1);
    expect(left).toContain(7);
    // The cap of 100 applies to the rest: the editor's newest 100, the owner's older ones gone.
    expect(left).toHaveLength(102);
    expect(left.filter((id) => id > 7)).toEqual(all.slice(-100).map((v) => v.id));
    expect(left.filter((id) => id > 1 && id < 7)).toEqual([]);
  });

  it('keeps the last version of every run of one author, and every restore', () => {
    const all = history([
      [OWNER, 'created'], // 1: first
      [OWNER, 'manual'],
      [OWNER, 'manual'], // 3: end of the owner's run
      [EDITOR, 'manual'],
      [EDITOR, 'restore'], // 5: a restore
      [EDITOR, 'manual'], // 6: end of the editor's run
      [OWNER, 'manual'], // 7: end of the owner's run
      [null, 'manual'], // 8: an author whose account is gone, end of run
      [EDITOR, 'restore'], // 9: a restore
      ...repeat(120, [EDITOR, 'manual'] as const),
    ]);
    const left = kept(all, versionsToDrop(all, now));
    for (const id of [1, 3, 5, 6, 7, 8, 9]) expect(left).toContain(id);
    expect(left).not.toContain(2);
    expect(left).not.toContain(4);
    expect(left).toHaveLength(7 + 100);
  });

  it('keeps protected versions through the daily thinning of older days', () => {
    const all = history(
      [
        [OWNER, 'created'],
        [OWNER, 'manual'],
        [OWNER, 'manual'], // 3: the owner's last
        [EDITOR, 'manual'],
        [EDITOR, 'restore'], // 5
        [EDITOR, 'manual'], // 6: newest of its day
      ],
      72,
    );
    expect(versionsToDrop(all, now).sort()).toEqual([2, 4]);
  });

  it('keeps at most 100 protected versions per author, so nobody can grow a history forever', () => {
    const all = history([
      [OWNER, 'created'],
      [OWNER, 'manual'], // 2: the owner's last before the editor
      ...repeat(150, [EDITOR, 'restore'] as const),
    ]);
    const left = kept(all, versionsToDrop(all, now));
    expect(left).toContain(1);
    expect(left).toContain(2);
    // The editor's newest 100 restores are protected; their 50 older ones are thinnable and fit
    // under the cap of 100.
    expect(left).toHaveLength(152);
    const more = history([
      [OWNER, 'created'],
      [OWNER, 'manual'],
      ...repeat(250, [EDITOR, 'restore'] as const),
    ]);
    const leftOfMore = kept(more, versionsToDrop(more, now));
    expect(leftOfMore.slice(0, 2)).toEqual([1, 2]);
    expect(leftOfMore).toHaveLength(2 + 100 + 100);
  });
});
