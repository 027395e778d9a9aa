import { describe, expect, it } from 'vitest';
import { versionPeople } from './versionPeople';

const ada = { id: 1, name: 'Ada' };
const bob = { id: 2, name: 'Bob' };

describe('versionPeople', () => {
  it('names who saved first, then every other author once', () => {
    expect(versionPeople({ savedBy: bob, authors: [ada, bob] })).toEqual(['Bob', 'Ada']);
  });

  it('names the authors of a version nobody saved by hand', () => {
    expect(versionPeople({ savedBy: null, authors: [ada, bob] })).toEqual(['Ada', 'Bob']);
  });

  it('names no one when the version has no known person', () => {
    expect(versionPeople({ savedBy: null, authors: [] })).toEqual([]);
  });
});
