import { describe, expect, it } from 'vitest';
import { moveForGesture, moveForKey, stepAfter } from './stepInput';

const key = (
  name: string,
  mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey', boolean>> = {},
) => ({
  key: name,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

describe('present mode input', () => {
  it('steps forward with →, ↓, Space and PageDown, back with ←, ↑ and PageUp', () => {
    for (const name of ['ArrowRight', 'ArrowDown', ' ', 'PageDown']) {
      expect(moveForKey(key(name))).toBe('next');
    }
    for (const name of ['ArrowLeft', 'ArrowUp', 'PageUp']) {
      expect(moveForKey(key(name))).toBe('previous');
    }
    expect(moveForKey(key('Home'))).toBe('first');
    expect(moveForKey(key('End'))).toBe('last');
    expect(moveForKey(key('Escape'))).toBe('leave');
    expect(moveForKey(key('a'))).toBeNull();
    expect(moveForKey(key('ArrowRight', { ctrlKey: true }))).toBeNull();
  });

  it('reads a swipe left as next, right as previous, a tap as next, a drag up as nothing', () => {
    expect(moveForGesture(-120, 10)).toBe('next');
    expect(moveForGesture(120, -5)).toBe('previous');
    expect(moveForGesture(2, 3)).toBe('next');
    expect(moveForGesture(10, -150)).toBeNull();
    expect(moveForGesture(25, 0)).toBeNull();
  });

  it('keeps the step within the diagram', () => {
    expect(stepAfter('next', 2, 5)).toBe(3);
    expect(stepAfter('next', 4, 5)).toBe(4);
    expect(stepAfter('previous', 0, 5)).toBe(0);
    expect(stepAfter('first', 3, 5)).toBe(0);
    expect(stepAfter('last', 0, 5)).toBe(4);
    expect(stepAfter('last', 0, 0)).toBe(0);
  });
});
