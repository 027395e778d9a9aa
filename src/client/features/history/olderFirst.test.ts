import { describe, expect, it } from 'vitest';
import type { VersionSummary } from '@shared/versions';
import { readableZoom } from '@shared/constants';
import { olderFirst } from './VersionCompare';

// Newest first, as the list shows them.
const versions = [{ id: 30 }, { id: 20 }, { id: 10 }] as VersionSummary[];

describe('olderFirst', () => {
  it('puts the older version first whichever was chosen first', () => {
    expect(olderFirst(versions, 30, 10)).toEqual([10, 30]);
    expect(olderFirst(versions, 10, 30)).toEqual([10, 30]);
    expect(olderFirst(versions, 20, 30)).toEqual([20, 30]);
  });
});

describe('readableZoom', () => {
  it('fits the width, never above 100 % nor below the readable floor', () => {
    expect(readableZoom(400, 800)).toBe(1);
    expect(readableZoom(1000, 800)).toBe(0.8);
    expect(readableZoom(3000, 800)).toBe(0.6);
  });
});
