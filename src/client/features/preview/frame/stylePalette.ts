/**
 * The drawing's style palette: "Colour…" in the context menu of a participant or a message of a
 * sequence diagram offers a few colours; the one picked goes to the parent, which writes the
 * statement into the text as one undoable change.
 */
import {
  STYLE_PRESETS,
  STYLE_PRESET_NAMES,
  type StylePreset,
  type StyleTarget,
} from '@shared/mermaid-reader/style-edit';
import { PREVIEW_COPY } from '../copy';

export const PALETTE_CLASS = 'style-palette';
const EDGE_PX = 8;

export function installStylePalette(
  stage: HTMLElement,
  currentSvg: () => SVGSVGElement | null,
  pick: (target: StyleTarget, preset: StylePreset | null) => void,
): { open(target: StyleTarget, x: number, y: number, done?: () => void): void } {
  let menu: HTMLElement | null = null;
  /** Gives the keyboard back where the menu that opened the palette found it. */
  let giveBack: (() => void) | null = null;
  const close = (restore = false) => {
    // Removing the focused palette fires its focusout, which closes again: forget it first.
    const shown = menu;
    menu = null;
    shown?.remove();
    if (shown && restore) giveBack?.();
  };

  const open = (target: StyleTarget, x: number, y: number, done?: () => void) => {
    close();
    giveBack = done ?? null;
    const palette = document.createElement('div');
    palette.className = PALETTE_CLASS;
    palette.setAttribute('role', 'menu');
    palette.setAttribute(
      'aria-label',
      target.kind === 'participant'
        ? PREVIEW_COPY.styleParticipant(target.name)
        : PREVIEW_COPY.styleMessage(target.index),
    );
    const choose = (preset: StylePreset | null) => {
      close(true);
      pick(target, preset);
    };
    const items: HTMLButtonElement[] = [];
    for (const preset of [...STYLE_PRESET_NAMES, null]) {
      const item = document.createElement('button');
      item.type = 'button';
      item.setAttribute('role', 'menuitem');
      const label = preset ? PREVIEW_COPY.stylePresets[preset] : PREVIEW_COPY.styleNone;
      item.setAttribute('aria-label', label);
      item.title = label;
      if (preset) {
        item.style.background = STYLE_PRESETS[preset].fill;
        item.style.borderColor = STYLE_PRESETS[preset].stroke;
      } else item.textContent = '×';
      item.addEventListener('click', () => choose(preset));
      items.push(item);
    }
    palette.append(...items);
    palette.addEventListener('keydown', (event) => {
      event.stopPropagation();
      const at = items.indexOf(document.activeElement as HTMLButtonElement);
      if (event.key === 'Escape') close(true);
      else if (event.key === 'ArrowRight' || event.key === 'ArrowDown') {
        items[(at + 1) % items.length]?.focus();
      } else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') {
        items[(at - 1 + items.length) % items.length]?.focus();
      } else return;
      event.preventDefault();
    });
    palette.addEventListener('focusout', (event) => {
      if (!(event.relatedTarget instanceof Node) || !palette.contains(event.relatedTarget)) close();
    });
    document.body.append(palette);
    const { width, height } = palette.getBoundingClientRect();
    palette.style.left = `${Math.max(EDGE_PX, Math.min(x, window.innerWidth - width - EDGE_PX))}px`;
    palette.style.top = `${Math.max(EDGE_PX, Math.min(y, window.innerHeight - height - EDGE_PX))}px`;
    menu = palette;
    items[0]?.focus();
  };

  document.addEventListener('pointerdown', (event) => {
    if (menu && !(event.target instanceof Node && menu.contains(event.target))) close();
  });
  return { open };
}
