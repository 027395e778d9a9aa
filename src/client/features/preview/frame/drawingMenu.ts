/**
 * The drawing's context menu: a right-click, a long press on touch, or Shift+F10 / the menu key
 * on the highlighted element opens it on a message, a participant, a note or a block. It is an ARIA menu
 * (arrow keys, Home, End, Escape); it opens only when asked, and closing it gives the keyboard
 * back: to the text editor when a pointer opened it, to the drawing when the keyboard did.
 */
import type { DrawingEdit } from '@shared/mermaid-reader/drawing-edit';
import type { StyleTarget } from '@shared/mermaid-reader/style-edit';
import { diagramFamily } from '@shared/mermaid-reader/kind';
import { PREVIEW_COPY } from '../copy';
import { boundsOf } from './bounds';
import { HIGHLIGHT_CLASS } from './sourceLink';
import { menuPage, stalePage, type MenuEntry, type MenuPage } from './menuItems';
import { menuTargetAt, readDrawn, type DrawnText } from './menuTarget';
import { messageStep } from './messageStep';
import { sourceLines } from './sourceLines';

export const MENU_CLASS = 'drawing-menu';
/** How long a finger rests on an element before the menu opens. */
const LONG_PRESS_MS = 550;
/** A finger that moves further is panning, not pressing. */
const PRESS_SLOP_PX = 10;
const EDGE_PX = 8;

export interface DrawingMenuOptions {
  stage: HTMLElement;
  currentSvg: () => SVGSVGElement | null;
  edit(edit: DrawingEdit, lineText: string | null): void;
  editLabel(label: Element): void;
  colour(target: StyleTarget, x: number, y: number, done: () => void): void;
  /** Gives the keyboard back to the page around the frame (a pointer opened the menu). */
  returnFocus(): void;
  /** Puts the text editor's cursor on a line (the highlight follows it), keeping the keyboard. */
  selectLine(line: number): void;
  /** The message the drawing's walk has focused (walk.ts), which the keys act on. */
  focusedMessage(): { line: number; elements: Element[] } | null;
  /** A moved message keeps the walk's focus once drawn on `line`. */
  followMessage(line: number): void;
  /** Starts a comment on a line, when the parent takes comments now (null: it does not). */
  comment?: () => ((line: number) => void) | null;
}

export function installDrawingMenu(options: DrawingMenuOptions): { drawn(text: string): void } {
  const { stage, currentSvg } = options;
  let text = '';
  let drawn: DrawnText | null = null;
  let menu: HTMLElement | null = null;
  let opened: { byPointer: boolean; x: number; y: number } = { byPointer: true, x: 0, y: 0 };

  const drawnNow = () => {
    const svg = currentSvg();
    if (!svg || diagramFamily(text) !== 'sequence') return null;
    drawn ??= readDrawn(text, sourceLines(svg, text));
    return drawn;
  };

  /** What had the keyboard when the keyboard opened the menu (the drawing, or a walked item). */
  let openedFrom: HTMLElement = stage;
  const giveBack = () => {
    if (opened.byPointer) options.returnFocus();
    else (openedFrom.isConnected ? openedFrom : stage).focus({ preventScroll: true });
  };

  const close = (restore: boolean) => {
    const shown = menu;
    menu = null; // removing the focused menu fires focusout, which must not close again
    shown?.remove();
    if (shown && restore) giveBack();
  };

  const place = (element: HTMLElement) => {
    const { width, height } = element.getBoundingClientRect();
    const left = Math.max(EDGE_PX, Math.min(opened.x, window.innerWidth - width - EDGE_PX));
    const top = Math.max(EDGE_PX, Math.min(opened.y, window.innerHeight - height - EDGE_PX));
    element.style.left = `${left}px`;
    element.style.top = `${top}px`;
  };

  const show = (page: MenuPage, back: (() => void) | null) => {
    close(false);
    const element = document.createElement('div');
    element.className = MENU_CLASS;
    element.setAttribute('aria-label', page.title);
    const heading = document.createElement('div');
    heading.className = 'drawing-menu-title';
    heading.setAttribute('aria-hidden', 'true');
    heading.textContent = page.title;
    element.append(heading);
    const focusables = 'form' in page ? formInto(element, page, back) : itemsInto(element, page);
    element.addEventListener('keydown', (event) => {
      event.stopPropagation(); // the drawing's own keys (zoom, pan) stay out of the menu
      if (event.key === 'Escape' || (event.key === 'ArrowLeft' && back && !('form' in page))) {
        event.preventDefault();
        if (back) back();
        else close(true);
      } else if (event.key === 'Tab') close(false);
      else if (!('form' in page)) moveFocus(event, focusables);
    });
    element.addEventListener('focusout', (event) => {
      if (menu !== element) return;
      if (!(event.relatedTarget instanceof Node) || !element.contains(event.relatedTarget)) {
        close(false);
      }
    });
    document.body.append(element);
    place(element);
    menu = element;
    focusables.find((item) => !item.hasAttribute('aria-disabled'))?.focus();
    (focusables[0] as HTMLInputElement | undefined)?.select?.();
  };

  const itemsInto = (element: HTMLElement, page: Extract<MenuPage, { entries: unknown }>) => {
    element.setAttribute('role', 'menu');
    const items: HTMLElement[] = [];
    page.entries.forEach((entry: MenuEntry, index) => {
      if (entry === 'separator') {
        const line = document.createElement('div');
        line.setAttribute('role', 'separator');
        element.append(line);
        return;
      }
      const item = document.createElement('button');
      item.type = 'button';
      item.tabIndex = -1;
      item.setAttribute('role', entry.checked === undefined ? 'menuitem' : 'menuitemradio');
      if (entry.checked !== undefined) item.setAttribute('aria-checked', String(entry.checked));
      if (entry.danger) item.dataset.danger = 'true';
      if (entry.disabled) item.setAttribute('aria-disabled', 'true');
      item.textContent = entry.label;
      if (entry.page) {
        item.setAttribute('aria-haspopup', 'menu');
        item.dataset.more = 'true';
      }
      const activate = () => {
        if (entry.disabled) return;
        if (entry.page) {
          show(entry.page(), () => {
            show(page, null);
            menu?.querySelectorAll<HTMLElement>('[role^="menuitem"]')[index]?.focus();
          });
          return;
        }
        close(!entry.keepsFocus);
        entry.run?.();
      };
      item.addEventListener('click', activate);
      // The pointer moves the focus, so one item is marked at a time, as in native menus.
      item.addEventListener('pointermove', () => {
        if (document.activeElement !== item) item.focus({ preventScroll: true });
      });
      item.addEventListener('keydown', (event) => {
        if (event.key === 'ArrowRight' && entry.page) {
          event.preventDefault();
          activate();
        }
      });
      items.push(item);
      element.append(item);
    });
    return items;
  };

  const formInto = (
    element: HTMLElement,
    page: Extract<MenuPage, { form: unknown }>,
    back: (() => void) | null,
  ) => {
    element.setAttribute('role', 'dialog');
    // No <form>: the frame's sandbox does not allow submitting one, so Enter and the button do it.
    const form = document.createElement('div');
    form.className = 'drawing-menu-form';
    const label = document.createElement('label');
    label.textContent = page.form.label;
    const input = document.createElement('input');
    input.value = page.form.value;
    input.spellcheck = false;
    input.autocomplete = 'off';
    label.append(input);
    const submit = document.createElement('button');
    submit.type = 'button';
    submit.dataset.primary = 'true';
    submit.textContent = page.title;
    const cancel = document.createElement('button');
    cancel.type = 'button';
    cancel.textContent = PREVIEW_COPY.menu.cancel;
    cancel.addEventListener('click', () => (back ? back() : close(true)));
    const row = document.createElement('div');
    row.append(cancel, submit);
    form.append(label, row);
    const done = () => {
      const value = input.value.trim();
      close(true);
      if (value !== '' && value !== page.form.value) page.form.submit(value);
    };
    submit.addEventListener('click', done);
    input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && !event.isComposing) {
        event.preventDefault();
        done();
      }
    });
    element.append(form);
    return [input, cancel, submit];
  };

  const open = (hit: Element, x: number, y: number, byPointer: boolean): boolean => {
    const svg = currentSvg();
    const now = drawnNow();
    if (!svg || !now || !svg.contains(hit)) return false;
    const target = menuTargetAt(svg, hit, now);
    if (!target) return false;
    opened = { byPointer, x, y };
    const focused = document.activeElement;
    openedFrom =
      !byPointer && focused instanceof HTMLElement && stage.contains(focused) ? focused : stage;
    const page = menuPage(target, {
      edit: options.edit,
      editLabel: options.editLabel,
      colour: (style) => options.colour(style, opened.x, opened.y, giveBack),
      comment: options.comment?.() ?? null,
    });
    // A note where nothing can be done (no label drawn, no comments here) opens no menu.
    if ('entries' in page && page.entries.length === 0) return false;
    // While the text has an error the drawing is the last good one: gestures wait for a fix.
    show(stage.dataset.stale === 'true' ? stalePage(page.title) : page, null);
    return true;
  };

  stage.addEventListener('contextmenu', (event) => {
    if (event.target instanceof Element && open(event.target, event.clientX, event.clientY, true)) {
      event.preventDefault();
    }
  });

  /**
   * Keys on the message the walk has focused (walk.ts), else on the highlighted one while the
   * drawing has the keyboard: Alt+↑/↓ move it past
   * the statement above or below (into and out of blocks), Delete deletes it, Enter edits its
   * label. The cursor follows a moved message, so the keys can repeat.
   */
  window.addEventListener('keydown', (event) => {
    if (menu || stage.dataset.stale === 'true') return;
    const walked = options.focusedMessage();
    if (document.activeElement !== stage && !walked) return;
    const moving = event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown');
    const plain = !event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey;
    if (!moving && !(plain && (event.key === 'Delete' || event.key === 'Enter'))) return;
    const svg = currentSvg();
    const now = drawnNow();
    // The message the walk has focused, else the one drawn from the cursor's line.
    const element = walked
      ? (walked.elements[0] ?? null)
      : stage.querySelector(`.${HIGHLIGHT_CLASS}`);
    const target = svg && now && element ? menuTargetAt(svg, element, now) : null;
    if (target?.kind !== 'message') return;
    event.preventDefault();
    if (event.key === 'Enter') {
      if (target.label) options.editLabel(target.label);
      return;
    }
    if (event.key === 'Delete') {
      options.edit({ op: 'delete-message', line: target.line }, target.lineText);
      return;
    }
    const place = messageStep(now!.statements, target.line, event.key === 'ArrowUp');
    if (!place) return;
    if (walked) options.followMessage(place.lands);
    options.edit({ op: 'move-message', line: target.line, to: place.to }, target.lineText);
    options.selectLine(place.lands);
  });

  window.addEventListener('keydown', (event) => {
    if (menu || !(event.key === 'ContextMenu' || (event.shiftKey && event.key === 'F10'))) return;
    const focused = document.activeElement;
    const svg = currentSvg();
    const walked = options.focusedMessage()?.elements[0];
    const element =
      walked ??
      (svg && focused instanceof Element && focused !== svg && svg.contains(focused)
        ? focused
        : stage.querySelector(`.${HIGHLIGHT_CLASS}`));
    if (!element) return;
    const at = boundsOf([element]);
    if (open(element, at.left, at.bottom + 4, false)) event.preventDefault();
  });

  let press: { timer: number; x: number; y: number } | null = null;
  const cancelPress = () => {
    if (press) window.clearTimeout(press.timer);
    press = null;
  };
  stage.addEventListener('pointerdown', (event) => {
    cancelPress();
    if (event.pointerType !== 'touch' || !(event.target instanceof Element)) return;
    const hit = event.target;
    const { clientX: x, clientY: y } = event;
    press = { x, y, timer: window.setTimeout(() => open(hit, x, y, true), LONG_PRESS_MS) };
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
    if (menu && !(event.target instanceof Node && menu.contains(event.target))) close(false);
  });

  return {
    drawn(next) {
      text = next;
      drawn = null;
    },
  };
}

/** Arrow keys, Home and End move among a menu's items, round the ends. */
function moveFocus(event: KeyboardEvent, items: HTMLElement[]) {
  const at = items.indexOf(document.activeElement as HTMLElement);
  let next: number;
  if (event.key === 'ArrowDown') next = (at + 1) % items.length;
  else if (event.key === 'ArrowUp') next = (at - 1 + items.length) % items.length;
  else if (event.key === 'Home') next = 0;
  else if (event.key === 'End') next = items.length - 1;
  else return;
  event.preventDefault();
  items[next]?.focus();
}
