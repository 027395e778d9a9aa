import { describe, expect, it } from 'vitest';
import { copyTitle, shareUrl } from './copy';

describe('copyTitle', () => {
  it("prefixes 'Copy of ' (spec §4)", () => {
    expect(copyTitle('Checkout flow')).toBe('Copy of Checkout flow');
  });

  it('stays within the 200-character title limit the server enforces', () => {
    const title = copyTitle('x'.repeat(200));
    expect(title).toHaveLength(200);
    expect(title.startsWith('Copy of x')).toBe(true);
  });
});

describe('shareUrl', () => {
  it('is {origin}/d/{shareToken} (spec §2)', () => {
    expect(shareUrl('abc_DEF-123', 'https://lifeline.example')).toBe(
      'https://lifeline.example/d/abc_DEF-123',
    );
  });
});
