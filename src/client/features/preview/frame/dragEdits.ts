/**
 * Drawing by dragging (mouse and pen; one finger too once the toolbar's "Edit by drawing" is on,
 * else it pans): a drag that starts on a lifeline
 * and ends on another (or the same one) adds a message there, a drag of a message's arrow or
 * label moves it up or down, and a drag of a participant's header left or right reorders the
 * participants. While dragging, a ghost arrow snaps to lifelines and a drop line
 * shows where it lands, and the parent marks the text line it will change; the drop sends one
 * drawing edit to the parent. A drag that starts on
 * empty space still pans (gestures.ts leaves a press this module took alone).
 */
import type { DrawingEdit } from '@shared/mermaid-reader/drawing-edit';
import { DiagramText } from '@shared/mermaid-reader/drawing-edit-text';
import { diagramFamily } from '@shared/mermaid-reader/kind';
import { messageLines } from '@shared/mermaid-drawing/svg-parts';
import { styleTargetAt } from '@shared/mermaid-drawing/sequence-styling';
import type { OwnLabel } from './labelEditor';
import { PINNED_CLASS } from './pinnedHeaders';
import { sourceLines } from './sourceLines';

export const GHOST_CLASS = 'drag-ghost';
const DRAG_START_PX = 4;
/** How near a lifeline a press or a drop must be to count as on it. */
const LIFELINE_PX = 6;
const SNAP_PX = 28;
const SVG_NS = 'http://www.w3.org/2000/svg';

interface Lifeline {
  name: string;
  x: number;
  top: number;
  bottom: number;
}

/** A place between two drawn things, and the source line a new line goes before there. */
interface Slot {
  y: number;
  line: number;
}

function lifelines(svg: SVGSVGElement): Lifeline[] {
  return [...svg.querySelectorAll('line.actor-line[name]')].map((line) => {
    const box = line.getBoundingClientRect();
    return {
      name: line.getAttribute('name') ?? '',
      x: box.left + box.width / 2,
      top: box.top,
      bottom: box.bottom,
    };
  });
}

function nearest(all: Lifeline[], x: number, within: number): Lifeline | null {
  let best: Lifeline | null = null;
  for (const lifeline of all) {
    const off = Math.abs(lifeline.x - x);
    if (off <= within && (!best || off < Math.abs(best.x - x))) best = lifeline;
  }
  return best;
}

/**
 * Where new lines can go, top to bottom: before each message, before each block (above its top
 * edge) and before its `end` (above its bottom edge). `skip` leaves out a message being moved.
 */
function slots(svg: SVGSVGElement, source: string, skip: number | null): Slot[] {
  const text = new DiagramText(source);
  const messages = text.statements.filter((s) => s.kind === 'message');
  const out: Slot[] = [];
  messageLines(svg).forEach((line, index) => {
    const message = messages[index];
    if (!message || message.line === skip) return;
    const box = line.getBoundingClientRect();
    out.push({ y: box.top + box.height / 2, line: text.messageGroup(message.line - 1).first + 1 });
  });
  const lines = sourceLines(svg, source);
  const blocks = text.blocks();
  for (const title of svg.querySelectorAll('text.loopText')) {
    const opened = lines.lineOf(title);
    const block = blocks.find((b) => b.open + 1 === opened);
    const group = title.closest('g');
    if (!block || block.end === null || !group) continue;
    const box = group.getBoundingClientRect();
    out.push({ y: box.top, line: block.open + 1 }, { y: box.bottom, line: block.end + 1 });
  }
  return out.sort((a, b) => a.y - b.y);
}

/** The line a drop at `y` inserts before: the first slot below it, else after the last one. */
function dropLine(all: Slot[], y: number, source: string): number {
  const below = all.find((slot) => slot.y > y);
  if (below) return below.line;
  const statements = new DiagramText(source).statements;
  const last = statements.findLastIndex(
    (s) => s.kind === 'message' || s.kind === 'note' || s.kind === 'end',
  );
  return last >= 0 ? last + 2 : statements.length + 1;
}

/** How near an arrow's end a press must be to take that end rather than the whole message. */
const END_PX = 12;
/** How near a message's arrow (a line a pixel or two thick) a press takes the message. */
const GRAB_PX = 6;
/**
 * The same on a lifeline, where an arrow's ends sit: only on the arrow as drawn (its line and
 * head), since a press on a lifeline just above or below an arrow starts a new message there.
 */
const GRAB_ON_LIFELINE_PX = 0;

/**
 * The message whose arrow passes near a press (GRAB_PX, or GRAB_ON_LIFELINE_PX on a lifeline),
 * nearest first: an arrow is too thin to hit exactly, and its ends sit on lifelines, which would
 * otherwise take the press as the start of a new message.
 */
function messageNear(svg: SVGSVGElement, x: number, y: number): number | null {
  const onLifeline = nearest(lifelines(svg), x, LIFELINE_PX) !== null;
  const within = onLifeline ? GRAB_ON_LIFELINE_PX : GRAB_PX;
  let best: number | null = null;
  let bestOff = Infinity;
  messageLines(svg).forEach((line, index) => {
    const box = line.getBoundingClientRect();
    const off = Math.max(0, box.top - y, y - box.bottom);
    const along = x >= box.left - GRAB_PX && x <= box.right + GRAB_PX;
    if (along && off <= within && off < bestOff) [best, bestOff] = [index, off];
  });
  return best;
}

/**
 * The end of a message's arrow a press at `x` is on: the sender's ('from') or the receiver's
 * ('to'), told apart by which lifeline each end sits on; null in the middle or for a message
 * to itself.
 */
function endAt(
  line: Element,
  names: readonly { name: string }[],
  x: number,
): { end: 'from' | 'to'; fixed: { x: number; y: number } } | null {
  const box = line.getBoundingClientRect();
  if (names.length !== 2 || names[0]!.name === names[1]!.name || box.width < 3 * END_PX) {
    return null;
  }
  const svg = line.closest('svg');
  const senderLine = svg?.querySelector(`line.actor-line[name="${CSS.escape(names[0]!.name)}"]`);
  if (!senderLine) return null;
  const sender = senderLine.getBoundingClientRect().left;
  const middle = box.top + box.height / 2;
  const atLeft = x - box.left <= END_PX;
  const atRight = box.right - x <= END_PX;
  if (!atLeft && !atRight) return null;
  const senderIsLeft = Math.abs(sender - box.left) < Math.abs(sender - box.right);
  const end = atLeft === senderIsLeft ? 'from' : 'to';
  return { end, fixed: { x: atLeft ? box.right : box.left, y: middle } };
}

export interface DragEditsOptions {
  stage: HTMLElement;
  currentSvg: () => SVGSVGElement | null;
  edit(edit: DrawingEdit, lineText: string | null): void;
  /** Opens the label editor on a message just added, with what saving and Escape do. */
  editLabel(label: Element, own: OwnLabel): void;
  /**
   * The text line the drag under way will change (a new or moved line goes in before `line`),
   * the line a move takes away, or nulls once it ends.
   */
  target(line: number | null, moving: number | null): void;
}

export interface DragEdits {
  /** The drawing on screen is now of `text`. */
  drawn(text: string): void;
  /** One finger draws (true) or pans (false, the default). */
  setTouch(on: boolean): void;
}

type Drag =
  | { kind: 'add'; from: Lifeline; all: Lifeline[] }
  | { kind: 'reorder'; name: string; all: Lifeline[] }
  | {
      kind: 'reconnect';
      line: number;
      lineText: string;
      end: 'from' | 'to';
      /** Where the arrow's other end stays. */
      fixed: { x: number; y: number };
      all: Lifeline[];
    }
  | { kind: 'move'; line: number; lineText: string; elements: Element[] };

export function installDragEdits(options: DragEditsOptions): DragEdits {
  const { stage, currentSvg } = options;
  let text = '';
  let pending: { drag: Drag; x: number; y: number; id: number } | null = null;
  let active: { drag: Drag; slots: Slot[] } | null = null;
  let touch = false;
  /** The lines last told to the parent, so a move that changes neither says nothing. */
  let told: { line: number | null; moving: number | null } = { line: null, moving: null };
  const tell = (line: number | null, moving: number | null) => {
    if (told.line === line && told.moving === moving) return;
    told = { line, moving };
    options.target(line, moving);
  };
  /** A message just added, whose label the next drawing opens for typing. */
  let added: { index: number; line: number; from: string; to: string } | null = null;

  const ghost = document.createElementNS(SVG_NS, 'svg');
  ghost.classList.add(GHOST_CLASS);
  ghost.setAttribute('aria-hidden', 'true');
  const node = <K extends keyof SVGElementTagNameMap>(
    tag: K,
    attributes: Record<string, string>,
  ) => {
    const element = document.createElementNS(SVG_NS, tag);
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    return element;
  };
  const marker = node('marker', {
    id: 'drag-head',
    viewBox: '0 0 10 10',
    refX: '9',
    refY: '5',
    markerWidth: '7',
    markerHeight: '7',
    orient: 'auto-start-reverse',
  });
  marker.append(node('path', { d: 'M0,0 L10,5 L0,10 z' }));
  const defs = node('defs', {});
  defs.append(marker);
  const dropMark = node('line', { class: 'drop-line' });
  const arrow = node('line', { class: 'ghost-arrow', 'marker-end': 'url(#drag-head)' });
  const snap = node('circle', { class: 'snap', r: '5' });
  ghost.append(defs, dropMark, arrow, snap);

  const set = (element: Element, values: Record<string, number | string>) => {
    for (const [name, value] of Object.entries(values)) element.setAttribute(name, String(value));
  };

  const startAt = (event: PointerEvent): Drag | null => {
    const svg = currentSvg();
    const hit = event.target;
    if (!svg || !(hit instanceof Element) || !svg.contains(hit) || hit.closest(`.${PINNED_CLASS}`))
      return null;
    if (stage.dataset.stale === 'true' || diagramFamily(text) !== 'sequence') return null;
    const styled = styleTargetAt(svg, hit);
    const onHeader =
      styled?.kind === 'participant' && !!hit.closest('.actor-top, g:has(> .actor-top)');
    const index =
      styled?.kind === 'message'
        ? styled.index
        : onHeader
          ? null
          : messageNear(svg, event.clientX, event.clientY);
    if (index !== null) {
      const statements = new DiagramText(text).statements;
      const message = statements.filter((s) => s.kind === 'message')[index];
      if (!message) return null;
      const line = messageLines(svg)[index];
      const label = line?.previousElementSibling;
      const elements = [line, label?.matches('text.messageText') ? label : null].filter(
        (e): e is Element => !!e,
      );
      const lineText = text.slice(message.from, message.to);
      const reconnect = line && endAt(line, message.names, event.clientX);
      if (reconnect) {
        return {
          kind: 'reconnect',
          line: message.line,
          lineText,
          ...reconnect,
          all: lifelines(svg),
        };
      }
      return { kind: 'move', line: message.line, lineText, elements };
    }
    const all = lifelines(svg);
    if (onHeader && styled?.kind === 'participant') {
      return { kind: 'reorder', name: styled.name, all };
    }
    const from = nearest(all, event.clientX, LIFELINE_PX);
    if (!from || event.clientY < from.top || event.clientY > from.bottom) return null;
    return { kind: 'add', from, all };
  };

  const update = (x: number, y: number) => {
    if (!active) return;
    const { width, height } = stage.getBoundingClientRect();
    if (active.drag.kind === 'reconnect') {
      const { fixed, all } = active.drag;
      const to = nearest(all, x, SNAP_PX);
      const endX = to ? to.x : x;
      set(dropMark, { x1: 0, x2: 0, y1: 0, y2: 0 });
      set(arrow, { x1: fixed.x, y1: fixed.y, x2: endX, y2: fixed.y });
      set(snap, { cx: endX, cy: fixed.y, opacity: to ? 1 : 0 });
      return;
    }
    if (active.drag.kind === 'reorder') {
      // A vertical line where the header lands, between the lifelines it falls between.
      set(dropMark, { x1: x, x2: x, y1: 0, y2: height });
      set(arrow, { x1: 0, y1: 0, x2: 0, y2: 0 });
      set(snap, { opacity: 0 });
      return;
    }
    set(dropMark, { x1: 0, x2: width, y1: y, y2: y });
    const { drag } = active;
    tell(dropLine(active.slots, y, text), drag.kind === 'move' ? drag.line : null);
    if (active.drag.kind === 'add') {
      const { from, all } = active.drag;
      const to = nearest(all, x, SNAP_PX);
      const endX = to ? to.x : x;
      const self = to?.name === from.name;
      set(arrow, { x1: from.x, y1: y, x2: self ? from.x + 40 : endX, y2: self ? y + 14 : y });
      set(snap, { cx: endX, cy: y, opacity: to ? 1 : 0 });
    } else {
      set(arrow, { x1: 0, y1: 0, x2: 0, y2: 0 });
      set(snap, { opacity: 0 });
    }
  };

  const finish = (x: number, y: number, drop: boolean) => {
    const done = active;
    active = null;
    pending = null;
    ghost.remove();
    stage.classList.remove('drawing-drag');
    tell(null, null);
    if (done?.drag.kind === 'move') {
      for (const element of done.drag.elements) element.classList.remove('drag-source');
    }
    if (!done || !drop) return;
    if (done.drag.kind === 'reconnect') {
      const { line, lineText, end, all } = done.drag;
      const to = nearest(all, x, SNAP_PX);
      if (to) options.edit({ op: 'reconnect', line, end, participant: to.name }, lineText);
      return;
    }
    if (done.drag.kind === 'reorder') {
      const { name, all } = done.drag;
      const order = [...all].sort((a, b) => a.x - b.x);
      const before = order.find((lifeline) => lifeline.name !== name && lifeline.x > x);
      const next = order[order.findIndex((lifeline) => lifeline.name === name) + 1];
      if (before?.name === next?.name) return; // dropped where it was: nothing to say
      options.edit({ op: 'reorder-participant', name, before: before?.name ?? null }, null);
      return;
    }
    const at = dropLine(done.slots, y, text);
    if (done.drag.kind === 'add') {
      const to = nearest(done.drag.all, x, SNAP_PX);
      if (!to) return; // dropped beside every lifeline: nothing to connect
      const from = done.drag.from.name;
      const source = new DiagramText(text);
      const line = Math.min(at - 1, source.endIndex) + 1;
      const index = source.statements.filter((s) => s.kind === 'message' && s.line < line).length;
      added = { index, line, from, to: to.name };
      options.edit({ op: 'insert-message', at, from, to: to.name }, null);
    } else {
      options.edit({ op: 'move-message', line: done.drag.line, to: at }, done.drag.lineText);
    }
  };

  // Capture: decided before the pan hears the press; a press taken here is marked handled.
  stage.addEventListener(
    'pointerdown',
    (event) => {
      if ((event.pointerType === 'touch' && !touch) || event.button !== 0 || event.detail > 1) {
        return;
      }
      const drag = startAt(event);
      if (!drag) return;
      event.preventDefault();
      pending = { drag, x: event.clientX, y: event.clientY, id: event.pointerId };
    },
    true,
  );
  stage.addEventListener('pointermove', (event) => {
    if (!pending || event.pointerId !== pending.id) return;
    if (!active) {
      if (Math.hypot(event.clientX - pending.x, event.clientY - pending.y) < DRAG_START_PX) return;
      const svg = currentSvg();
      if (!svg) return;
      const skip = pending.drag.kind === 'move' ? pending.drag.line : null;
      active = { drag: pending.drag, slots: slots(svg, text, skip) };
      stage.setPointerCapture(event.pointerId);
      stage.classList.add('drawing-drag');
      stage.append(ghost);
      if (pending.drag.kind === 'move') {
        for (const element of pending.drag.elements) element.classList.add('drag-source');
      }
    }
    update(event.clientX, event.clientY);
  });
  stage.addEventListener('pointerup', (event) => {
    if (pending && event.pointerId === pending.id) finish(event.clientX, event.clientY, true);
  });
  stage.addEventListener('pointercancel', () => finish(0, 0, false));
  window.addEventListener('keydown', (event) => {
    if (active && event.key === 'Escape') {
      event.preventDefault();
      finish(0, 0, false);
    }
  });

  return {
    setTouch(on) {
      touch = on;
    },
    drawn(next) {
      text = next;
      const svg = currentSvg();
      const waiting = added;
      added = null;
      const message = waiting && new DiagramText(next).statements[waiting.line - 1];
      if (!svg || !waiting || message?.kind !== 'message') return;
      if (message.names.map((n) => n.name).join('>') !== `${waiting.from}>${waiting.to}`) return;
      const label = svg.querySelectorAll('text.messageText')[waiting.index];
      const { line } = waiting;
      if (label) {
        options.editLabel(label, {
          save: (name) => options.edit({ op: 'message-label', line, text: name }, null),
          cancel: () => options.edit({ op: 'delete-message', line }, null),
        });
      }
    },
  };
}
