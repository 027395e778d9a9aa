/** The app's keyboard shortcuts: which key press is which, and how to show them. */

export type ShortcutId = 'save' | 'export' | 'switcher' | 'present' | 'help';

interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  isComposing?: boolean;
}

export function isMacPlatform(): boolean {
  if (typeof navigator === 'undefined') return false;
  return /Mac|iPhone|iPad|iPod/.test(navigator.platform || navigator.userAgent);
}

/** Cmd on a Mac, Ctrl elsewhere; the other one never counts. */
export function shortcutFor(event: KeyLike, mac: boolean): ShortcutId | null {
  if (event.isComposing) return null;
  const mod = mac ? event.metaKey : event.ctrlKey;
  const other = mac ? event.ctrlKey : event.metaKey;
  const key = event.key.toLowerCase();
  if (mod && !other && !event.altKey) {
    if (key === 's' && !event.shiftKey) return 'save';
    if (key === 'e' && event.shiftKey) return 'export';
    if (key === 'k' && !event.shiftKey) return 'switcher';
    // Neither CodeMirror nor the browsers bind it (Google Slides presents with it too).
    if (key === 'enter' && event.shiftKey) return 'present';
    return null;
  }
  if (event.key === '?' && !event.ctrlKey && !event.metaKey && !event.altKey) return 'help';
  return null;
}

/** Where a typed '?' is text: form fields and editable content (the code editor is one). */
export function isTextTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    return !['button', 'checkbox', 'radio', 'range', 'reset', 'submit', 'color', 'file'].includes(
      target.type,
    );
  }
  return target.closest('[contenteditable]:not([contenteditable="false"]), .cm-editor') !== null;
}

/** The keys of a shortcut as a person presses them: ⌘ and ⇧ on a Mac, words elsewhere. */
export function shortcutKeys(id: ShortcutId, mac: boolean): string[] {
  const mod = mac ? '⌘' : 'Ctrl';
  const shift = mac ? '⇧' : 'Shift';
  switch (id) {
    case 'save':
      return [mod, 'S'];
    case 'export':
      return [mod, shift, 'E'];
    case 'switcher':
      return [mod, 'K'];
    case 'present':
      return [mod, shift, 'Enter'];
    case 'help':
      return ['?'];
  }
}
