import { describe, expect, it } from 'vitest';
import { shareUrl } from './copy';

describe('shareUrl', () => {
  it('is {origin}/d/{shareToken} (spec §2)', () => {
    expect(shareUrl('abc_DEF-123', 'https://lifeline.example')).toBe(
      'https://lifeline.example/d/abc_DEF-123',
    );
  });
});
