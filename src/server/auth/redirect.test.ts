import { describe, expect, it } from 'vitest';
import { safeLocalPath } from './redirect.js';

describe('safeLocalPath', () => {
  it.each([
    ['/try', '/try'],
    ['/d/abc?x=1#top', '/d/abc?x=1#top'],
    ['/a/../b', '/b'],
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
  ])('refuses %s', (input) => {
    expect(safeLocalPath(input)).toBe('/');
  });
});
