import { describe, expect, it } from 'vitest';
import { NAME_MAX_BYTES, safeName, uniqueNames } from './file-names.js';

describe('safeName', () => {
  it.each([
    ['Checkout flow', 'Checkout flow'],
    ['a/b\\c:d*e?f"g<h>i|j', 'a b c d e f g h i j'],
    ['tab\there\nnew\u0000line\u007f', 'tab here new line'],
    ['  ..hidden  ', 'hidden'],
    ['../../etc/passwd', 'etc passwd'],
    ['trailing dots...', 'trailing dots'],
    ['', 'Untitled'],
    ['   ', 'Untitled'],
    ['...', 'Untitled'],
    ['///', 'Untitled'],
    ['CON', 'CON_'],
    ['lpt1.txt', 'lpt1.txt_'],
    ['Console', 'Console'],
    ['Zoë → 日本語 ✓', 'Zoë → 日本語 ✓'],
    ['invoice\u202Efdp.exe', 'invoicefdp.exe'],
    ['a\u202A\u202B\u202C\u202D\u202Eb', 'ab'],
    ['\u2066x\u2067y\u2068z\u2069', 'xyz'],
    ['\u200Eleft\u200F right\u061C', 'left right'],
    ['\u202E\u202E', 'Untitled'],
    ['\u202E.hidden', 'hidden'],
  ])('%j → %j', (input, expected) => {
    expect(safeName(input)).toBe(expected);
  });

  it('caps long names by UTF-8 bytes without splitting a character', () => {
    const name = safeName('日'.repeat(100)); // 3 bytes each
    expect(new TextEncoder().encode(name).length).toBeLessThanOrEqual(NAME_MAX_BYTES);
    expect(name).toBe('日'.repeat(NAME_MAX_BYTES / 3));
    expect(safeName('a'.repeat(500))).toHaveLength(NAME_MAX_BYTES);
    expect(safeName('😀'.repeat(100))).toBe('😀'.repeat(NAME_MAX_BYTES / 4));
  });
});

describe('uniqueNames', () => {
  it('numbers repeats, ignoring case', () => {
    const next = uniqueNames();
    expect(next('Plan', '.mmd')).toBe('Plan.mmd');
    expect(next('plan', '.mmd')).toBe('plan (2).mmd');
    expect(next('PLAN', '.mmd')).toBe('PLAN (3).mmd');
    expect(next('Plan', '')).toBe('Plan');
    expect(next('Plan (2)', '.mmd')).toBe('Plan (2) (2).mmd');
  });
});
