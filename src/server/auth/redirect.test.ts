import { describe, expect, it } from 'vitest';
import { safeLocalPath } from './redirect.js';

describe('safeLocalPath', () => {
  it.each([
    ['/try', '/try'],
    ['/d/abc?x=1#top', '/d/abc?x=1#top'],
    ['/a/../b', '/b'],
    // Encoded slashes stay encoded: a browser reads them as part of one path segment.
    ['/%2F/evil.example', '/%2F/evil.example'],
    ['/.%2F/evil.example', '/.%2F/evil.example'],
    ['/%5C%5Cevil.example', '/%5C%5Cevil.example'],
  ])('keeps the local path %s', (input, expected) => {
    expect(safeLocalPath(input)).toBe(expected);
  });

  it.each([
    undefined,
    '',
    'try',
    '//evil.example',
    'https://evil.example/',
    '/\\evil.example',
    '/%0d%0aSet-Cookie:x'.replace('%0d%0a', '\r\n'),
    'javascript:alert(1)',
    '/.//evil.example',
    '/..//evil.example/phish',
    '/a/../..//evil.example',
    '/%2e//evil.example',
    '/%2E%2E//evil.example',
    '/.\\evil.example',
    '/\\evil.example',
    '\\/evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/.\t//evil.example',
    '\t//evil.example',
    ' //evil.example',
  ])('refuses %j', (input) => {
    expect(safeLocalPath(input)).toBe('/');
  });

  it('answers a path that it accepts again unchanged (idempotent)', () => {
    const inputs = ['/try', '/./x', '/a/./b/../c?q=1#h', '/.%2F/e', '/%2e%2e/x', '/x//y', '/.//e'];
    for (const input of inputs) {
      const once = safeLocalPath(input);
      expect(safeLocalPath(once), input).toBe(once);
      expect(once.startsWith('//'), input).toBe(false);
    }
  });
});
