import { describe, expect, it } from 'vitest';
import { versionsToDrop, type Dated } from './thinning.js';

const now = new Date('2026-03-10T12:00:00.000Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
const versions = (...dates: Date[]): Dated[] =>
  dates.map((createdAt, i) => ({ id: i + 1, createdAt }));

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
      new Date('2026-03-07T10:00:00.000Z'), // 4: only one of 7 March
      hoursAgo(2), // 5: recent
    );
    expect(versionsToDrop(all, now).sort()).toEqual([2, 3]);
  });

  it('breaks ties in time by id, keeping the higher id', () => {
    const same = new Date('2026-03-01T10:00:00.000Z');
    expect(versionsToDrop(versions(same, same), now)).toEqual([1]);
  });

  it('never keeps more than 100, dropping the oldest', () => {
    const many = versions(...Array.from({ length: 105 }, (_, i) => hoursAgo(i * 0.1)));
    // ids 101..105 are the oldest (ids follow age here).
    expect(versionsToDrop(many, now).sort((a, b) => a - b)).toEqual([101, 102, 103, 104, 105]);
  });

  it('counts the limit after thinning older days', () => {
    const recent = Array.from({ length: 99 }, (_, i) => hoursAgo(i * 0.2));
    const old = [new Date('2026-02-01T10:00:00.000Z'), new Date('2026-02-01T09:00:00.000Z')];
    const old2 = [new Date('2026-01-01T10:00:00.000Z')];
    const dropped = versionsToDrop(versions(...recent, ...old, ...old2), now);
    // 99 recent + newest of 1 Feb = 100; the older of 1 Feb thins, 1 Jan is over the limit.
    expect(dropped.sort((a, b) => a - b)).toEqual([101, 102]);
  });
});
