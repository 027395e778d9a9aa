import { describe, expect, it } from 'vitest';
import { shortcutFor, shortcutKeys } from './keys';

const press = (
  key: string,
  mods: Partial<Record<'ctrl' | 'meta' | 'shift' | 'alt', boolean>> = {},
) => ({
  key,
  ctrlKey: !!mods.ctrl,
  metaKey: !!mods.meta,
  shiftKey: !!mods.shift,
  altKey: !!mods.alt,
});

describe('shortcutFor', () => {
  it('uses Ctrl off a Mac and Cmd on one', () => {
    expect(shortcutFor(press('s', { ctrl: true }), false)).toBe('save');
    expect(shortcutFor(press('s', { meta: true }), false)).toBeNull();
    expect(shortcutFor(press('s', { meta: true }), true)).toBe('save');
    expect(shortcutFor(press('s', { ctrl: true }), true)).toBeNull();
  });
  it('knows Shift+E, K and ?, with Caps Lock too', () => {
    expect(shortcutFor(press('E', { ctrl: true, shift: true }), false)).toBe('export');
    expect(shortcutFor(press('e', { ctrl: true }), false)).toBeNull();
    expect(shortcutFor(press('K', { ctrl: true }), false)).toBe('switcher');
    expect(shortcutFor(press('Enter', { ctrl: true, shift: true }), false)).toBe('present');
    expect(shortcutFor(press('Enter', { meta: true, shift: true }), true)).toBe('present');
    expect(shortcutFor(press('Enter', { ctrl: true }), false)).toBeNull();
    expect(shortcutFor(press('Enter', { shift: true }), false)).toBeNull();
    expect(shortcutFor(press('S', { ctrl: true, shift: true }), false)).toBeNull();
    expect(shortcutFor(press('?', { shift: true }), false)).toBe('help');
    expect(shortcutFor(press('?', { ctrl: true }), false)).toBeNull();
    expect(shortcutFor(press('s', { ctrl: true, alt: true }), false)).toBeNull();
    expect(shortcutFor({ ...press('s', { ctrl: true }), isComposing: true }, false)).toBeNull();
  });
  it('shows ⌘ and ⇧ on a Mac, words elsewhere', () => {
    expect(shortcutKeys('export', true)).toEqual(['⌘', '⇧', 'E']);
    expect(shortcutKeys('export', false)).toEqual(['Ctrl', 'Shift', 'E']);
  });
});
