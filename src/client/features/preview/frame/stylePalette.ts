/**
 * The drawing's style palette: a right-click (a long press on touch) on a participant or a
 * message of a sequence diagram offers a few colours; the one picked goes to the parent, which
 * writes the statement into the text as one undoable change.
 */
import {
  STYLE_PRESETS,
  STYLE_PRESET_NAMES,
  type StylePreset,
  type StyleTarget,
} from '@shared/mermaid-reader/style-edit';
import { styleTargetAt } from '@shared/mermaid-drawing/sequence-styling';
import { PREVIEW_COPY } from '../copy';

export const PALETTE_CLASS = 'style-palette';
/** How long a finger rests on an element before the palette opens. */
const LONG_PRESS_MS = 550;
/** A finger that moves further is panning, not pressing. */
const PRESS_SLOP_PX = 10;
const EDGE_PX = 8;

export function installStylePalette(
  stage: HTMLElement,
  currentSvg: () => SVGSVGElement | null,
  pick: (target: StyleTarget, preset: StylePreset | null) => void,
): void {
  let menu: HTMLElement | null = null;
  const close = () => {
    // Removing the focused palette fires its focusout, which closes again: forget it first.
    const shown = menu;
    menu = null;
    shown?.remove();
  };

  const open = (target: StyleTarget, x: number, y: number) => {
    close();
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
      close();
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
      if (event.key === 'Escape') close();
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

  const targetOf = (element: EventTarget | null) => {
    const svg = currentSvg();
    if (!svg || !(element instanceof Element) || !svg.contains(element)) return null;
    return styleTargetAt(svg, element);
  };

  stage.addEventListener('contextmenu', (event) => {
    const target = targetOf(event.target);
    if (!target) return;
    event.preventDefault();
    open(target, event.clientX, event.clientY);
  });

  let press: { timer: number; x: number; y: number } | null = null;
  const cancelPress = () => {
    if (press) window.clearTimeout(press.timer);
    press = null;
  };
  stage.addEventListener('pointerdown', (event) => {
    cancelPress();
    if (event.pointerType !== 'touch') return;
    const target = targetOf(event.target);
    if (!target) return;
    const { clientX: x, clientY: y } = event;
    press = { x, y, timer: window.setTimeout(() => open(target, x, y), LONG_PRESS_MS) };
  });
  stage.addEventListener('pointermove', (event) => {
    if (press && Math.hypot(event.clientX - press.x, event.clientY - press.y) > PRESS_SLOP_PX) {
      cancelPress();
    }
  });
  for (const end of ['pointerup', 'pointercancel'] as const) {
    stage.addEventListener(end, cancelPress);
  }
  document.addEventListener('pointerdown', (event) => {
    if (menu && !(event.target instanceof Node && menu.contains(event.target))) close();
  });
}
