import { describe, expect, it } from 'vitest';
import type { VersionSummary } from '@shared/versions';
import { changesSince } from './useChangesSinceVisit';

const ME = 1;
const version = (id: number, by: number, authors: number[] = [by]): VersionSummary => ({
  id,
  title: 'Cart',
  kind: 'manual',
  createdAt: new Date(2026, 0, id).toISOString(),
  savedBy: { id: by, name: `User ${by}` },
  authors: authors.map((author) => ({ id: author, name: `User ${author}` })),
});

describe('changesSince', () => {
  it('offers the last seen version against the newest when someone else saved since', () => {
    const versions = [version(4, ME), version(3, 2), version(2, ME), version(1, ME)];
    expect(changesSince(versions, 2, ME)).toEqual({ from: 2, to: 4 });
    // An edit of someone else's inside a save of mine counts too.
    expect(changesSince([version(3, ME, [ME, 2]), version(2, ME)], 2, ME)).toEqual({
      from: 2,
      to: 3,
    });
  });

  it('offers nothing for my own saves, a first visit, nothing new, or a version thinned away', () => {
    const mine = [version(3, ME), version(2, ME)];
    expect(changesSince(mine, 2, ME)).toBeNull();
    const theirs = [version(3, 2), version(2, ME)];
    expect(changesSince(theirs, null, ME)).toBeNull();
    expect(changesSince(theirs, 3, ME)).toBeNull();
    expect(changesSince(theirs, 99, ME)).toBeNull();
    expect(changesSince([], 2, ME)).toBeNull();
  });
});
