import { describe, expect, it } from 'vitest';
import { copyTitle } from './copyTitle';

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
