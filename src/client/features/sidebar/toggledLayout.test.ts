import { describe, expect, it } from 'vitest';
import { toggledLayout } from './useSidebarPanel';

describe('toggledLayout', () => {
  it('gives the collapsed sidebar’s width to the drawing, not the editor', () => {
    expect(toggledLayout([20, 40, 40], 20)).toEqual([0, 40, 60]);
  });

  it('takes the width back from the drawing first, then from the editor', () => {
    expect(toggledLayout([0, 40, 60], 20)).toEqual([20, 40, 40]);
    // The drawing keeps its 20 %; the rest comes from the editor (down to its 30 %).
    expect(toggledLayout([0, 70, 30], 20)).toEqual([20, 60, 20]);
  });
});
